/**
 * The domain events the knowledge feature publishes on the outbox (platform/outbox.ts), each in the
 * transaction that stores the file's row. Key: the file's id.
 */

/** A file was uploaded: its text is to be read into chunks. */
export const FILE_UPLOADED = 'file.uploaded';
/** A ready file was copied into another shop: its chunks are to be copied (or read from its bytes). */
export const FILE_COPIED = 'file.copied';

export interface FileUploadedPayload {
  fileId: string;
}
export interface FileCopiedPayload {
  fileId: string;
  fromFileId: string;
}

/** The event that has an uploaded file read, published with its row. */
export const fileUploaded = (fileId: string) => ({
  kind: FILE_UPLOADED,
  key: fileId,
  payload: { fileId } satisfies FileUploadedPayload,
});

/** The event that has a copied file's chunks copied, published with its row. */
export const fileCopied = (fileId: string, fromFileId: string) => ({
  kind: FILE_COPIED,
  key: fileId,
  payload: { fileId, fromFileId } satisfies FileCopiedPayload,
});

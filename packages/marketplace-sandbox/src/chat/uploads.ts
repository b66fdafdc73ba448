import { randomBytes } from 'node:crypto';
import type { SandboxState } from '../sandbox-state.ts';

/** A file part of a multipart/form-data body. */
export interface FilePart {
  name: string;
  fileName: string;
  contentType: string;
  data: Buffer;
}

/**
 * The parts of a multipart/form-data body (RFC 7578), enough for the sandbox's upload calls: the
 * file parts with their bytes, the text parts as strings. Null when the body is not multipart.
 */
export function parseMultipart(
  body: Buffer,
  contentType: string,
): { files: FilePart[]; fields: Record<string, string> } | null {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const files: FilePart[] = [];
  const fields: Record<string, string> = {};
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    // Each part: CRLF, headers, CRLF CRLF, content, CRLF before the next delimiter.
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split >= 0) {
      const head = part.subarray(0, split).toString('utf8');
      const data = part.subarray(split + 4);
      const name = /name="([^"]*)"/i.exec(head)?.[1] ?? '';
      const fileName = /filename="([^"]*)"/i.exec(head)?.[1];
      const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim() ?? 'application/octet-stream';
      if (fileName !== undefined) files.push({ name, fileName, contentType: type, data: Buffer.from(data) });
      else fields[name] = data.toString('utf8');
    }
    at = next;
  }
  return { files, fields };
}

/** The picture types a marketplace's chat upload takes, told by their first bytes. */
export function pictureType(data: Buffer): 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (/^GIF8[79]a/.test(data.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

interface Upload {
  data: Buffer;
  type: string;
}

/** Uploaded chat pictures, kept in memory (the newest 200): the sandbox's stand-in for a CDN. */
const uploads = new WeakMap<SandboxState, Map<string, Upload>>();
const KEEP = 200;

export function keepUpload(state: SandboxState, upload: Upload): string {
  let files = uploads.get(state);
  if (!files) {
    files = new Map();
    uploads.set(state, files);
  }
  const id = randomBytes(12).toString('hex');
  files.set(id, upload);
  if (files.size > KEEP) files.delete(files.keys().next().value!);
  return id;
}

export const uploadOf = (state: SandboxState, id: string) => uploads.get(state)?.get(id);

import { type ComposedMessage, composerWords, type Shop } from '@balas/contracts';
import { Alert, Box, Button, DialogActions, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { uploadChatImage } from '../../api/messages.ts';
import { ComposerDialog } from './composer-dialog.tsx';
import { imageProblem } from './image-problem.ts';

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * A picture chosen from disk or pasted, shown before it goes: what is wrong with it (type, size)
 * before anything is uploaded; Send uploads it and sends it as the platform's image message.
 */
export function ImageDialog({
  shop,
  file,
  onClose,
  onSend,
}: {
  shop: Shop;
  file: File;
  onClose: () => void;
  onSend: (message: ComposedMessage) => void;
}) {
  const problem = imageProblem(shop, file);
  const preview = useMemo(() => (problem ? null : URL.createObjectURL(file)), [file, problem]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    setUploading(true);
    setError(null);
    try {
      const image = await uploadChatImage(shop, file);
      onSend({ type: 'image', content: { imageId: image.imageId } });
      onClose();
    } catch (e) {
      setError((e as Error).message);
      setUploading(false);
    }
  };

  return (
    <ComposerDialog
      title={composerWords.imageTitle}
      onClose={onClose}
      actions={
        <DialogActions>
          <Button onClick={onClose}>{composerWords.cancel}</Button>
          <Button variant="contained" disabled={!!problem || uploading} onClick={() => void send()}>
            {uploading ? composerWords.uploading : composerWords.send}
          </Button>
        </DialogActions>
      }
    >
      <Box sx={{ p: 2, display: 'grid', gap: 1.5, justifyItems: 'center' }}>
        {problem ? (
          <Alert severity="error" sx={{ width: '100%' }}>
            {problem}
          </Alert>
        ) : (
          <Box
            component="img"
            src={preview ?? undefined}
            alt={composerWords.imagePreviewAlt}
            sx={{
              maxWidth: '100%',
              maxHeight: '55vh',
              objectFit: 'contain',
              borderRadius: 2,
              bgcolor: 'action.hover',
            }}
          />
        )}
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ wordBreak: 'break-all', textAlign: 'center' }}
        >
          {file.name || composerWords.imagePreviewAlt} · {size(file.size)} ·{' '}
          {composerWords.imageHint(shop.providerName)}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ width: '100%' }}>
            {error}
          </Alert>
        )}
      </Box>
    </ComposerDialog>
  );
}

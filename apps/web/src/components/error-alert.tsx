import { Alert } from '@mui/material';

/** A server message above a form; the merchant can dismiss it. Renders nothing without a message. */
export function ErrorAlert({ message, onClose }: { message: string | null; onClose?: () => void }) {
  if (!message) return null;
  return (
    <Alert severity="error" onClose={onClose}>
      {message}
    </Alert>
  );
}

import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';

// The dialog (its form) is loaded when a merchant first opens it.
const ApprovedAnswerDialog = lazy(() =>
  import('./approved-answer-dialog.tsx').then((m) => ({ default: m.ApprovedAnswerDialog })),
);

/** "Correct this" under a bot reply: opens the dialog with the shopper's question and the reply. */
export function CorrectThisButton({
  shopId,
  question,
  reply,
  size = 'small',
}: {
  shopId: string;
  question: string;
  reply: string;
  size?: 'small' | 'medium';
}) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <>
      <Button size={size} onClick={() => setOpen(true)} disabled={saved}>
        {saved ? 'Answer approved' : 'Correct this'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ApprovedAnswerDialog
            shopId={shopId}
            draft={{ questions: [question], wrongReply: reply }}
            onClose={() => setOpen(false)}
            onSaved={() => setSaved(true)}
          />
        </Suspense>
      )}
    </>
  );
}

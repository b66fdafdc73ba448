import { Button } from '@mui/material';
import { Suspense, useState } from 'react';
import { ApprovedAnswerDialog } from './lazy-approved-answer-dialog.ts';

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

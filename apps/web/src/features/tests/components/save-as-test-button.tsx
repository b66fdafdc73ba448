import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';

// The dialog (its form controls and the tests' API) is loaded when first opened: the pages showing
// this button (Insights' knowledge gaps, the simulator) do not need it for their first screen.
const TestQuestionDialog = lazy(() =>
  import('./test-question-dialog.tsx').then((m) => ({ default: m.TestQuestionDialog })),
);

/** "Save as test" under a simulator reply: the question, kept with what its answer must say. */
export function SaveAsTestButton({
  shopId,
  question,
  handedOver,
  origin = 'simulator',
}: {
  shopId: string;
  question: string;
  handedOver: boolean;
  origin?: 'simulator' | 'gap';
}) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} disabled={saved}>
        {saved ? 'Saved as test' : 'Save as test'}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <TestQuestionDialog
            shopId={shopId}
            draft={{ question, expect: handedOver ? 'handover' : 'answer', origin }}
            onClose={() => setOpen(false)}
            onSaved={() => setSaved(true)}
          />
        </Suspense>
      )}
    </>
  );
}

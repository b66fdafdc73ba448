import { lazy } from 'react';

/** The approved-answer dialog ("Correct this"), its form loaded when a merchant first opens it. */
export const ApprovedAnswerDialog = lazy(() =>
  import('./approved-answer-dialog.tsx').then((m) => ({ default: m.ApprovedAnswerDialog })),
);

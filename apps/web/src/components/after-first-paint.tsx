import { type ReactNode, startTransition, useEffect, useState } from 'react';

/**
 * Renders its children once the page around it has painted, in a transition React can interrupt: for
 * parts below the fold that would otherwise lengthen the first long task (issue 14: blocking time).
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => startTransition(() => setShown(true)));
    return () => cancelAnimationFrame(frame);
  }, []);
  return shown ? children : null;
}

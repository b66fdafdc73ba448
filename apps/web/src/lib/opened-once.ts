import { useState } from 'react';

/**
 * True once `open` has been true: a lazy dialog is mounted (and its code loaded) when first opened,
 * then stays mounted so it can animate closed.
 */
export function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

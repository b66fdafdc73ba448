import { breakpoints } from '@balas/contracts';
import { useSyncExternalStore } from 'react';

/** The query of a width from the theme's breakpoint up (MUI's `breakpoints.up`). */
export const widthFrom = (breakpoint: keyof typeof breakpoints) =>
  `(min-width: ${breakpoints[breakpoint]}px)`;

/**
 * Whether a media query matches, kept current as it changes; false where there is no window (a
 * frame rendered at build time is the phone's).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchMedia(query).matches,
    () => false,
  );
}

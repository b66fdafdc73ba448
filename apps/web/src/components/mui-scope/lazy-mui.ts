import { type ComponentType, lazy } from 'react';

/** MUI's theme, loaded with the first part drawn with MUI. */
export const loadMuiScope = () => import('./mui-scope.tsx');

/**
 * A component drawn with MUI, loaded the first time it is shown, with the theme around it (a page,
 * or a dialog of a screen drawn from static CSS); features keep named exports.
 */
export function lazyMui<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [Component, { inMuiScope }] = await Promise.all([load(), loadMuiScope()]);
    return { default: inMuiScope(Component) };
  });
}

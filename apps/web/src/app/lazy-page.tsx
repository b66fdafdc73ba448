import type { ComponentType } from 'react';
import { lazyMui } from '../components/mui-scope/lazy-mui.ts';

/** A page loaded with its own bundle the first time it is shown, in MUI's theme; features keep named exports. */
export const lazyPage = <P extends object>(load: () => Promise<ComponentType<P>>) => lazyMui(load);

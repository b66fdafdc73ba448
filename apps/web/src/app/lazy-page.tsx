import { type ComponentType, lazy } from 'react';

/** A page loaded with its own bundle the first time it is shown; features keep named exports. */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

import type { Plugin } from 'esbuild';

/** The esbuild plugin that leaves node_modules packages to Node, resolved from `distDir`. */
export function externalDependencies(distDir: string): Plugin;

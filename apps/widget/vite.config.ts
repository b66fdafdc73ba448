import { defineConfig } from 'vite';

// The chat panel: a tiny Preact app served from our origin at /widget/ and shown in an iframe.
export default defineConfig({
  root: __dirname,
  base: '/widget/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: { outDir: 'dist/widget', emptyOutDir: true, target: 'es2020', modulePreload: false },
});

import { defineConfig } from 'vite';

// The loader: one small script a merchant puts on any page (`/widget.js`).
export default defineConfig({
  root: __dirname,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    target: 'es2019',
    lib: { entry: 'src/loader.ts', name: 'BalasWidget', formats: ['iife'], fileName: () => 'widget.js' },
  },
});

// Runs a TypeScript worker entry from the sources (tests, `npm run dev`) through tsx: its file URL is
// the first argument. The built server runs the entries build.mjs bundled into dist/ instead.
import { register } from 'tsx/esm/api';

register();
await import(process.argv[2]);

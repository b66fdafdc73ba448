import { setFlagsFromString } from 'node:v8';

/**
 * Turns off V8's allocation-site pretenuring for this process. Once most objects from one place in
 * the code outlive a young collection, V8 allocates that place's objects straight in the old
 * generation. A burst of rows held across awaits (the Insights rollup catching up after a big first
 * sync) does that to the database driver's row objects; afterwards every request's short-lived
 * rows went to the old generation and kept young ones alive. Measured on the inbox bench, that
 * made a server 10-30% slower per request until restarted (docs/OPERATIONS.md).
 */
export function tuneHeap() {
  setFlagsFromString('--no-allocation-site-pretenuring');
}

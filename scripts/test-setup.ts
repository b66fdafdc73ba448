import { afterEach, vi } from 'vitest';

// A stray console.error is a bug the test did not notice: fail the test that caused it.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length > 0) {
    vi.restoreAllMocks();
    throw new Error(`console.error was called: ${seen.map((a) => a.map(String).join(' ')).join('\n')}`);
  }
});

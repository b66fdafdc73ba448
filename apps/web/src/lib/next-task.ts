interface YieldingScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a later task of the event loop, so work split by it never holds the main thread for
 * long: the browser can paint and answer input in between. Chrome's `scheduler.yield()` resumes ahead
 * of other queued work; elsewhere a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Work a process starts after it has answered the caller that needed it (a shop's index written
 * out after the answer that built it, decision 0032). Closing the process waits for it, up to a
 * bound, before the database goes: work dropped there is not lost data, but it costs the next
 * process what it was saving.
 */
export interface BackgroundWork {
  /** Held until it settles. The work handles (logs) its own failure. */
  track(work: Promise<unknown>): void;
  /** Settles once the work under way has, or after `timeoutMs`; how many were still running then. */
  drain(timeoutMs: number): Promise<number>;
}

export function createBackgroundWork(): BackgroundWork {
  const running = new Set<Promise<unknown>>();
  return {
    track(work) {
      const held = work.then(
        () => undefined,
        () => undefined,
      );
      running.add(held);
      void held.finally(() => running.delete(held));
    },
    async drain(timeoutMs) {
      if (running.size === 0) return 0;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
      });
      await Promise.race([Promise.all([...running]), timedOut]);
      clearTimeout(timer);
      return running.size;
    },
  };
}

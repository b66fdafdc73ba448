// Loaded into the product's process by a benchmark (`node --import`): on SIGUSR2 it writes the event
// loop's delay since the previous signal (monitorEventLoopDelay) as one line on stdout, then resets.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('SIGUSR2', () => {
    const figures = { maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 };
    process.stdout.write(`event-loop-delay ${JSON.stringify(figures)}\n`);
    delay.reset();
  });
}

import { setTimeout as sleep } from 'node:timers/promises';
import { websiteImportLimits as bounds } from '@balas/contracts';

/**
 * How an import paces its requests to one site: `concurrency` at a time; when robots.txt asks for a
 * Crawl-delay, one at a time with that many seconds between the starts of two requests (as asked:
 * pages the import's deadline then cuts off are reported as not fetched, and keep their knowledge).
 */
export function createPace(crawlDelay: number | undefined, signal: AbortSignal) {
  const delayMs = crawlDelay ? crawlDelay * 1000 : 0;
  // The sitemap (or page) was just fetched: the first page waits its turn too.
  let nextAt = performance.now() + delayMs;
  return {
    lanes: delayMs > 0 ? 1 : bounds.concurrency,
    async turn() {
      if (delayMs === 0) return;
      const wait = nextAt - performance.now();
      nextAt = Math.max(nextAt, performance.now()) + delayMs;
      if (wait > 0) await sleep(wait, undefined, { signal }).catch(() => {});
    },
  };
}

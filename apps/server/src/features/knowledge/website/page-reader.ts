import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../../platform/threads.ts';
import type { PageText } from './html-text.ts';

/** A page taking longer than this to read is given up (and its thread stopped). */
const READ_TIMEOUT_MS = 10_000;
const HEAP_MB = 128;

export class PageReadError extends Error {}

/**
 * The text of HTML pages, read in a thread of its own: a 2 MB page takes tens of milliseconds of
 * CPU (hundreds on a busy machine), which would hold every request. One thread per import, started
 * on the first page and stopped by `close`; pages are read one at a time.
 */
export function createPageReader() {
  let worker: Worker | null = null;
  let next = 0;
  let queue: Promise<unknown> = Promise.resolve();

  function thread(): Worker {
    if (!worker) {
      worker = startWorker('features/knowledge/website/html-text.worker.ts', {
        resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 },
      });
      worker.unref();
      const started = worker;
      started.once('exit', () => {
        if (worker === started) worker = null;
      });
    }
    return worker;
  }

  function readOne(html: string, maxChars: number): Promise<PageText> {
    const id = next++;
    const current = thread();
    return new Promise<PageText>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        current.off('message', answered).off('error', failed).off('exit', exited);
      };
      const answered = (answer: { id: number; page?: PageText; error?: string }) => {
        if (answer.id !== id) return;
        done();
        if (answer.page) resolve(answer.page);
        else reject(new PageReadError(answer.error ?? 'unreadable'));
      };
      const failed = (error: Error) => {
        done();
        reject(new PageReadError(error.message));
      };
      const exited = () => {
        done();
        reject(new PageReadError('the reading thread stopped'));
      };
      const timer = setTimeout(() => {
        done();
        void current.terminate();
        reject(new PageReadError('reading took too long'));
      }, READ_TIMEOUT_MS);
      current.on('message', answered).once('error', failed).once('exit', exited);
      current.postMessage({ id, html, maxChars });
    });
  }

  return {
    read(html: string, maxChars: number): Promise<PageText> {
      const result = queue.then(() => readOne(html, maxChars));
      queue = result.catch(() => {});
      return result;
    },
    async close() {
      const current = worker;
      worker = null;
      await current?.terminate();
    },
  };
}

export type PageReader = ReturnType<typeof createPageReader>;

import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../../platform/threads.ts';
import type { PageText } from './html-text.ts';
import type { PageFile, PageTask } from './page-file.ts';

/** A page taking longer than this to read is given up (and its thread stopped). */
const READ_TIMEOUT_MS = 10_000;
/** A reading thread that has not loaded by then is given up (our own start-up, not the page's cost). */
const START_TIMEOUT_MS = 60_000;
const HEAP_MB = 128;

export class PageReadError extends Error {}

/**
 * The text of HTML pages, read in a thread of its own: a 2 MB page takes tens of milliseconds of
 * CPU (hundreds on a busy machine), which would hold every request. One thread per import, started
 * on the first page and stopped by `close`; pages are read one at a time. It also chunks the knowledge
 * file each page becomes (page-file.ts), so a page needs no file-extraction thread of its own.
 */
export function createPageReader() {
  let worker: { thread: Worker; loaded: Promise<void> } | null = null;
  let next = 0;
  let queue: Promise<unknown> = Promise.resolve();

  /** The reading thread, once it has loaded (its first message). */
  function thread(): Promise<Worker> {
    if (!worker) {
      const started = startWorker('features/knowledge/website/html-text.worker.ts', {
        resourceLimits: { maxOldGenerationSizeMb: HEAP_MB, maxYoungGenerationSizeMb: 32 },
      });
      started.unref();
      const loaded = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          void started.terminate();
          reject(new PageReadError('the reading thread did not start'));
        }, START_TIMEOUT_MS);
        started.once('message', () => {
          clearTimeout(timer);
          resolve();
        });
        started.once('exit', () => {
          clearTimeout(timer);
          reject(new PageReadError('the reading thread stopped'));
        });
      });
      loaded.catch(() => {});
      worker = { thread: started, loaded };
      started.once('exit', () => {
        if (worker?.thread === started) worker = null;
      });
    }
    const { thread: current, loaded } = worker;
    return loaded.then(() => current);
  }

  async function readOne<T>(task: { html: string; maxChars: number } | { page: PageTask }): Promise<T> {
    const id = next++;
    const current = await thread();
    return new Promise<T>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        current.off('message', answered).off('error', failed).off('exit', exited);
      };
      const answered = (answer: { id: number; page?: T; error?: string }) => {
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
      current.postMessage({ id, ...task });
    });
  }

  function inTurn<T>(task: { html: string; maxChars: number } | { page: PageTask }): Promise<T> {
    const result = queue.then(() => readOne<T>(task));
    queue = result.catch(() => {});
    return result;
  }

  return {
    /** The text of an HTML page. */
    read: (html: string, maxChars: number) => inTurn<PageText>({ html, maxChars }),
    /** A fetched page's text and the knowledge file it becomes, chunked (page-file.ts). */
    readFile: (page: PageTask) => inTurn<PageFile>({ page }),
    async close() {
      const current = worker;
      worker = null;
      await current?.thread.terminate();
    },
  };
}

export type PageReader = ReturnType<typeof createPageReader>;

// Reads the text of fetched pages off the event loop (page-reader.ts gives it one page at a time),
// and chunks the knowledge file each page becomes.
import { parentPort } from 'node:worker_threads';
import { htmlToText } from './html-text.ts';
import { type PageTask, readPageFile } from './page-file.ts';

type Task = { id: number } & ({ html: string; maxChars: number } | { page: PageTask });

parentPort?.on('message', (task: Task) => {
  try {
    parentPort?.postMessage({
      id: task.id,
      page: 'page' in task ? readPageFile(task.page) : htmlToText(task.html, task.maxChars),
    });
  } catch (error) {
    parentPort?.postMessage({ id: task.id, error: (error as Error).message });
  }
});

// Loaded: readings are timed from here, not from the thread's start (seconds on a busy machine).
parentPort?.postMessage({ ready: true });

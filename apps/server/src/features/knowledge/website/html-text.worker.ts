// Reads the text of fetched pages off the event loop (page-reader.ts gives it one page at a time).
import { parentPort } from 'node:worker_threads';
import { htmlToText } from './html-text.ts';

parentPort?.on('message', (task: { id: number; html: string; maxChars: number }) => {
  try {
    parentPort?.postMessage({ id: task.id, page: htmlToText(task.html, task.maxChars) });
  } catch (error) {
    parentPort?.postMessage({ id: task.id, error: (error as Error).message });
  }
});

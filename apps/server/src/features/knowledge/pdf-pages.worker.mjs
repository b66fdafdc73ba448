// Reads the text of one share of a PDF's pages in a worker thread, so a long PDF is read on every
// core. Plain JavaScript: worker threads load it without the TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads';
import { getDocumentProxy } from 'unpdf';

const { data, index, count, options } = workerData;
let pdf;
try {
  pdf = await getDocumentProxy(data, options);
} catch (error) {
  parentPort.postMessage({ error: error?.name === 'PasswordException' ? 'password' : 'damaged' });
}
if (pdf) {
  try {
    const size = Math.ceil(pdf.numPages / count);
    const from = index * size + 1;
    const to = Math.min(pdf.numPages, from + size - 1);
    const texts = [];
    for (let n = from; n <= to; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent({ includeMarkedContent: false });
      texts.push(
        content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
      );
      page.cleanup();
    }
    parentPort.postMessage({ texts });
  } catch {
    parentPort.postMessage({ error: 'damaged' });
  } finally {
    await pdf.destroy();
  }
}

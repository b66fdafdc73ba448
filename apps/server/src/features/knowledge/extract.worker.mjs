// Reads the text of one knowledge file (or one share of a long PDF's pages) in a thread of its own,
// started for this file by the ingestion thread (ingest.worker.ts) and stopped once it answered;
// extract.ts bounds its time and memory. Plain JavaScript: from the sources it starts without the
// TypeScript loader. Answers { texts } or { failure } with a code that extract.ts turns into the
// merchant's message.
import { constants, setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import { openDocx } from './docx-archive.mjs';
import { checkPdf } from './pdf-precheck.mjs';

// Below the event loop's priority (as threads.ts lowerThreadPriority: on Linux a nice value is the thread's own).
if (process.platform === 'linux') {
  try {
    setPriority(0, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {}
}

class Failure extends Error {
  constructor(code) {
    super(code);
    this.code = code;
  }
}

const clean = (text) =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/** The text of one page, read as a stream so a page of millions of operators stops at the limit. */
async function pageText(page, budget) {
  const reader = page.streamTextContent({ includeMarkedContent: false }).getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text;
    for (const item of value.items) if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
    // Not awaiting the cancel: the reader may never confirm it, and the worker ends with its answer.
    if (text.length > budget) {
      void reader.cancel().catch(() => {});
      throw new Failure('tooMuchText');
    }
  }
}

async function readPdf({ data, share, options, limits }) {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  await checkPdf(bytes, limits, (code) => new Failure(code));
  let pdf;
  try {
    pdf = await getDocumentProxy(data, options);
  } catch (error) {
    throw new Failure(error?.name === 'PasswordException' ? 'pdfPassword' : 'pdfDamaged');
  }
  // No clean-up of the document: the worker is stopped once it has answered.
  if (pdf.numPages > limits.maxPages) throw new Failure('tooManyPages');
  const size = Math.ceil(pdf.numPages / share.count);
  const from = share.index * size + 1;
  const to = Math.min(pdf.numPages, from + size - 1);
  const texts = [];
  let budget = limits.maxTextChars;
  for (let n = from; n <= to; n++) {
    const page = await pdf.getPage(n);
    const text = clean(await pageText(page, budget));
    page.cleanup();
    budget -= text.length;
    texts.push(text);
  }
  return texts;
}

async function readDocx({ data, limits }) {
  const file = openDocx(data, limits, (code) => new Failure(code));
  let value;
  try {
    ({ value } = await mammoth.extractRawText({ file }));
  } catch (error) {
    throw error instanceof Failure ? error : new Failure('docxDamaged');
  }
  return [clean(value)];
}

function readText({ data, kind }) {
  const source = Buffer.from(data.buffer, data.byteOffset, data.byteLength)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (kind === 'json') {
    try {
      JSON.parse(source);
    } catch {
      throw new Failure('jsonInvalid');
    }
  }
  // CSV and JSON stay as they are (only line ends and trailing blanks change): the chunker reads them.
  return [clean(source)];
}

async function read(task) {
  const texts =
    task.kind === 'pdf' ? await readPdf(task) : task.kind === 'docx' ? await readDocx(task) : readText(task);
  if (texts.reduce((sum, text) => sum + text.length, 0) > task.limits.maxTextChars) {
    throw new Failure('tooMuchText');
  }
  return texts;
}

try {
  parentPort.postMessage({ texts: await read(workerData) });
} catch (error) {
  const fallback = { pdf: 'pdfDamaged', docx: 'docxDamaged' }[workerData.kind] ?? 'noText';
  parentPort.postMessage({ failure: error instanceof Failure ? error.code : fallback });
}

import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { fileTypeFromBuffer } from 'file-type';
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import { serverRoot } from '../../paths.ts';

export type DocumentKind = 'pdf' | 'docx' | 'text' | 'csv' | 'json';

export class ExtractionError extends Error {}

const MAX_UNZIPPED_BYTES = 50 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 2000;
const PDF_OPTIONS = { disableFontFace: true, isEvalSupported: false, verbosity: 0 };
/** A PDF this large is read by worker threads, each taking a share of its pages (one per core). */
const PDF_WORKER_BYTES = 512 * 1024;
// By path from the server's folder: the built server (one bundle in dist/) loads it from the sources.
const pdfWorkerUrl = join(serverRoot, 'src/features/knowledge/pdf-pages.worker.mjs');

/** The real type from the bytes, never from the name alone; null for anything we do not read. */
export async function sniffDocument(
  data: Buffer,
  fileName: string,
): Promise<{ kind: DocumentKind; mime: string } | null> {
  if (data.length === 0) return null;
  const detected = await fileTypeFromBuffer(data);
  if (detected?.mime === 'application/pdf') return { kind: 'pdf', mime: detected.mime };
  if (detected?.ext === 'docx') return { kind: 'docx', mime: detected.mime };
  // A zip named .docx is read as one: extraction refuses it if it is not (or is a zip bomb).
  if (detected?.ext === 'zip' && fileName.toLowerCase().endsWith('.docx')) {
    return { kind: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  }
  if (detected) return null;
  if (!isUtf8Text(data)) return null;
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'csv') return { kind: 'csv', mime: 'text/csv' };
  if (ext === 'json') return { kind: 'json', mime: 'application/json' };
  return { kind: 'text', mime: 'text/plain' };
}

function isUtf8Text(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** Plain text of a document, with paragraph breaks kept for the chunker (CSV and JSON stay as they are: the chunker reads them). */
export async function extractDocumentText(data: Buffer, kind: DocumentKind): Promise<string> {
  const text = await extractByKind(data, kind);
  const clean = text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (clean.length === 0) {
    throw new ExtractionError(
      kind === 'pdf' ? 'This PDF has no text layer (a scanned document?)' : 'The file has no readable text',
    );
  }
  return clean;
}

async function extractByKind(data: Buffer, kind: DocumentKind): Promise<string> {
  switch (kind) {
    case 'pdf':
      return extractPdf(data);
    case 'docx': {
      checkZipBomb(data);
      try {
        const { value } = await mammoth.extractRawText({ buffer: data });
        return value;
      } catch {
        throw new ExtractionError('This Word file is damaged and could not be read');
      }
    }
    case 'json': {
      const source = data.toString('utf8').replace(/^\uFEFF/, '');
      try {
        JSON.parse(source);
      } catch {
        throw new ExtractionError('This JSON file is not valid JSON');
      }
      return source;
    }
    case 'csv':
    case 'text':
      return data.toString('utf8').replace(/^\uFEFF/, '');
  }
}

async function extractPdf(data: Buffer): Promise<string> {
  const workers = data.length >= PDF_WORKER_BYTES ? Math.min(availableParallelism(), 4) : 1;
  const texts =
    workers > 1
      ? (
          await Promise.all(
            Array.from({ length: workers }, (_, index) => pagesInWorker(data, index, workers)),
          )
        ).flat()
      : await pagesInProcess(data);
  return texts.map((page) => page.trim()).join('\n\n');
}

const pdfFailure = (reason: 'password' | 'damaged') =>
  new ExtractionError(
    reason === 'password'
      ? 'This PDF is encrypted with a password'
      : 'This PDF is damaged and could not be read',
  );

async function pagesInProcess(data: Buffer): Promise<string[]> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(data), PDF_OPTIONS);
  } catch (error) {
    throw pdfFailure((error as { name?: string }).name === 'PasswordException' ? 'password' : 'damaged');
  }
  try {
    const texts: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent({ includeMarkedContent: false });
      texts.push(
        content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
      );
      page.cleanup();
    }
    return texts;
  } finally {
    await pdf.destroy();
  }
}

/** The texts of the `index`-th of `count` consecutive shares of the pages, read in a worker thread. */
function pagesInWorker(data: Buffer, index: number, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    // Each worker gets its own copy of the bytes: pdf.js takes ownership of what it is given.
    const worker = new Worker(pdfWorkerUrl, {
      workerData: { data: new Uint8Array(data), index, count, options: PDF_OPTIONS },
      // Plain JavaScript: the worker needs none of the parent's loaders (tsx), which cost its start-up.
      execArgv: [],
    });
    worker.once('message', (answer: { texts?: string[]; error?: 'password' | 'damaged' }) =>
      answer.texts ? resolve(answer.texts) : reject(pdfFailure(answer.error ?? 'damaged')),
    );
    worker.once('error', () => reject(pdfFailure('damaged')));
    worker.once('exit', (code) => {
      if (code !== 0) reject(pdfFailure('damaged'));
    });
  });
}

/** Refuses archives that would inflate far beyond their size, before any inflating happens. */
export function checkZipBomb(data: Buffer): void {
  let eocd = -1;
  for (let i = data.length - 22; i >= Math.max(0, data.length - 65_557); i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new ExtractionError('This Word file is damaged and could not be read');
  const entries = data.readUInt16LE(eocd + 10);
  if (entries > MAX_ZIP_ENTRIES) throw new ExtractionError('This Word file has too many parts');
  let offset = data.readUInt32LE(eocd + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) {
      throw new ExtractionError('This Word file is damaged and could not be read');
    }
    total += data.readUInt32LE(offset + 24);
    if (total > MAX_UNZIPPED_BYTES) throw new ExtractionError('This Word file unpacks to more than 50 MB');
    offset +=
      46 + data.readUInt16LE(offset + 28) + data.readUInt16LE(offset + 30) + data.readUInt16LE(offset + 32);
  }
}

import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { limits, messages } from '@balas/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { serverRoot } from '../../paths.ts';

export type DocumentKind = 'pdf' | 'docx' | 'text' | 'csv' | 'json';

export class ExtractionError extends Error {}

export type ExtractionLimits = { [K in keyof typeof limits.knowledgeFile]: number };

const PDF_OPTIONS = { disableFontFace: true, isEvalSupported: false, verbosity: 0 };
/**
 * A PDF this large is read by two worker threads, each taking half of its pages. Not more: each
 * loads the whole document, and all their memory counts against the bound of one reading.
 */
const PDF_SHARED_BYTES = 512 * 1024;
const PDF_SHARES = 2;
/** Heap of one extraction worker; past it the worker is stopped, not the server. */
const WORKER_HEAP_MB = 192;
const MEMORY_CHECK_MS = 20;
// By path from the server's folder: the built server (one bundle in dist/) loads it from the sources.
const workerUrl = join(serverRoot, 'src/features/knowledge/extract.worker.mjs');

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

/** Why a file could not be read, as the worker reports it; each maps to the merchant's message. */
type Failure =
  | 'noText'
  | 'pdfNoText'
  | 'pdfPassword'
  | 'pdfDamaged'
  | 'docxDamaged'
  | 'jsonInvalid'
  | 'tooManyParts'
  | 'unpacksTooLarge'
  | 'pdfUnpacksTooLarge'
  | 'tooManyPages'
  | 'tooMuchText'
  | 'tooMuchMemory'
  | 'tooSlow';

function failure(code: Failure, bounds: ExtractionLimits): ExtractionError {
  const m = messages.knowledge.failed;
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  switch (code) {
    case 'unpacksTooLarge':
      return new ExtractionError(m.unpacksTooLarge(mb(bounds.maxUnpackedBytes)));
    case 'pdfUnpacksTooLarge':
      return new ExtractionError(m.pdfUnpacksTooLarge(mb(bounds.maxPdfUnpackedBytes)));
    case 'tooManyPages':
      return new ExtractionError(m.tooManyPages(bounds.maxPages));
    case 'tooMuchText':
      return new ExtractionError(m.tooMuchText(bounds.maxTextChars / 1_000_000));
    case 'tooSlow':
      return new ExtractionError(m.tooSlow(Math.round(bounds.timeoutMs / 1000)));
    default:
      return new ExtractionError(m[code]);
  }
}

/** One extraction at a time per process: the memory watch below measures this one alone. */
let gate: Promise<unknown> = Promise.resolve();

/**
 * Plain text of a document, with paragraph breaks kept for the chunker. Every file is read in worker
 * threads, never on the event loop, and each reading is stopped (the file fails with a reason) when
 * it passes a limit: pages, characters, bytes inflated, its heap, the server's memory growth, time.
 */
export function extractDocumentText(
  data: Buffer,
  kind: DocumentKind,
  overrides: Partial<ExtractionLimits> = {},
): Promise<string> {
  const bounds = { ...limits.knowledgeFile, ...overrides };
  const run = gate.then(async () => {
    const texts = await readInWorkers(data, kind, bounds);
    const text = texts.filter((t) => t.length > 0).join('\n\n');
    if (text.length > bounds.maxTextChars) throw failure('tooMuchText', bounds);
    if (text.length === 0) throw failure(kind === 'pdf' ? 'pdfNoText' : 'noText', bounds);
    return text;
  });
  gate = run.catch(() => {});
  return run;
}

function readInWorkers(data: Buffer, kind: DocumentKind, bounds: ExtractionLimits): Promise<string[]> {
  const count =
    kind === 'pdf' && data.length >= PDF_SHARED_BYTES ? Math.min(availableParallelism(), PDF_SHARES) : 1;
  const baseline = process.memoryUsage.rss();
  const workers = Array.from(
    { length: count },
    (_, index) =>
      new Worker(workerUrl, {
        // Each worker gets its own copy of the bytes: pdf.js takes ownership of what it is given.
        workerData: {
          data: new Uint8Array(data),
          kind,
          share: { index, count },
          options: PDF_OPTIONS,
          limits: bounds,
        },
        // Plain JavaScript: the worker needs none of the parent's loaders (tsx), which cost its start-up.
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
      }),
  );
  return new Promise((resolve, reject) => {
    const answers: string[][] = [];
    let answered = 0;
    let settled = false;
    const finish = (error?: ExtractionError) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      // Settled once the workers are gone, so the next reading starts with their memory released.
      void Promise.allSettled(workers.map((worker) => worker.terminate())).then(() =>
        error ? reject(error) : resolve(answers.flat()),
      );
    };
    const timer = setTimeout(() => finish(failure('tooSlow', bounds)), bounds.timeoutMs);
    // Inflated streams live outside the workers' heaps (array buffers): the process's growth is the bound.
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > bounds.maxMemoryBytes)
        finish(failure('tooMuchMemory', bounds));
    }, MEMORY_CHECK_MS);
    const damaged: Failure = kind === 'pdf' ? 'pdfDamaged' : kind === 'docx' ? 'docxDamaged' : 'noText';
    workers.forEach((worker, index) => {
      worker.once('message', (answer: { texts?: string[]; failure?: Failure }) => {
        if (!answer.texts) return finish(failure(answer.failure ?? damaged, bounds));
        answers[index] = answer.texts;
        if (++answered === count) finish();
      });
      worker.once('error', (error: Error & { code?: string }) =>
        finish(failure(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'tooMuchMemory' : damaged, bounds)),
      );
      worker.once('exit', () => {
        if (answers[index] === undefined) finish(failure(damaged, bounds));
      });
    });
  });
}

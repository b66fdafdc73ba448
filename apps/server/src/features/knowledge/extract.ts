import type { Worker } from 'node:worker_threads';
import { limits, messages } from '@balas/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { startWorker } from '../../platform/threads.ts';

export type DocumentKind = 'pdf' | 'docx' | 'text' | 'csv' | 'json';

export class ExtractionError extends Error {}

export type ExtractionLimits = { [K in keyof typeof limits.knowledgeFile]: number };

/** A file for the ingestion thread (ingest.worker.ts); `data` is handed over, not copied. */
export interface IngestTask {
  data: Uint8Array;
  kind: DocumentKind;
  limits: ExtractionLimits;
  /** Chunk the text as this file's; without it the text comes back whole. */
  chunking?: { fileName: string; size: number } | undefined;
}

/** The ingestion thread's answer: the pieces as one UTF-8 buffer and where each ends, or why not. */
export type IngestAnswer =
  | { pieces: { bytes: Uint8Array; ends: Uint32Array } }
  | { failure: Failure }
  | { error: string };

const MEMORY_CHECK_MS = 20;
/** Heap of the ingestion thread: chunking 10 million characters takes about a third of it. */
const INGESTION_HEAP_MB = 768;
/** An idle ingestion thread is stopped after this, giving its memory back; the next file starts another. */
const INGESTION_IDLE_MS = 60_000;

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
export type Failure =
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

/** The texts a reading answered (a file's chunks, or its whole text), decoded as they are asked for. */
export class DocumentPieces {
  readonly count: number;
  readonly #bytes: Buffer;
  readonly #ends: Uint32Array;

  constructor({ bytes, ends }: { bytes: Uint8Array; ends: Uint32Array }) {
    this.#bytes = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.#ends = ends;
    this.count = ends.length;
  }

  /** Pieces `from` to `to` (excluded). */
  slice(from: number, to: number): string[] {
    const out: string[] = [];
    for (let i = from; i < Math.min(to, this.count); i++) {
      out.push(this.#bytes.toString('utf8', i === 0 ? 0 : this.#ends[i - 1], this.#ends[i]));
    }
    return out;
  }
}

/** One reading at a time per process: the memory watch below measures this one alone. */
let gate: Promise<unknown> = Promise.resolve();

/**
 * A document's chunks for the bot (`chunking`), or its whole text. The file is read and chunked in the
 * ingestion thread, never on the event loop, and each reading is stopped (the file fails with a
 * reason) when it passes a limit: pages, characters, bytes inflated, heaps, the server's memory
 * growth, time.
 */
export function readDocument(
  data: Buffer,
  kind: DocumentKind,
  chunking?: { fileName: string; size: number },
  overrides: Partial<ExtractionLimits> = {},
): Promise<DocumentPieces> {
  const bounds = { ...limits.knowledgeFile, ...overrides };
  // A copy of its own, handed over to the thread.
  const task: IngestTask = { data: new Uint8Array(data), kind, limits: bounds, chunking };
  const run = gate.then(() => readInThread(task, bounds));
  gate = run.catch(() => {});
  return run;
}

/** Plain text of a document, with paragraph breaks kept for the chunker. */
export async function extractDocumentText(
  data: Buffer,
  kind: DocumentKind,
  overrides: Partial<ExtractionLimits> = {},
): Promise<string> {
  const [text] = (await readDocument(data, kind, undefined, overrides)).slice(0, 1);
  return text!;
}

let thread: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;

/** The ingestion thread, started on first use; it does not keep the process alive. */
function ingestionThread(): Worker {
  clearTimeout(idleTimer);
  if (thread) return thread;
  const started = startWorker('features/knowledge/ingest.worker.ts', {
    resourceLimits: { maxOldGenerationSizeMb: INGESTION_HEAP_MB },
  });
  started.unref();
  // A reading listens for its own errors; this one keeps an error between readings from being thrown.
  started.on('error', () => {});
  started.once('exit', () => {
    if (thread === started) thread = undefined;
  });
  thread = started;
  return started;
}

function readInThread(task: IngestTask, bounds: ExtractionLimits): Promise<DocumentPieces> {
  const worker = ingestionThread();
  const baseline = process.memoryUsage.rss();
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (outcome: DocumentPieces | Error, stop: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      worker.off('message', answered).off('error', crashed).off('exit', exited);
      const settle = () => (outcome instanceof Error ? reject(outcome) : resolve(outcome));
      if (!stop) {
        idleTimer = setTimeout(() => void worker.terminate(), INGESTION_IDLE_MS).unref();
        return settle();
      }
      if (thread === worker) thread = undefined;
      // Settled once the thread and its extraction threads are gone: the next reading starts with their memory released.
      void worker.terminate().then(settle, settle);
    };
    const timer = setTimeout(() => finish(failure('tooSlow', bounds), true), bounds.timeoutMs);
    // Inflated streams live outside the threads' heaps (array buffers): the process's growth is the bound.
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > bounds.maxMemoryBytes)
        finish(failure('tooMuchMemory', bounds), true);
    }, MEMORY_CHECK_MS);
    const answered = (answer: IngestAnswer) => {
      if ('pieces' in answer) finish(new DocumentPieces(answer.pieces), false);
      else if ('failure' in answer) finish(failure(answer.failure, bounds), false);
      else finish(new Error(`The ingestion thread failed: ${answer.error}`), false);
    };
    const crashed = (error: Error & { code?: string }) =>
      finish(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? failure('tooMuchMemory', bounds) : error, true);
    const exited = () => finish(new Error('The ingestion thread stopped'), true);
    worker.on('message', answered).once('error', crashed).once('exit', exited);
    worker.postMessage(task, [task.data.buffer as ArrayBuffer]);
  });
}

// The ingestion thread: reads a knowledge file in extraction threads of its own (extract.worker.mjs,
// started for the file and stopped after it) and chunks the text, so nothing whose cost grows with a
// file runs on the server's event loop. It lives on between files; extract.ts gives it one file at
// a time, bounds the time and memory of each, and stops it (with its extraction threads) past them.
import { availableParallelism } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { chunkDocument } from '@balas/bot/chunk';
import { lowerThreadPriority, startWorker } from '../../platform/threads.ts';
import type { DocumentKind, ExtractionLimits, Failure, IngestAnswer, IngestTask } from './extract.ts';

const PDF_OPTIONS = { disableFontFace: true, isEvalSupported: false, verbosity: 0 };
/**
 * A PDF this large is read by several extraction threads, each taking a share of its pages, when
 * the machine has cores for them: one core stays with the event loop (so one thread on two cores),
 * and no more than two, because each loads the whole document and all their memory counts against
 * the bound of one reading.
 */
const PDF_SHARED_BYTES = 512 * 1024;
const PDF_MAX_SHARES = 2;
const PDF_SHARES = Math.max(1, Math.min(PDF_MAX_SHARES, availableParallelism() - 1));
/** Heap of one extraction thread; past it the thread is stopped, not the server. */
const EXTRACTION_HEAP_MB = 192;

class ReadingFailure extends Error {
  constructor(readonly code: Failure) {
    super(code);
  }
}

/** The text of each page (or the file's one text) from extraction threads, in order. */
function readInThreads(task: IngestTask): Promise<string[]> {
  const { data, kind, limits } = task;
  const count = kind === 'pdf' && data.length >= PDF_SHARED_BYTES ? PDF_SHARES : 1;
  const workers = Array.from({ length: count }, (_, index) =>
    startWorker('features/knowledge/extract.worker.mjs', {
      // Each thread gets its own copy of the bytes: pdf.js takes ownership of what it is given.
      workerData: { data, kind, share: { index, count }, options: PDF_OPTIONS, limits },
      resourceLimits: { maxOldGenerationSizeMb: EXTRACTION_HEAP_MB, maxYoungGenerationSizeMb: 32 },
    }),
  );
  return new Promise((resolve, reject) => {
    const answers: string[][] = [];
    let answered = 0;
    let settled = false;
    const finish = (failure?: Failure) => {
      if (settled) return;
      settled = true;
      // Settled once the threads are gone, so the next reading starts with their memory released.
      void Promise.allSettled(workers.map((worker) => worker.terminate())).then(() =>
        failure ? reject(new ReadingFailure(failure)) : resolve(answers.flat()),
      );
    };
    const damaged = damagedFailure(kind);
    workers.forEach((worker, index) => {
      worker.once('message', (answer: { texts?: string[]; failure?: Failure }) => {
        if (!answer.texts) return finish(answer.failure ?? damaged);
        answers[index] = answer.texts;
        if (++answered === count) finish();
      });
      // An error thrown after the thread answered (pdf.js giving up a cancelled page) may be reported
      // before the answer is: it counts only if no answer came before the thread ended.
      let crash: Failure = damaged;
      worker.once('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') crash = 'tooMuchMemory';
      });
      worker.once('exit', () => {
        if (answers[index] === undefined) finish(crash);
      });
    });
  });
}

const damagedFailure = (kind: DocumentKind): Failure =>
  kind === 'pdf' ? 'pdfDamaged' : kind === 'docx' ? 'docxDamaged' : 'noText';

/** The pieces as one UTF-8 buffer and where each ends: handed over without a copy. */
function encode(pieces: string[]) {
  const ends = new Uint32Array(pieces.length);
  const bytes = Buffer.allocUnsafeSlow(pieces.reduce((sum, piece) => sum + Buffer.byteLength(piece), 0));
  let at = 0;
  pieces.forEach((piece, i) => {
    at += bytes.write(piece, at);
    ends[i] = at;
  });
  return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), ends };
}

function checkText(text: string, kind: DocumentKind, limits: ExtractionLimits): Failure | undefined {
  if (text.length > limits.maxTextChars) return 'tooMuchText';
  if (text.length === 0) return kind === 'pdf' ? 'pdfNoText' : 'noText';
  return undefined;
}

async function ingest(task: IngestTask): Promise<IngestAnswer> {
  try {
    const text = (await readInThreads(task)).filter((t) => t.length > 0).join('\n\n');
    const failure = checkText(text, task.kind, task.limits);
    if (failure) return { failure };
    const { chunking } = task;
    const pieces = chunking
      ? chunkDocument(chunking.fileName, text, { size: chunking.size }).map((c) => c.text)
      : [text];
    return { pieces: encode(pieces) };
  } catch (error) {
    if (error instanceof ReadingFailure) return { failure: error.code };
    return { error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
}

lowerThreadPriority();
const port = parentPort!;
port.on('message', (task: IngestTask) => {
  void ingest(task).then((answer) =>
    port.postMessage(
      answer,
      // Allocated here (never shared), so handed over.
      'pieces' in answer
        ? [answer.pieces.bytes.buffer as ArrayBuffer, answer.pieces.ends.buffer as ArrayBuffer]
        : [],
    ),
  );
});

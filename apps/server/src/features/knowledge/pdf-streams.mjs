// Counts what a PDF's compressed streams inflate to, before pdf.js reads it: pdf.js keeps each
// stream it inflates whole in memory, outside any heap limit. Plain JavaScript: it runs in the
// extraction worker.
import { createInflate } from 'node:zlib';

const STREAM = Buffer.from('stream');
const END_STREAM = Buffer.from('endstream');

/**
 * Inflates every zlib (FlateDecode) stream of the PDF in `bytes`, counting and dropping the output,
 * and throws `fail()` once all of them together pass `budget` bytes. Other filters are left to
 * the memory watch of extract.ts.
 */
export async function checkPdfStreams(bytes, budget, fail) {
  let total = 0;
  let at = 0;
  for (;;) {
    const keyword = bytes.indexOf(STREAM, at);
    if (keyword < 0) return;
    at = keyword + STREAM.length;
    if (keyword >= 3 && bytes.toString('latin1', keyword - 3, keyword) === 'end') continue;
    let start = at;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] !== 0x0a) continue;
    start++;
    const end = bytes.indexOf(END_STREAM, start);
    at = end < 0 ? bytes.length : end;
    if (!isZlibHeader(bytes, start)) continue;
    total += await inflatedSize(bytes.subarray(start, at), budget - total);
    if (total > budget) throw fail();
  }
}

const isZlibHeader = (bytes, i) =>
  i + 1 < bytes.length && (bytes[i] & 0x0f) === 8 && ((bytes[i] << 8) | bytes[i + 1]) % 31 === 0;

/** Bytes the stream inflates to, stopping once past `budget`; a damaged stream counts what came out. */
function inflatedSize(data, budget) {
  return new Promise((resolve) => {
    const inflater = createInflate();
    let size = 0;
    inflater.on('data', (chunk) => {
      size += chunk.length;
      if (size > budget) {
        inflater.destroy();
        resolve(size);
      }
    });
    inflater.on('end', () => resolve(size));
    inflater.on('error', () => resolve(size));
    inflater.end(data);
  });
}

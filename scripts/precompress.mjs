// Writes a brotli (.br) and a gzip (.gz) copy beside each text asset of a build, once, at build time,
// so the server sends them as they are (`content-encoding`) instead of compressing per request.
// `node scripts/precompress.mjs <dir>`, or import `precompress`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than the header and a round of negotiation cost. */
const MIN_BYTES = 512;

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

/** Compresses every text file under `dir`; answers the total bytes before and after brotli. */
export function precompress(dir) {
  let raw = 0;
  let br = 0;
  for (const file of files(dir)) {
    if (!compressible.test(file)) continue;
    const data = readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gzip = gzipSync(data, { level: 9 });
    if (brotli.length < data.length) writeFileSync(`${file}.br`, brotli);
    if (gzip.length < data.length) writeFileSync(`${file}.gz`, gzip);
    raw += data.length;
    br += Math.min(brotli.length, data.length);
  }
  return { raw, br };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: node scripts/precompress.mjs <dir>');
  const { raw, br } = precompress(dir);
  console.log(`precompressed ${dir}: ${(raw / 1024).toFixed(1)} KB -> ${(br / 1024).toFixed(1)} KB brotli`);
}

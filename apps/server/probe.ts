import { whitespaceBombPdf } from './src/test/hostile-files.ts';
import { extractDocumentText } from './src/features/knowledge/extract.ts';
const bomb = whitespaceBombPdf(2.8 * 1024 ** 3);
let peak = 0; const base = process.memoryUsage.rss();
const iv = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss() - base); }, 5);
const t = performance.now();
try { await extractDocumentText(bomb, 'pdf', { maxPdfUnpackedBytes: Number.MAX_SAFE_INTEGER }); } catch (e) { console.log((e as Error).message.slice(0, 40), performance.now() - t, 'peak', peak / 1e6); }
clearInterval(iv);
process.exit(0);

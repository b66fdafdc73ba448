import { constants, deflateRawSync, deflateSync } from 'node:zlib';

/**
 * Files built to hurt the server, for the tests and the benchmark: each is small on the wire and
 * huge, endless or many-paged once read. Built in milliseconds, without deflating every byte.
 */

const SEGMENT = 16 * 1024 * 1024;
const ADLER_BASE = 65521;

/**
 * Raw deflate of `prefix`, then `pattern` repeated to about `bytes` bytes, then `suffix`. A
 * compressed run of the pattern is byte-aligned (sync flush) and self-contained, so one segment is
 * written again and again instead of deflating gigabytes.
 */
function deflateRun(prefix: Buffer, pattern: Buffer, bytes: number, suffix: Buffer) {
  const segmentData = Buffer.alloc(SEGMENT - (SEGMENT % pattern.length), pattern);
  const segments = Math.max(1, Math.round(bytes / segmentData.length));
  const sync = { level: 9, finishFlush: constants.Z_SYNC_FLUSH };
  const head = deflateRawSync(prefix, sync);
  const segment = deflateRawSync(segmentData, sync);
  const tail = deflateRawSync(suffix, { level: 9 });
  const raw = Buffer.concat([head, ...Array.from({ length: segments }, () => segment), tail]);
  let adler = adler32(prefix);
  const segmentAdler = adler32(segmentData);
  for (let i = 0; i < segments; i++) adler = adler32Combine(adler, segmentAdler, segmentData.length);
  adler = adler32Combine(adler, adler32(suffix), suffix.length);
  return { raw, adler, inflatedBytes: prefix.length + segments * segmentData.length + suffix.length };
}

/** The same run as a zlib stream (what a PDF's FlateDecode holds). */
function zlibRun(prefix: Buffer, pattern: Buffer, bytes: number, suffix: Buffer): Buffer {
  const { raw, adler } = deflateRun(prefix, pattern, bytes, suffix);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adler >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), raw, trailer]);
}

function adler32(data: Buffer): number {
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % ADLER_BASE;
    b = (b + a) % ADLER_BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib's adler32_combine: the checksum of A+B from those of A and B. */
function adler32Combine(adler1: number, adler2: number, length2: number): number {
  const rem = length2 % ADLER_BASE;
  let sum1 = adler1 & 0xffff;
  let sum2 = (rem * sum1) % ADLER_BASE;
  sum1 += (adler2 & 0xffff) + ADLER_BASE - 1;
  sum2 += ((adler1 >>> 16) & 0xffff) + ((adler2 >>> 16) & 0xffff) + ADLER_BASE - rem;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum1 >= ADLER_BASE) sum1 -= ADLER_BASE;
  if (sum2 >= ADLER_BASE * 2) sum2 -= ADLER_BASE * 2;
  if (sum2 >= ADLER_BASE) sum2 -= ADLER_BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

/**
 * A PDF whose pages all show one content stream (compressed as said), with Helvetica as /F1.
 * `count` is the page count the page tree states (the truth unless given); `streamEol` is the line
 * end after the `stream` keyword (`\n` unless given; readers also take `\r\n` and a lone `\r`).
 */
export function pdfOf(
  content: Buffer,
  options: { pages?: number; flate?: boolean; filter?: string; count?: number; streamEol?: string } = {},
): Buffer {
  const filter = options.filter ?? (options.flate ? '/FlateDecode' : undefined);
  const pages = options.pages ?? 1;
  const objects: Buffer[] = [];
  const pageIds = Array.from({ length: pages }, (_, i) => i + 5);
  objects.push(Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'));
  objects.push(
    Buffer.from(
      `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${options.count ?? pages} /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> >>`,
    ),
  );
  objects.push(Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'));
  objects.push(
    Buffer.concat([
      Buffer.from(
        `<< /Length ${content.length}${filter ? ` /Filter ${filter}` : ''} >>\nstream${options.streamEol ?? '\n'}`,
      ),
      content,
      Buffer.from('\nendstream'),
    ]),
  );
  for (let i = 0; i < pages; i++) {
    objects.push(Buffer.from('<< /Type /Page /Parent 2 0 R /Contents 4 0 R >>'));
  }
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(part);
    offset += part.length;
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`,
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
  ].join('');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

const showText = (text: string) => Buffer.from(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET`);

/**
 * A one-page PDF whose content stream is `bytes` of whitespace (compressed about 1,000 times) before
 * its text; `streamEol` as in pdfOf.
 */
export function whitespaceBombPdf(bytes: number, options: { streamEol?: string } = {}): Buffer {
  return pdfOf(zlibRun(Buffer.alloc(0), Buffer.from(' '), bytes, showText('After the whitespace')), {
    flate: true,
    ...options,
  });
}

/**
 * The same whitespace compressed twice (`/Filter [/FlateDecode /FlateDecode]`): the outer stream
 * inflates to a thousandth of it, the inner one to all of it.
 */
export function chainedWhitespaceBombPdf(bytes: number): Buffer {
  const inner = zlibRun(Buffer.alloc(0), Buffer.from(' '), bytes, showText('After the whitespace'));
  return pdfOf(deflateSync(inner, { level: 9 }), { filter: '[/FlateDecode /FlateDecode]' });
}

/** The same whitespace, its compressed stream written in hexadecimal: no zlib header shows in the file. */
export function hexWhitespaceBombPdf(bytes: number): Buffer {
  const compressed = zlibRun(Buffer.alloc(0), Buffer.from(' '), bytes, showText('After the whitespace'));
  return pdfOf(Buffer.from(`${compressed.toString('hex')}>`), { filter: '[/ASCIIHexDecode /FlateDecode]' });
}

/** `bytes` of one letter: a single word of millions of characters, no space or line end. */
export const letterRunText = (bytes: number): Buffer => Buffer.alloc(bytes, 'a');

/** About `bytes` of ordinary prose in short paragraphs: heavy only by its size. */
export function plainText(bytes: number): Buffer {
  const paragraphs: string[] = [];
  let size = 0;
  for (let n = 1; size < bytes; n++) {
    const paragraph = `Order ${n} ships within two working days. Returns are accepted within seven days with the receipt; the refund reaches the card in five days. Saiz ${n % 9} muat untuk bayi.`;
    paragraphs.push(paragraph);
    size += paragraph.length + 2;
  }
  return Buffer.from(paragraphs.join('\n\n'));
}

/** A PDF of `pages` pages sharing one small content stream; its page tree may state another `count`. */
export function manyPagesPdf(pages: number, options: { count?: number } = {}): Buffer {
  return pdfOf(showText('One of many pages'), { pages, ...options });
}

/** A small PDF whose one page draws `operators` text-showing operators (`(word) Tj`). */
export function textOperatorsPdf(operators: number, word = 'Flood'): Buffer {
  // Each at the same place on the page: a reader drops text outside it.
  const op = Buffer.from(`1 0 0 1 72 720 Tm (${word}) Tj `);
  return pdfOf(zlibRun(Buffer.from('BT /F1 12 Tf '), op, operators * op.length, Buffer.from('ET')), {
    flate: true,
  });
}

/** A small PDF whose one page paints `operators` path operators: no text, only work. */
export function pathOperatorsPdf(operators: number): Buffer {
  const op = Buffer.from('1 1 m 2 2 l S ');
  return pdfOf(zlibRun(Buffer.alloc(0), op, operators * op.length, showText('Drawn')), { flate: true });
}

interface ZipEntry {
  name: string;
  data: Buffer;
  /** Deflated bytes to store instead of deflating `data`. */
  deflated?: Buffer;
  /** The uncompressed size the headers declare (default: the truth). */
  declaredSize?: number;
}

/** A zip archive (deflate), whose headers may lie about the sizes. */
export function zipOf(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name);
    const compressed = entry.deflated ?? deflateRawSync(entry.data);
    const size = entry.declaredSize ?? entry.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const contentTypes = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const rootRels = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const documentHead = `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>`;
const documentTail = '</w:t></w:r></w:p></w:body></w:document>';

/** A minimal Word document with the given paragraph text. */
export function docxOf(text: string): Buffer {
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(contentTypes) },
    { name: '_rels/.rels', data: Buffer.from(rootRels) },
    { name: 'word/document.xml', data: Buffer.from(`${documentHead}${text}${documentTail}`) },
  ]);
}

/**
 * A Word document whose text inflates to about `bytes` bytes while its zip headers declare 2 KB:
 * a check of the declared sizes lets it through.
 */
export function understatedDocxBomb(bytes: number): Buffer {
  const run = deflateRun(Buffer.from(documentHead), Buffer.from('bomb '), bytes, Buffer.from(documentTail));
  return zipOf([
    { name: '[Content_Types].xml', data: Buffer.from(contentTypes) },
    { name: '_rels/.rels', data: Buffer.from(rootRels) },
    { name: 'word/document.xml', data: Buffer.alloc(0), deflated: run.raw, declaredSize: 2048 },
  ]);
}

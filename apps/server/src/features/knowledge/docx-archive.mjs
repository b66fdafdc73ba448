// The parts of a Word file (a zip archive), for mammoth. The sizes the archive declares are never
// trusted: every part is inflated against what is left of one byte budget, and inflating stops as
// soon as the budget is passed. Plain JavaScript: it runs in the extraction worker.
import { inflateRawSync } from 'node:zlib';

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

/**
 * Opens the archive in `data` as mammoth's `file` input ({ exists, read }). `fail(code)` makes the
 * error thrown for a damaged archive ('docxDamaged'), too many parts ('tooManyParts') or too many
 * bytes inflated ('unpacksTooLarge').
 */
export function openDocx(data, limits, fail) {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const parts = listParts(bytes, limits, fail);
  let budget = limits.maxUnpackedBytes;

  function inflate(part) {
    if (part.method === STORED) return part.data;
    if (part.method !== DEFLATED) throw fail('docxDamaged');
    try {
      // maxOutputLength makes zlib stop and throw once this much has come out.
      return inflateRawSync(part.data, { maxOutputLength: Math.max(1, budget) });
    } catch (error) {
      throw fail(error?.code === 'ERR_BUFFER_TOO_LARGE' ? 'unpacksTooLarge' : 'docxDamaged');
    }
  }

  return {
    exists: (name) => parts.has(name),
    async read(name, encoding) {
      const part = parts.get(name);
      if (!part) throw fail('docxDamaged');
      const content = inflate(part);
      budget -= content.length;
      if (budget < 0) throw fail('unpacksTooLarge');
      if (encoding === 'base64') return content.toString('base64');
      if (encoding) return new TextDecoder(encoding).decode(content);
      return new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
    },
    write() {
      throw new Error('A Word file is only read here');
    },
    toArrayBuffer() {
      throw new Error('A Word file is only read here');
    },
  };
}

/** The archive's parts from its central directory, each with its compressed bytes (not yet inflated). */
function listParts(bytes, limits, fail) {
  const end = findEndOfDirectory(bytes);
  if (end < 0) throw fail('docxDamaged');
  const count = bytes.readUInt16LE(end + 10);
  if (count > limits.maxZipEntries) throw fail('tooManyParts');
  const parts = new Map();
  let offset = bytes.readUInt32LE(end + 16);
  for (let n = 0; n < count; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== DIRECTORY_ENTRY)
      throw fail('docxDamaged');
    const method = bytes.readUInt16LE(offset + 10);
    const compressedSize = bytes.readUInt32LE(offset + 20);
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const local = bytes.readUInt32LE(offset + 42);
    const name = bytes.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== LOCAL_HEADER) throw fail('docxDamaged');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + compressedSize > bytes.length) throw fail('docxDamaged');
    parts.set(name, { method, data: bytes.subarray(start, start + compressedSize) });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return parts;
}

function findEndOfDirectory(bytes) {
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (bytes.readUInt32LE(i) === END_OF_DIRECTORY) return i;
  }
  return -1;
}

import type { ChatImageType } from '@balas/contracts';

export interface SniffedImage {
  type: ChatImageType;
  ext: 'jpg' | 'png' | 'webp' | 'gif';
  width: number;
  height: number;
}

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

/**
 * The picture a buffer holds, told from its bytes alone (never its name or the browser's type):
 * JPEG, PNG, WebP or GIF, with its size in pixels read from the header. Null for anything else,
 * a truncated header included. Reads a few bytes only (a JPEG's segment headers up to its frame),
 * so a large or hostile file costs no time.
 */
export function sniffImage(b: Buffer): SniffedImage | null {
  if (b.length >= 24 && b.subarray(0, 8).equals(PNG_SIGNATURE) && ascii(b, 12, 16) === 'IHDR') {
    return sized('image/png', 'png', b.readUInt32BE(16), b.readUInt32BE(20));
  }
  if (b.length >= 10 && /^GIF8[79]a$/.test(ascii(b, 0, 6))) {
    return sized('image/gif', 'gif', b.readUInt16LE(6), b.readUInt16LE(8));
  }
  if (b.length >= 30 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return webp(b);
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpeg(b);
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_SIDE = 20_000;

function sized(type: ChatImageType, ext: SniffedImage['ext'], width: number, height: number) {
  if (!(width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE)) return null;
  return { type, ext, width, height };
}

function webp(b: Buffer): SniffedImage | null {
  const chunk = ascii(b, 12, 16);
  if (chunk === 'VP8X') return sized('image/webp', 'webp', b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = b.readUInt32LE(21);
    return sized('image/webp', 'webp', (bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return sized('image/webp', 'webp', b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  }
  return null;
}

/** Walks the segments to the first start-of-frame marker, which holds the size. */
function jpeg(b: Buffer): SniffedImage | null {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    // Start of frame: C0-CF, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return sized('image/jpeg', 'jpg', b.readUInt16BE(at + 7), b.readUInt16BE(at + 5));
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    at += 2 + b.readUInt16BE(at + 2);
  }
  return null;
}

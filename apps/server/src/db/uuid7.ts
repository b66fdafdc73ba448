import { randomFillSync } from 'node:crypto';

let lastMs = 0;
let counter = 0;

/**
 * A UUID version 7 (RFC 9562): the first 48 bits are the Unix time in ms and the next 12 a counter,
 * so ids made by this process sort in the order they were made. Messages use it: the platforms
 * stamp messages in whole seconds, and ties on the time are broken by the id.
 */
export function uuidv7(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter > 0xfff) {
    // More than 4,096 ids in one ms: borrow the next ms rather than lose the order.
    lastMs++;
    counter = 0;
  }
  const ms = lastMs;
  const b = randomFillSync(new Uint8Array(16));
  b[0] = Math.floor(ms / 2 ** 40) & 0xff;
  b[1] = Math.floor(ms / 2 ** 32) & 0xff;
  b[2] = Math.floor(ms / 2 ** 24) & 0xff;
  b[3] = Math.floor(ms / 2 ** 16) & 0xff;
  b[4] = Math.floor(ms / 2 ** 8) & 0xff;
  b[5] = ms & 0xff;
  b[6] = 0x70 | (counter >> 8);
  b[7] = counter & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const hex = Buffer.from(b).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

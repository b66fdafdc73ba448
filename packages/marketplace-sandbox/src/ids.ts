import { randomBytes, randomInt } from 'node:crypto';

export const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');

export const requestId = () => randomHex(16);

/** A random 19-digit decimal id above 2^53 and below 2^63, like Shopee's conversation ids. */
export function bigDecimalId(): string {
  let digits = String(randomInt(1, 9));
  while (digits.length < 19) digits += String(randomInt(0, 10));
  return BigInt(digits) > 9_000_000_000_000_000_000n ? `8${digits.slice(1)}` : digits;
}

/**
 * Message ids grow with time (milliseconds x 10^6 plus a sequence), so they sort like the messages
 * and double as Shopee's nanosecond cursors. `last` is the previous id issued.
 */
export function nextMessageId(nowMs: number, last: string): string {
  const candidate = BigInt(Math.floor(nowMs)) * 1_000_000n;
  const previous = last ? BigInt(last) : 0n;
  return (candidate > previous ? candidate : previous + 1n).toString();
}

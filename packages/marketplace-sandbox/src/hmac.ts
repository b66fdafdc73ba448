import { createHmac, timingSafeEqual } from 'node:crypto';

export const hmacSha256Hex = (key: string, message: string) =>
  createHmac('sha256', key).update(message, 'utf8').digest('hex');

/** Constant-time comparison of two signatures (exact case: the platforms' encodings differ). */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

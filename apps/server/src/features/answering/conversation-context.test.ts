import { describe, expect, it } from 'vitest';
import { inWrittenOrder } from './conversation-context.ts';

describe('inWrittenOrder', () => {
  const at = (s: number) => new Date(Date.UTC(2026, 10, 26, 9, 0, s));
  // Stored ids (UUID v7) sort as stored; the platform's ids as written.
  const row = (id: string, externalId: string | null, second: number) => ({
    id,
    externalId,
    sentAt: at(second),
  });

  it('orders by time, then a second by the platform ids when all are numbers, else as stored', () => {
    const rows = [
      // Written 01-c then 01-b, stored the other way round (their pushes were handled in reverse).
      row('01-b', '1795707730320000001', 5),
      row('01-c', '1795707730320000000', 5),
      row('01-a', '999', 4),
      row('01-e', 'site-2', 7),
      row('01-d', 'site-1', 7),
      row('01-f', null, 8),
      row('01-g', '12', 8),
      row('01-h', '9', 8),
    ];
    expect(inWrittenOrder(rows).map((r) => r.id)).toEqual([
      '01-a',
      '01-c',
      '01-b',
      '01-d',
      '01-e',
      // A reply not sent yet has no platform id: the second keeps the order of storage.
      '01-f',
      '01-g',
      '01-h',
    ]);
    expect(inWrittenOrder([row('x-1', '10', 1), row('x-2', '9', 1)]).map((r) => r.id)).toEqual([
      'x-2',
      'x-1',
    ]);
  });
});

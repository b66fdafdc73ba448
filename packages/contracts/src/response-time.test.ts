import { describe, expect, it } from 'vitest';
import { handoverReasonLabel, insightsQuery } from './insights.ts';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  localDate,
  responseDeadline,
  shopTimeZone,
  zonedParts,
  zonedTime,
} from './response-time.ts';

const kl = 'Asia/Kuala_Lumpur';

describe('shop time zones', () => {
  it('follows the platform region, in either case, and defaults to Malaysia', () => {
    expect(shopTimeZone('MY')).toBe(kl);
    expect(shopTimeZone('th')).toBe('Asia/Bangkok');
    expect(shopTimeZone('sg')).toBe('Asia/Singapore');
    expect(shopTimeZone(null)).toBe(DEFAULT_TIME_ZONE);
    expect(shopTimeZone('XX')).toBe(DEFAULT_TIME_ZONE);
  });

  it('reads and builds wall-clock times in a zone', () => {
    const at = new Date('2025-03-02T17:30:00Z'); // 01:30 on Monday 3 March in Kuala Lumpur
    expect(zonedParts(at, kl)).toMatchObject({
      year: 2025,
      month: 3,
      day: 3,
      hour: 1,
      minute: 30,
      weekday: 1,
    });
    expect(localDate(at, kl)).toBe('2025-03-03');
    expect(localDate(at, 'Asia/Bangkok')).toBe('2025-03-03');
    expect(localDate(at, 'America/Sao_Paulo')).toBe('2025-03-02');
    expect(zonedTime(kl, { year: 2025, month: 3, day: 3 }).toISOString()).toBe('2025-03-02T16:00:00.000Z');
    // Santiago keeps summer time in January (UTC-3) and winter time in July (UTC-4).
    expect(zonedTime('America/Santiago', { year: 2025, month: 1, day: 10, hour: 9 }).toISOString()).toBe(
      '2025-01-10T12:00:00.000Z',
    );
    expect(zonedTime('America/Santiago', { year: 2025, month: 7, day: 10, hour: 9 }).toISOString()).toBe(
      '2025-07-10T13:00:00.000Z',
    );
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
  });
});

describe('response windows', () => {
  it('gives Shopee chats 12 hours', () => {
    const at = new Date('2025-05-01T10:00:00Z');
    expect(responseDeadline('shopee', at, kl)?.toISOString()).toBe('2025-05-01T22:00:00.000Z');
  });

  it('gives Lazada chats until 19:00 the same day before 18:00, and 19:00 the next day after', () => {
    // 17:59 in Kuala Lumpur: due 19:00 the same day.
    expect(responseDeadline('lazada', new Date('2025-05-01T09:59:00Z'), kl)?.toISOString()).toBe(
      '2025-05-01T11:00:00.000Z',
    );
    // 18:00 in Kuala Lumpur: due 19:00 the next day.
    expect(responseDeadline('lazada', new Date('2025-05-01T10:00:00Z'), kl)?.toISOString()).toBe(
      '2025-05-02T11:00:00.000Z',
    );
    // 23:30 on 31 May in Bangkok (UTC+7): due 19:00 on 1 June there.
    expect(responseDeadline('lazada', new Date('2025-05-31T16:30:00Z'), 'Asia/Bangkok')?.toISOString()).toBe(
      '2025-06-01T12:00:00.000Z',
    );
  });

  it('has no window for a website shop', () => {
    expect(responseDeadline('website', new Date(), kl)).toBeNull();
  });
});

describe('insights query and words', () => {
  it('takes a preset or a whole custom period of at most a year', () => {
    expect(insightsQuery.safeParse({ days: '30' }).success).toBe(true);
    expect(insightsQuery.safeParse({ days: '12' }).success).toBe(false);
    expect(insightsQuery.safeParse({ from: '2025-01-01', to: '2025-01-31' }).success).toBe(true);
    expect(insightsQuery.safeParse({ from: '2025-01-01' }).success).toBe(false);
    expect(insightsQuery.safeParse({ from: '2025-02-01', to: '2025-01-31' }).success).toBe(false);
    expect(insightsQuery.safeParse({ from: '2024-01-01', to: '2025-06-01' }).success).toBe(false);
  });

  it('names handover reasons in merchant words, unknown codes included', () => {
    expect(handoverReasonLabel('asked_for_human')).toBe('The shopper asked to talk to a person');
    expect(handoverReasonLabel('something_new')).toBe('Other reason');
    expect(handoverReasonLabel(null)).toBe('Other reason');
  });
});

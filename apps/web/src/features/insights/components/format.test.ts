import { describe, expect, it } from 'vitest';
import { axisTicks, change, dayAndTime, duration, percent, shortDate } from './format.ts';

describe('insights formatting', () => {
  it('writes durations in natural units', () => {
    expect(duration(null)).toBe('—');
    expect(duration(40)).toBe('under 0.1 s');
    expect(duration(3400)).toBe('3.4 s');
    expect(duration(42_000)).toBe('42 s');
    expect(duration(12 * 60_000)).toBe('12 min');
    expect(duration(3 * 3600_000 + 5 * 60_000)).toBe('3 h 5 min');
    expect(duration(2 * 3600_000)).toBe('2 h');
    expect(duration(52 * 3600_000)).toBe('2 d 4 h');
  });

  it('puts value-axis ticks on whole counts, 0-100 % and round times', () => {
    const labels = (t: ReturnType<typeof axisTicks>) => t.ticks.map(t.format);
    // Counts: whole numbers only, however few (no 0.5 chat) or many.
    expect(labels(axisTicks('count', [0, 1, null]))).toEqual(['0', '1']);
    expect(labels(axisTicks('count', [3, 2]))).toEqual(['0', '1', '2', '3']);
    expect(labels(axisTicks('count', [0, 0]))).toEqual(['0', '1']);
    expect(labels(axisTicks('count', [7]))).toEqual(['0', '2', '4', '6', '8']);
    expect(labels(axisTicks('count', [33]))).toEqual(['0', '10', '20', '30', '40']);
    expect(labels(axisTicks('count', [1234]))).toEqual(['0', '500', '1,000', '1,500']);
    expect(labels(axisTicks('count', [25_000]))).toEqual(['0', '10K', '20K', '30K']);
    expect(axisTicks('count', [7]).max).toBe(8);
    // Shares: always 0 to 100 %, never "33.3…".
    expect(labels(axisTicks('share', [1 / 3, 0.5]))).toEqual(['0%', '25%', '50%', '75%', '100%']);
    // Times: one unit, round steps of it.
    expect(labels(axisTicks('time', [40, 60]))).toEqual(['0 s', '0.1 s']);
    expect(labels(axisTicks('time', [1100, null]))).toEqual(['0 s', '0.5 s', '1 s', '1.5 s']);
    expect(labels(axisTicks('time', [2000, 33_300]))).toEqual(['0 s', '10 s', '20 s', '30 s', '40 s']);
    expect(labels(axisTicks('time', [26 * 60_000]))).toEqual(['0 min', '10 min', '20 min', '30 min']);
    expect(labels(axisTicks('time', [33.3 * 60_000]))).toEqual([
      '0 min',
      '10 min',
      '20 min',
      '30 min',
      '40 min',
    ]);
    expect(labels(axisTicks('time', [13 * 3600_000]))).toEqual(['0 h', '6 h', '12 h', '18 h']);
    expect(labels(axisTicks('time', [3 * 86_400_000]))).toEqual(['0 d', '1 d', '2 d', '3 d']);
    expect(labels(axisTicks('time', []))).toEqual(['0 s', '0.1 s']);
    for (const kind of ['count', 'share', 'time'] as const) {
      for (const values of [[0], [1], [7], [59_000], [123_456_789]]) {
        const t = axisTicks(kind, values);
        expect(t.max).toBe(t.ticks[t.ticks.length - 1]);
        expect(t.max).toBeGreaterThanOrEqual(kind === 'share' ? 1 : values[0]!);
        expect(t.ticks.length).toBeLessThanOrEqual(6);
        // Every label is short and distinct (no ellipsis on a 56 px axis).
        expect(new Set(labels(t)).size).toBe(t.ticks.length);
        for (const l of labels(t)) expect(l.length, l).toBeLessThanOrEqual(7);
      }
    }
  });

  it('writes shares, dates and changes from the previous period', () => {
    expect(percent(0.4)).toBe('40%');
    expect(percent(null)).toBe('—');
    expect(shortDate('2025-06-05')).toBe('5 Jun');
    // The month names are British English's, as Intl writes them, every month and day.
    const british = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
    for (let month = 0; month < 12; month++)
      for (const day of [1, 9, 10, 28]) {
        const iso = `2026-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        expect(shortDate(iso)).toBe(british.format(Date.UTC(2026, month, day)));
      }
    const withTime = { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' } as const;
    for (const iso of ['2026-01-05T00:07:00Z', '2026-09-30T13:45:00Z', '2026-12-31T23:59:00Z'])
      expect(dayAndTime(iso)).toBe(new Date(iso).toLocaleString('en-GB', withTime));
    expect(change(0.5, 0.4, 'share', true)).toEqual({ text: '+10 pts', good: true });
    expect(change(120, 100, 'count', null)).toEqual({ text: '+20%', good: null });
    expect(change(60_000, 120_000, 'time', false)).toEqual({ text: '−50%', good: true });
    expect(change(5, 0, 'count', true)).toEqual({ text: 'new', good: true });
    expect(change(5, 5, 'count', true)).toEqual({ text: 'no change', good: null });
    expect(change(null, 5, 'count', true)).toBeNull();
  });
});

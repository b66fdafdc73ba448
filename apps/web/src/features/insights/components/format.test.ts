import { describe, expect, it } from 'vitest';
import { change, duration, durationAxis, percent, shortDate } from './format.ts';

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

  it('labels a time axis in one unit', () => {
    expect(durationAxis([40, null, 400])(120)).toBe('120 ms');
    expect(durationAxis([400, null, 2500])(1500)).toBe('1.5 s');
    expect(durationAxis([90_000])(90_000)).toBe('1.5 min');
    expect(durationAxis([5 * 3600_000])(5400_000)).toBe('1.5 h');
  });

  it('writes shares, dates and changes from the previous period', () => {
    expect(percent(0.4)).toBe('40%');
    expect(percent(null)).toBe('—');
    expect(shortDate('2025-06-05')).toBe('5 Jun');
    expect(change(0.5, 0.4, 'share', true)).toEqual({ text: '+10 pts', good: true });
    expect(change(120, 100, 'count', null)).toEqual({ text: '+20%', good: null });
    expect(change(60_000, 120_000, 'time', false)).toEqual({ text: '−50%', good: true });
    expect(change(5, 0, 'count', true)).toEqual({ text: 'new', good: true });
    expect(change(5, 5, 'count', true)).toEqual({ text: 'no change', good: null });
    expect(change(null, 5, 'count', true)).toBeNull();
  });
});

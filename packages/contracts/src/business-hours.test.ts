import { describe, expect, it } from 'vitest';
import {
  addOpenMs,
  awayText,
  type BusinessHours,
  businessHours,
  deadlineInOpenHours,
  defaultBusinessHours,
  isOpenAt,
  nextOpening,
  openMsBetween,
} from './business-hours.ts';
import { malaysianPublicHolidays } from './my-public-holidays.ts';

const kl = (iso: string) => new Date(`${iso}+08:00`);
const HOUR = 3600_000;
// Weekdays 09:00-18:00 in Kuala Lumpur, with Malaysia Day (Wednesday 16 September 2026) a holiday.
const hours: BusinessHours = { ...defaultBusinessHours(), enabled: true };

describe('business hours', () => {
  it('is open on a weekday within hours, closed at night, at weekends and on a holiday', () => {
    expect(isOpenAt(hours, kl('2026-09-15T10:00:00'))).toBe(true);
    expect(isOpenAt(hours, kl('2026-09-15T18:00:00'))).toBe(false);
    expect(isOpenAt(hours, kl('2026-09-15T08:59:00'))).toBe(false);
    expect(isOpenAt(hours, kl('2026-09-19T10:00:00'))).toBe(false);
    expect(isOpenAt(hours, kl('2026-09-16T10:00:00'))).toBe(false);
  });

  it('is always open when off, and when no day has hours', () => {
    expect(isOpenAt({ ...hours, enabled: false }, kl('2026-09-16T03:00:00'))).toBe(true);
    expect(isOpenAt({ ...hours, week: Array(7).fill(null) }, kl('2026-09-16T03:00:00'))).toBe(true);
    expect(isOpenAt(null, kl('2026-09-16T03:00:00'))).toBe(true);
  });

  it('skips the holiday when the team is next back', () => {
    // Tuesday evening before Malaysia Day: back on Thursday morning, not Wednesday.
    expect(nextOpening(hours, kl('2026-09-15T19:30:00'))).toEqual(kl('2026-09-17T09:00:00'));
    // Friday night: Monday 09:00.
    expect(nextOpening(hours, kl('2026-09-18T22:00:00'))).toEqual(kl('2026-09-21T09:00:00'));
    // Open now: now.
    expect(nextOpening(hours, kl('2026-09-17T11:00:00'))).toEqual(kl('2026-09-17T11:00:00'));
    expect(nextOpening({ ...hours, enabled: false }, kl('2026-09-17T11:00:00'))).toBeNull();
  });

  it('counts only open time between two instants', () => {
    // Tuesday 17:00 -> Thursday 10:00 across the holiday: 1 h Tuesday + 1 h Thursday.
    expect(openMsBetween(hours, kl('2026-09-15T17:00:00'), kl('2026-09-17T10:00:00'))).toBe(2 * HOUR);
    // Without the holiday Wednesday's 9 h count too.
    const noHoliday = { ...hours, holidays: [] };
    expect(openMsBetween(noHoliday, kl('2026-09-15T17:00:00'), kl('2026-09-17T10:00:00'))).toBe(11 * HOUR);
    // Off: calendar time.
    expect(openMsBetween(null, kl('2026-09-15T17:00:00'), kl('2026-09-17T10:00:00'))).toBe(41 * HOUR);
    expect(openMsBetween(hours, kl('2026-09-17T10:00:00'), kl('2026-09-15T10:00:00'))).toBe(0);
  });

  it('moves a reply deadline past closed hours and the holiday', () => {
    // 12 h of Shopee's window from Tuesday 16:00: 2 h Tuesday, Wednesday is a holiday, 9 h Thursday, 1 h Friday.
    expect(addOpenMs(hours, kl('2026-09-15T16:00:00'), 12 * HOUR)).toEqual(kl('2026-09-18T10:00:00'));
    const received = kl('2026-09-15T16:00:00');
    expect(deadlineInOpenHours(hours, received, new Date(received.getTime() + 12 * HOUR))).toEqual(
      kl('2026-09-18T10:00:00'),
    );
    expect(deadlineInOpenHours(hours, received, null)).toBeNull();
    expect(deadlineInOpenHours(null, received, kl('2026-09-16T04:00:00'))).toEqual(kl('2026-09-16T04:00:00'));
  });

  it('tells the shopper when the team is back, in their language', () => {
    const at = kl('2026-09-15T20:00:00');
    expect(awayText(hours, at, 'en')).toMatch(/back on Thursday.*17 September.*9:00/);
    expect(awayText(hours, at, 'ms')).toMatch(/kembali pada Khamis.*17 September/);
    expect(awayText(hours, at, 'zh')).toMatch(/9月17日星期四/);
    expect(awayText(hours, kl('2026-09-17T10:00:00'), 'en')).toBeNull();
  });

  it('follows the shop time zone', () => {
    const bangkok = { ...hours, timeZone: 'Asia/Bangkok', holidays: [] };
    // 09:30 in Kuala Lumpur is 08:30 in Bangkok: not yet open there.
    expect(isOpenAt(bangkok, kl('2026-09-16T09:30:00'))).toBe(false);
    expect(isOpenAt(bangkok, kl('2026-09-16T10:30:00'))).toBe(true);
  });

  it('refuses bad hours with a clear message', () => {
    const bad = (patch: Partial<BusinessHours>) => businessHours.safeParse({ ...hours, ...patch });
    expect(
      bad({ week: [null, { open: '18:00', close: '09:00' }, null, null, null, null, null] }).error?.issues[0]
        ?.message,
    ).toBe('Closing time must be after opening time');
    expect(bad({ week: [null, { open: '9am', close: '18:00' }, null, null, null, null, null] }).success).toBe(
      false,
    );
    expect(bad({ week: [null] }).success).toBe(false);
    expect(bad({ holidays: [{ date: '2026-02-30', name: 'No such day' }] }).error?.issues[0]?.message).toBe(
      'Use a real date as YYYY-MM-DD',
    );
    expect(bad({ holidays: [{ date: '2026-02-03', name: ' ' }] }).success).toBe(false);
    expect(bad({ timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(bad({}).success).toBe(true);
    expect(
      businessHours.safeParse({
        ...hours,
        week: [null, { open: '00:00', close: '24:00' }, null, null, null, null, null],
      }).success,
    ).toBe(true);
  });

  it('defaults to the national holidays of 2026 and 2027, state ones left optional', () => {
    const dates = defaultBusinessHours().holidays.map((h) => h.date);
    expect(dates).toContain('2026-08-31');
    expect(dates).toContain('2027-08-31');
    expect(dates).not.toContain('2026-02-01');
    expect(malaysianPublicHolidays.some((h) => h.states && h.date === '2026-02-01')).toBe(true);
    expect([...dates].sort()).toEqual(dates);
  });
});

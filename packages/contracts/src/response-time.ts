// Shop time zones and the marketplaces' chat response windows (docs/response-windows.md gives the
// sources and the assumptions). Used by Insights ("answered within the platform's window") and by
// the inbox's countdown, so both count the same deadline.
import { channelOf } from './channels.ts';

/** Shopee regions and Lazada countries (case-insensitive) and the time zone their shops count days in. */
export const regionTimeZones: Readonly<Record<string, string>> = {
  MY: 'Asia/Kuala_Lumpur',
  SG: 'Asia/Singapore',
  TH: 'Asia/Bangkok',
  ID: 'Asia/Jakarta',
  VN: 'Asia/Ho_Chi_Minh',
  PH: 'Asia/Manila',
  TW: 'Asia/Taipei',
  BR: 'America/Sao_Paulo',
  MX: 'America/Mexico_City',
  CO: 'America/Bogota',
  CL: 'America/Santiago',
};

/** Website shops, and shops whose platform did not tell their region: Malaysia, where Balas merchants are. */
export const DEFAULT_TIME_ZONE = 'Asia/Kuala_Lumpur';

export function shopTimeZone(region: string | null | undefined): string {
  return (region && regionTimeZones[region.toUpperCase()]) || DEFAULT_TIME_ZONE;
}

// ---- wall-clock time in a zone ----------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The wall-clock reading of an instant in a time zone. */
export function zonedParts(at: Date, timeZone: string): ZonedParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(at)) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
  };
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function offsetMs(at: Date, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

/** The instant a wall-clock time happens in a zone (the later reading when a clock change repeats it). */
export function zonedTime(
  timeZone: string,
  wall: { year: number; month: number; day: number; hour?: number; minute?: number },
): Date {
  const guess = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour ?? 0, wall.minute ?? 0);
  const first = guess - offsetMs(new Date(guess), timeZone);
  return new Date(guess - offsetMs(new Date(first), timeZone));
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
export function localDate(at: Date, timeZone: string): string {
  const p = zonedParts(at, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** A YYYY-MM-DD day moved by whole days. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

// ---- response windows -------------------------------------------------------------------------

/** A marketplace's chat response window, from the rule its descriptor names (`channels.ts`). */
export interface ResponseWindow {
  /** What the platform counts, in a merchant's words. */
  summary: string;
  /** When a chat that started at `receivedAt` must have had its first reply. */
  deadline(receivedAt: Date, timeZone: string): Date;
}

const HOUR = 3600_000;

/** The shop's platform's response window, or null where no platform counts one (website). */
export function responseWindowOf(provider: string): ResponseWindow | null {
  const { name, responseWindow: rule } = channelOf(provider);
  if (!rule) return null;
  if (rule.kind === 'within')
    return {
      summary: `${name} counts a chat as answered when the shop replies within ${rule.hours} hours.`,
      deadline: (receivedAt) => new Date(receivedAt.getTime() + rule.hours * HOUR),
    };
  const { cutoffHour, dueHour } = rule;
  return {
    summary: `${name} counts a chat as answered the same day: chats received before ${cutoffHour}:00 need a reply by ${dueHour}:00 that day, later ones by ${dueHour}:00 the next day.`,
    deadline(receivedAt, timeZone) {
      const p = zonedParts(receivedAt, timeZone);
      const day = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
      const due = p.hour < cutoffHour ? day : addDays(day, 1);
      const [year, month, d] = due.split('-').map(Number) as [number, number, number];
      return zonedTime(timeZone, { year, month, day: d, hour: dueHour });
    },
  };
}

/** The reply deadline of a chat that started at `receivedAt`, or null where no platform counts one (website). */
export function responseDeadline(provider: string, receivedAt: Date, timeZone: string): Date | null {
  return responseWindowOf(provider)?.deadline(receivedAt, timeZone) ?? null;
}

// A shop's business hours (issue 28.7): weekly opening times in the shop's time zone and holidays.
// Pure: the server's handover text, the inbox countdown and Insights' response times, and the
// dashboard's settings page all read them through these functions. Decision 0025.
import { z } from 'zod';
import { defaultHolidays } from './my-public-holidays.ts';
import { timeZoneName } from './push.ts';
import { addDays, DEFAULT_TIME_ZONE, localDate, zonedTime } from './response-time.ts';

export const businessHoursWords = {
  title: 'Business hours',
  intro:
    'Outside these hours a chat handed to your team tells the shopper when you are back, and reply countdowns and Insights’ response times count only open hours.',
  enabled: 'Use business hours',
  timeZone: 'Time zone',
  closed: 'Closed',
  open: 'Opens',
  close: 'Closes',
  holidays: 'Holidays',
  holidaysHint: 'Closed all day. The default list is Malaysia’s national public holidays; add your state’s.',
  holidayDate: 'Date',
  holidayName: 'Holiday',
  addHoliday: 'Add holiday',
  removeHoliday: (name: string, date: string) => `Remove ${name} (${date})`,
  resetHolidays: 'Reset to Malaysian public holidays',
  save: 'Save business hours',
  saved: 'Business hours saved',
  provisional: 'Dates marked * are expected and confirmed by the government later in the year.',
  days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const,
  badTime: 'Use a time as HH:MM (24-hour)',
  closeAfterOpen: 'Closing time must be after opening time',
  badDate: 'Use a real date as YYYY-MM-DD',
  holidayNameNeeded: 'Name the holiday',
  tooManyHolidays: (max: number) => `At most ${max} holidays`,
} as const;

const w = businessHoursWords;
export const MAX_HOLIDAYS = 200;

const time = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, w.badTime);
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, w.badDate)
  .refine((d) => {
    const parsed = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === d;
  }, w.badDate);

/** One day's opening, or null when closed all day. */
export const dayHours = z
  .object({ open: time, close: time })
  .refine((d) => minutesOf(d.close) > minutesOf(d.open), { message: w.closeAfterOpen, path: ['close'] })
  .nullable();

export const holiday = z.object({
  date: isoDay,
  name: z.string().trim().min(1, w.holidayNameNeeded).max(80),
});

export const businessHours = z.object({
  /** Off: the shop counts as always open (no "back at" text, countdowns in calendar time). */
  enabled: z.boolean(),
  timeZone: timeZoneName,
  /** Sunday first (index 0), as Date#getDay. */
  week: z.array(dayHours).length(7),
  holidays: z.array(holiday).max(MAX_HOLIDAYS, w.tooManyHolidays(MAX_HOLIDAYS)),
});
export type BusinessHours = z.infer<typeof businessHours>;

/** What a shop has before its merchant sets anything: off, weekdays 9-18, Malaysia's holidays. */
export function defaultBusinessHours(timeZone = DEFAULT_TIME_ZONE): BusinessHours {
  const weekday = { open: '09:00', close: '18:00' };
  return {
    enabled: false,
    timeZone,
    week: [null, weekday, weekday, weekday, weekday, weekday, null],
    holidays: defaultHolidays(),
  };
}

const active = (h: BusinessHours | null | undefined): h is BusinessHours =>
  !!h?.enabled && h.week.some((d) => d !== null);

// A day's opening in a zone, as instants: reading a zone's clock (Intl) costs far more than the walk
// over days, and the same days recur for every chat the Insights refresh times.
const spans = new Map<string, [number, number]>();
const SPANS_KEPT = 20_000;

/** [start, end) of the shop's opening on a local day, or null when closed (or a holiday). */
function openingOn(h: BusinessHours, day: string, holidays: Set<string>): [number, number] | null {
  if (holidays.has(day)) return null;
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  const hours = h.week[new Date(Date.UTC(year, month - 1, d)).getUTCDay()];
  if (!hours) return null;
  const key = `${h.timeZone}|${day}|${hours.open}|${hours.close}`;
  const known = spans.get(key);
  if (known) return known;
  const at = (hhmm: string) => {
    const minutes = minutesOf(hhmm);
    return zonedTime(h.timeZone, {
      year,
      month,
      day: d,
      hour: Math.floor(minutes / 60),
      minute: minutes % 60,
    });
  };
  const span: [number, number] = [at(hours.open).getTime(), at(hours.close).getTime()];
  if (spans.size >= SPANS_KEPT) spans.clear();
  spans.set(key, span);
  return span;
}

const holidaySets = new WeakMap<BusinessHours, Set<string>>();
function holidaySet(h: BusinessHours): Set<string> {
  let set = holidaySets.get(h);
  if (!set) {
    set = new Set(h.holidays.map((x) => x.date));
    holidaySets.set(h, set);
  }
  return set;
}
/** How far ahead an opening is looked for: a shop closed for a year is treated as never opening. */
const HORIZON_DAYS = 370;

export function isOpenAt(h: BusinessHours | null | undefined, at: Date): boolean {
  if (!active(h)) return true;
  const span = openingOn(h, localDate(at, h.timeZone), holidaySet(h));
  return span !== null && at.getTime() >= span[0] && at.getTime() < span[1];
}

/** When the team is next at work (`at` itself when open now); null when off or never open. */
export function nextOpening(h: BusinessHours | null | undefined, at: Date): Date | null {
  if (!active(h)) return null;
  const holidays = holidaySet(h);
  let day = addDays(localDate(at, h.timeZone), -1);
  for (let i = 0; i < HORIZON_DAYS; i++, day = addDays(day, 1)) {
    const span = openingOn(h, day, holidays);
    if (span && span[1] > at.getTime()) return new Date(Math.max(span[0], at.getTime()));
  }
  return null;
}

/** Milliseconds of opening time between two instants (calendar time when hours are off). */
export function openMsBetween(h: BusinessHours | null | undefined, from: Date, to: Date): number {
  if (to <= from) return 0;
  if (!active(h)) return to.getTime() - from.getTime();
  const holidays = holidaySet(h);
  const last = localDate(to, h.timeZone);
  let total = 0;
  let day = addDays(localDate(from, h.timeZone), -1);
  // Long spans are walked a day at a time; past the horizon the rest counts as calendar time.
  for (let i = 0; day <= last; i++, day = addDays(day, 1)) {
    if (i > HORIZON_DAYS * 2) {
      const dayStart = zonedTime(h.timeZone, toWall(day)).getTime();
      return total + Math.max(0, to.getTime() - Math.max(dayStart, from.getTime()));
    }
    const span = openingOn(h, day, holidays);
    if (!span) continue;
    const start = Math.max(span[0], from.getTime());
    const end = Math.min(span[1], to.getTime());
    if (end > start) total += end - start;
  }
  return total;
}

const toWall = (day: string) => {
  const [year, month, d] = day.split('-').map(Number) as [number, number, number];
  return { year, month, day: d };
};

/** The instant `ms` of opening time after `from` (calendar time when off or never open). */
export function addOpenMs(h: BusinessHours | null | undefined, from: Date, ms: number): Date {
  if (!active(h)) return new Date(from.getTime() + ms);
  const holidays = holidaySet(h);
  let left = ms;
  let day = addDays(localDate(from, h.timeZone), -1);
  for (let i = 0; i < HORIZON_DAYS * 3; i++, day = addDays(day, 1)) {
    const span = openingOn(h, day, holidays);
    if (!span || span[1] <= from.getTime()) continue;
    const start = Math.max(span[0], from.getTime());
    if (span[1] - start >= left) return new Date(start + left);
    left -= span[1] - start;
  }
  return new Date(from.getTime() + ms);
}

/**
 * A platform's reply deadline moved to count only opening time: the window's length, started at
 * `receivedAt`, runs while the shop is open (decision 0025).
 */
export function deadlineInOpenHours(
  h: BusinessHours | null | undefined,
  receivedAt: Date,
  deadline: Date | null,
): Date | null {
  if (deadline === null || !active(h)) return deadline;
  return addOpenMs(h, receivedAt, deadline.getTime() - receivedAt.getTime());
}

// ---- the shopper's words --------------------------------------------------------------------------

export type ShopperLanguage = 'en' | 'ms' | 'zh';
const locales: Record<ShopperLanguage, string> = { en: 'en-MY', ms: 'ms-MY', zh: 'zh-CN' };

/** "Monday, 2 March, 9:00 am GMT+8" in the shopper's language, in the shop's zone. */
export function formatReturn(lang: ShopperLanguage, at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(locales[lang], {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(at);
}

/** Added to a handover's reply outside business hours: when the team is back. */
export const backAtText: Record<ShopperLanguage, (when: string) => string> = {
  en: (when) => `Our team is away right now and will be back on ${when}. We will reply to you here then.`,
  ms: (when) =>
    `Pasukan kami tiada sekarang dan akan kembali pada ${when}. Kami akan membalas anda di sini nanti.`,
  zh: (when) => `我们的团队目前不在，将于${when}回来，届时会在这里回复您。`,
};

/** The handover line for a shopper who wrote at `at`, or null while the team is at work. */
export function awayText(
  h: BusinessHours | null | undefined,
  at: Date,
  lang: ShopperLanguage,
): string | null {
  if (!active(h) || isOpenAt(h, at)) return null;
  const back = nextOpening(h, at);
  return back ? backAtText[lang](formatReturn(lang, back, h.timeZone)) : null;
}

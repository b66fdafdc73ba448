/** How the Insights page writes its figures. */
import { formatCount } from '@balas/contracts';

export const DASH = '—';

// Counts are grouped by contracts' formatCount and dates written from a table, without a locale's
// data: the page's code made three Intl formatters as it loaded, most of that evaluation (about
// 190 ms of a phone's cold Insights load, a CPU profile at 4x). The axis's compact formatter is made
// on its first use, once: toLocaleString with a locale builds a new one on every call.
export const count = formatCount;

export const percent = (r: number | null) => (r === null ? DASH : `${Math.round(r * 100)}%`);

/** A time span in the largest units that read naturally: "4 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function duration(ms: number | null): string {
  if (ms === null) return DASH;
  const s = ms / 1000;
  if (s < 0.1) return 'under 0.1 s';
  if (s < 10) return `${Math.round(s * 10) / 10} s`;
  if (s < 60) return `${Math.round(s)} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.floor(min / 60);
  if (h < 24) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`;
  const d = Math.floor(h / 24);
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`;
}

let compact: Intl.NumberFormat | undefined;
/** A count on an axis: "1,500", and from 10,000 on "25K", "1.5M" (the axis is 56 px wide). */
function countLabel(v: number): string {
  if (v < 10_000) return formatCount(Math.round(v));
  compact ??= new Intl.NumberFormat('en-MY', { notation: 'compact' });
  return compact.format(v);
}

/** The value axis of a chart: where its ticks go (from 0 to `max`) and how they read. */
export interface AxisTicks {
  max: number;
  ticks: number[];
  format: (value: number) => string;
}

/** 0, step, 2 step... up to the first multiple of `step` at or above `top` (at least one step). */
function steps(top: number, step: number): number[] {
  const n = Math.max(1, Math.ceil(top / step - 1e-9));
  return Array.from({ length: n + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

/** The smallest of `candidates` that splits `top` into at most `most` steps. */
const pick = (top: number, candidates: number[], most = 4) =>
  candidates.find((c) => top / c <= most) ?? candidates[candidates.length - 1]!;

/** 1, 2, 5, 10, 20, 50... up to past `top`. */
function niceSteps(top: number): number[] {
  const out: number[] = [];
  for (let p = 1; out.length === 0 || out[out.length - 1]! * 4 < top; p *= 10) out.push(p, 2 * p, 5 * p);
  return out;
}

/**
 * Ticks a reader takes in at a glance (issue 26: "33.3…"): whole numbers for counts, 0 to 100 % for
 * shares, and for times one unit chosen by the largest value, at round steps of it (0, 15, 30 s;
 * 0, 2, 4 h). A chart starts at 0, so bars of time and counts compare by their height.
 */
export function axisTicks(kind: 'count' | 'share' | 'time', values: (number | null)[]): AxisTicks {
  const top = Math.max(0, ...values.filter((v): v is number => v !== null && Number.isFinite(v)));
  if (kind === 'share')
    return { max: 1, ticks: [0, 0.25, 0.5, 0.75, 1], format: (v) => `${Math.round(v * 100)}%` };
  if (kind === 'count') {
    const ticks = steps(Math.max(top, 1), pick(Math.max(top, 1), niceSteps(top)));
    return { max: ticks[ticks.length - 1]!, ticks, format: countLabel };
  }
  const units = [
    { ms: 1000, name: 's', upTo: 90_000, steps: [0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 20, 30] },
    { ms: 60_000, name: 'min', upTo: 90 * 60_000, steps: [1, 2, 5, 10, 15, 20, 30] },
    { ms: 3600_000, name: 'h', upTo: 48 * 3600_000, steps: [1, 2, 3, 6, 12] },
    { ms: 86_400_000, name: 'd', upTo: Number.POSITIVE_INFINITY, steps: [1, 2, 5, 7, 14, 30, 60, 90] },
  ];
  const unit = units.find((u) => top < u.upTo)!;
  const inUnit = Math.max(top / unit.ms, unit.steps[0]!);
  const ticks = steps(inUnit, pick(inUnit, unit.steps));
  return {
    max: ticks[ticks.length - 1]! * unit.ms,
    ticks: ticks.map((t) => t * unit.ms),
    format: (v) => `${Number((v / unit.ms).toPrecision(3))} ${unit.name}`,
  };
}

// British English's short month names (CLDR's en-GB, as Intl.DateTimeFormat writes them; the test
// compares): written out, because the page's subtitle needs them in its first render.
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** "12 Jun" from YYYY-MM-DD, read as a calendar day (no time zone shift). */
export function shortDate(day: string): string {
  const [, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${d} ${months[m - 1]}`;
}

/** "12 Jun, 14:05" in the browser's time zone, as British English writes a day and a time. */
export function dayAndTime(iso: string): string {
  const at = new Date(iso);
  const hh = String(at.getHours()).padStart(2, '0');
  const mm = String(at.getMinutes()).padStart(2, '0');
  return `${at.getDate()} ${months[at.getMonth()]}, ${hh}:${mm}`;
}

export interface Change {
  text: string;
  /** Whether the change is good news for the merchant; null when neutral or unknown. */
  good: boolean | null;
}

/**
 * The change from the previous period, in the figure's own terms: points for shares, the
 * relative change for counts and times. `higherIsBetter` null: neither direction is good news.
 */
export function change(
  current: number | null,
  previous: number | null,
  kind: 'count' | 'share' | 'time',
  higherIsBetter: boolean | null,
): Change | null {
  if (current === null || previous === null) return null;
  const diff = current - previous;
  if (diff === 0) return { text: 'no change', good: null };
  const good = higherIsBetter === null ? null : diff > 0 === higherIsBetter;
  const sign = diff > 0 ? '+' : '−';
  if (kind === 'share') return { text: `${sign}${Math.abs(Math.round(diff * 100))} pts`, good };
  if (previous === 0) return { text: diff > 0 ? 'new' : 'no change', good: diff > 0 ? good : null };
  return { text: `${sign}${Math.abs(Math.round((diff / previous) * 100))}%`, good };
}

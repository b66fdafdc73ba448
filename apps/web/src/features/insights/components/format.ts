/** How the Insights page writes its figures. */

export const DASH = '—';

export const count = (n: number) => n.toLocaleString('en-MY');

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

/** Axis labels for times: one unit chosen by the largest value, so ticks stay distinct. */
export function durationAxis(values: (number | null)[]): (ms: number) => string {
  const max = Math.max(0, ...values.filter((v): v is number => v !== null));
  if (max < 1000) return (ms) => `${Math.round(ms)} ms`;
  if (max < 60_000) return (ms) => `${Math.round(ms / 100) / 10} s`;
  if (max < 3600_000) return (ms) => `${Math.round(ms / 6000) / 10} min`;
  return (ms) => `${Math.round(ms / 360_000) / 10} h`;
}

/** "12 Jun" from YYYY-MM-DD, read as a calendar day (no time zone shift). */
export function shortDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
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

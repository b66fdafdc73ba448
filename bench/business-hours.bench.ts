import { performance } from 'node:perf_hooks';
import {
  awayText,
  type BusinessHours,
  defaultBusinessHours,
  openMsBetween,
  responseDeadline,
  shopTimeZone,
} from '@balas/contracts';
import type { Figure } from './support.ts';

// What business hours add per chat: the Insights refresh times a person's first reply in open time
// (openMsBetween), the countdown moves a deadline, and a handover outside hours words the return.
// Each is timed against the platform deadline the refresh already computes per chat (the baseline).
const HOUR = 3600_000;
const hours: BusinessHours = { ...defaultBusinessHours(), enabled: true };
const zone = shopTimeZone('MY');

function perCall(run: (i: number) => unknown, n: number): number {
  for (let i = 0; i < Math.min(200, n); i++) run(i);
  const start = performance.now();
  for (let i = 0; i < n; i++) run(i);
  return ((performance.now() - start) / n) * 1000;
}

export async function benchBusinessHours(): Promise<Figure[]> {
  const base = Date.parse('2026-09-01T00:00:00Z');
  const at = (i: number) => new Date(base + ((i * 7919) % (60 * 24)) * 60_000);
  const baseline = perCall((i) => responseDeadline('lazada', at(i), zone), 20_000);
  const spans = [
    ['1 hour', HOUR],
    ['3 days', 3 * 24 * HOUR],
    ['30 days', 30 * 24 * HOUR],
  ] as const;
  const figures: Figure[] = [{ name: 'baseline: platform deadline per chat', value: baseline, unit: 'µs' }];
  for (const [label, span] of spans) {
    const us = perCall((i) => openMsBetween(hours, at(i), new Date(at(i).getTime() + span)), 5_000);
    figures.push({ name: `open time of a ${label} reply per chat`, value: us, unit: 'µs', budget: 1000 });
    figures.push({ name: `  ratio to the baseline (${label})`, value: us / baseline, unit: '×' });
  }
  const languages = ['en', 'ms', 'zh'] as const;
  const away = perCall((i) => awayText(hours, at(i), languages[i % 3] ?? 'en'), 5_000);
  figures.push({ name: 'handover "back on" line', value: away, unit: 'µs', budget: 1000 });
  figures.push({ name: '  ratio to the baseline (back on)', value: away / baseline, unit: '×' });
  return figures;
}

import type { Config } from '../config.ts';

/**
 * The moment before which unfinished work (a reply still pending, an answer still due, a file still
 * being read) was cut off by a crash. Past `ageMs` it was, whatever the deployment. In embedded mode
 * (no REDIS_URL) this process alone runs jobs, so whatever it did not start itself, because it was
 * there before this process started, was cut off too: recovery at start need not wait `ageMs`.
 */
export function crashCutoff(config: Pick<Config, 'redisUrl'>, startedAt: Date, ageMs: number): Date {
  const aged = Date.now() - ageMs;
  return new Date(config.redisUrl ? aged : Math.max(aged, startedAt.getTime()));
}

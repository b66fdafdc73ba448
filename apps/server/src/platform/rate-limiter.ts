import { Redis } from 'ioredis';

/** Fixed-window counters: in memory, or in Redis so every API process shares them. */
export interface RateLimiter {
  /** Counts one hit; returns the seconds to wait when the limit is passed, else 0. */
  hit(key: string, max: number, windowMs: number): Promise<number>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    async hit(key, max, windowMs) {
      const now = Date.now();
      let w = windows.get(key);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
        if (windows.size > 50_000) {
          for (const [k, v] of windows) if (v.resetAt <= now) windows.delete(k);
        }
      }
      w.count++;
      return w.count > max ? Math.ceil((w.resetAt - now) / 1000) : 0;
    },
    async close() {},
  };
}

export function createRedisRateLimiter(redisUrl: string, prefix: string): RateLimiter {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  return {
    async hit(key, max, windowMs) {
      const k = `${prefix}:rl:${key}`;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [
        [null, number],
        [null, number],
      ];
      if (ttl < 0) await redis.pexpire(k, windowMs);
      return count > max ? Math.ceil((ttl < 0 ? windowMs : ttl) / 1000) : 0;
    },
    async close() {
      redis.disconnect();
    },
  };
}

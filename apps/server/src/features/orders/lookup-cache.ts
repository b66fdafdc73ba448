import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lookupCache } from '../../db/schema.ts';

/** Expired rows are swept by one of every this many writes of a process. */
const SWEEP_EVERY = 100;

/**
 * Platform answers kept `ttlMs` in the database, so every API process reuses them; within a process
 * concurrent loads of the same key share one platform call. A load that throws is not cached.
 */
export function createLookupCache(db: Db, ttlMs: number, now: () => number = Date.now) {
  const inFlight = new Map<string, Promise<unknown>>();
  let writes = 0;

  async function read<T>(shopId: string, key: string): Promise<T | undefined> {
    const [row] = await db
      .select({ value: lookupCache.value })
      .from(lookupCache)
      .where(
        and(
          eq(lookupCache.shopId, shopId),
          eq(lookupCache.key, key),
          gt(lookupCache.expiresAt, new Date(now())),
        ),
      );
    return row ? (row.value as T) : undefined;
  }

  async function write(shopId: string, key: string, value: unknown) {
    const expiresAt = new Date(now() + ttlMs);
    await db
      .insert(lookupCache)
      .values({ shopId, key, value, expiresAt })
      .onConflictDoUpdate({ target: [lookupCache.shopId, lookupCache.key], set: { value, expiresAt } });
    if (++writes % SWEEP_EVERY === 0)
      await db.delete(lookupCache).where(lt(lookupCache.expiresAt, new Date(now())));
  }

  return {
    /** The cached value of `key`, else what `load` gives (then cached, unless `keep` says no). */
    async get<T>(
      shopId: string,
      key: string,
      load: () => Promise<T>,
      keep: (value: T) => boolean = () => true,
    ): Promise<T> {
      const id = `${shopId}:${key}`;
      const pending = inFlight.get(id);
      if (pending) return pending as Promise<T>;
      const promise = (async () => {
        const hit = await read<T>(shopId, key);
        if (hit !== undefined) return hit;
        const value = await load();
        if (keep(value)) await write(shopId, key, value);
        return value;
      })().finally(() => inFlight.delete(id));
      inFlight.set(id, promise);
      return promise;
    },

    /** Forgets one answer (e.g. the merchant asked to re-read it). */
    async forget(shopId: string, key: string) {
      await db.delete(lookupCache).where(and(eq(lookupCache.shopId, shopId), eq(lookupCache.key, key)));
    },
  };
}

export type LookupCache = ReturnType<typeof createLookupCache>;

/**
 * Shops' retrieval indexes kept in memory under a byte budget: the least recently used shop leaves
 * first, so a process serving thousands of shops holds the busy ones and rebuilds a quiet one on
 * its next question. An entry is valid for one training version; concurrent misses for the same
 * shop and version share one build. A build for a newer version is handed the entry it replaces, so
 * it can update that index by what changed instead of building it from nothing.
 */
export interface IndexCache<T> {
  get(shopId: string, version: number, build: (previous: T | undefined) => Promise<T>): Promise<T>;
  stats(): IndexCacheStats;
}

export interface IndexCacheStats {
  shops: number;
  bytes: number;
  budgetBytes: number;
  hits: number;
  misses: number;
  evictions: number;
}

export function createIndexCache<T>(options: {
  budgetBytes: number;
  sizeOf: (index: T) => number;
}): IndexCache<T> {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, { version: number; index: T; bytes: number }>();
  const building = new Map<string, Promise<T>>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  let evictions = 0;

  const remove = (shopId: string) => {
    const entry = entries.get(shopId);
    if (!entry) return;
    entries.delete(shopId);
    bytes -= entry.bytes;
  };

  const store = (shopId: string, version: number, index: T) => {
    const current = entries.get(shopId);
    // A slower build of an older version must not replace a newer one.
    if (current && current.version > version) return;
    remove(shopId);
    const size = options.sizeOf(index);
    entries.set(shopId, { version, index, bytes: size });
    bytes += size;
    // The newest entry stays even alone over budget: the question being answered needs it.
    for (const [id] of entries) {
      if (bytes <= options.budgetBytes || entries.size === 1) break;
      remove(id);
      evictions++;
    }
  };

  return {
    async get(shopId, version, build) {
      const hit = entries.get(shopId);
      if (hit && hit.version === version) {
        hits++;
        entries.delete(shopId);
        entries.set(shopId, hit);
        return hit.index;
      }
      const key = `${shopId}:${version}`;
      const pending = building.get(key);
      if (pending) {
        hits++;
        return pending;
      }
      misses++;
      // An older version's index, still held: the build updates it (never a newer one's).
      const previous = hit && hit.version < version ? hit.index : undefined;
      const run = build(previous).then(
        (index) => {
          building.delete(key);
          store(shopId, version, index);
          return index;
        },
        (error: unknown) => {
          building.delete(key);
          throw error;
        },
      );
      building.set(key, run);
      return run;
    },
    stats: () => ({
      shops: entries.size,
      bytes,
      budgetBytes: options.budgetBytes,
      hits,
      misses,
      evictions,
    }),
  };
}

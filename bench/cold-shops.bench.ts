import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analysesToRead, buildShopIndex, reviveShopIndex, serializeShopIndex } from '@balas/bot';
import { eq, sql } from 'drizzle-orm';
import {
  knowledgeChunks,
  knowledgeFiles,
  type ShopRow,
  shopIndexes,
  shops,
} from '../apps/server/src/db/schema.ts';
import { createAnsweringService } from '../apps/server/src/features/answering/answering.service.ts';
import { createPassageAnalyses } from '../apps/server/src/features/answering/passage-embeddings.ts';
import { loadShopKnowledge, shopVoice } from '../apps/server/src/features/answering/shop-knowledge.ts';
import { createStoredIndexes } from '../apps/server/src/features/answering/stored-indexes.ts';
import { createWebsiteShop, signUp } from '../apps/server/src/test/test-app.ts';
import { benchOnPostgres, type Figure, percentile, startBenchApp } from './support.ts';

const SETS = fileURLToPath(new URL('../packages/bot/eval-sets/dev', import.meta.url));

/** Sentences of the development shops' training: the text the seeded chunks are made of. */
function sentencePool(): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      for (const s of v.split(/(?<=[.!?。])\s+/)) if (s.length > 25) out.push(s.trim());
    } else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  for (const set of readdirSync(SETS)) walk(JSON.parse(readFileSync(join(SETS, set, 'shop.json'), 'utf8')));
  return out;
}

const QUESTIONS = [
  'how long is the warranty?',
  'berapa kos penghantaran ke Sabah?',
  'can I return it if it is damaged?',
  '保修期多久？',
  'do you install the aircond?',
  'ada stok lagi tak?',
];

/**
 * Issue 29.3: thousands of shops in one process. Seeds COLD_SHOPS shops of COLD_CHUNKS chunks
 * (default 100 x 200 on PGlite; DATABASE_URL: PostgreSQL). Asks each shop for the first time ever
 * (every passage analysed and stored), then once more (warm). Then, the stored indexes deleted, a
 * second service that holds none of them asks each (cold, built from the shop's rows and stored
 * analyses), and a third asks each (cold, the stored index revived). Then it edits a chunk of a held
 * shop and asks again (the index updated by the edit). Reports the answer times, where a cold
 * answer's time goes, and the process's heap and RSS beside INDEX_CACHE_MB.
 */
export async function benchColdShops(): Promise<Figure[]> {
  const count = Number(process.env.COLD_SHOPS ?? 100);
  const chunksPerShop = Number(process.env.COLD_CHUNKS ?? 200);
  const bench = await startBenchApp({ postgres: benchOnPostgres() });
  const { ctx } = bench;
  const db = ctx.database.db;
  try {
    const { headers } = await signUp(bench.app);
    const firstId = await createWebsiteShop(bench.app, headers, 'Cold shop 0');
    const [first] = await db.select().from(shops).where(eq(shops.id, firstId));
    const pool = sentencePool();
    const seedStarted = performance.now();
    const rows: ShopRow[] = [first!];
    for (let s = 1; s < count; s += 200) {
      const batch = Array.from({ length: Math.min(200, count - s) }, (_, i) => {
        const { id: _id, oauthStateHash: _o, createdAt: _c, updatedAt: _u, ...rest } = first!;
        return { ...rest, name: `Cold shop ${s + i}`, externalId: `${first!.externalId}-${s + i}` };
      });
      rows.push(...(await db.insert(shops).values(batch).returning()));
    }
    for (const [s, shop] of rows.entries()) {
      const [file] = await db
        .insert(knowledgeFiles)
        .values({
          shopId: shop.id,
          fileName: 'store-guide.txt',
          size: 0,
          mime: 'text/plain',
          storageKey: `bench/${shop.id}`,
          chunkSize: 800,
          status: 'ready',
          chunkCount: chunksPerShop,
        })
        .returning();
      const chunks = Array.from({ length: chunksPerShop }, (_, i) => ({
        fileId: file!.id,
        shopId: shop.id,
        ordinal: i,
        // Five sentences of the pool, a different run for each chunk and shop, and the shop's own code.
        text: `${Array.from({ length: 5 }, (_, k) => pool[(s * 7919 + i * 31 + k * 13) % pool.length]).join(' ')} Kod ${s}-${i}.`,
      }));
      for (let i = 0; i < chunks.length; i += 500)
        await db.insert(knowledgeChunks).values(chunks.slice(i, i + 500));
    }
    const seedMs = performance.now() - seedStarted;

    type Service = ReturnType<typeof createAnsweringService>;
    const ask = async (service: Service, shop: ShopRow, i: number) => {
      const t = performance.now();
      await service.answer(shop, QUESTIONS[i % QUESTIONS.length]!, { conversation: 'bench', log: false });
      return performance.now() - t;
    };
    // Shops in a scattered order, each asked for the first time ever (every passage analysed, the
    // analyses stored), then again (warm). The service (and its cache) is left for the collector.
    const firstEver: number[] = [];
    const warm: number[] = [];
    const order = rows.map((_, i) => (i * 7) % rows.length);
    await (async () => {
      const answering = createAnsweringService(ctx, {});
      for (const [n, i] of order.entries()) {
        firstEver.push(await ask(answering, rows[i]!, n));
        warm.push(await ask(answering, rows[i]!, n + 1));
      }
      await answering.indexesWritten();
    })();
    // A process that holds none of them (a new worker, or the shop evicted), with no stored index:
    // it reads each shop's rows and stored analyses and assembles (as before decision 0032), and
    // stores the index. Its cache is left for the collector too.
    await db.delete(shopIndexes);
    const coldBuilt: number[] = [];
    await (async () => {
      const built = createAnsweringService(ctx, {});
      for (const [n, i] of order.entries()) coldBuilt.push(await ask(built, rows[i]!, n));
      await built.indexesWritten();
    })();
    // Another such process: each shop's index revived from the stored one.
    const other = createAnsweringService(ctx, {});
    const cold: number[] = [];
    for (const [n, i] of order.entries()) cold.push(await ask(other, rows[i]!, n));

    // Where a cold answer's time goes (20 shops, outside the cache): the stored index read and
    // revived; and, for a version no process has built yet, the shop's rows, analyses and assembly.
    const store = createPassageAnalyses(db);
    const storedIndexes = createStoredIndexes(db);
    const storedReadMs: number[] = [];
    const reviveMs: number[] = [];
    const serializeMs: number[] = [];
    const storedKb: number[] = [];
    const loadMs: number[] = [];
    const readMs: number[] = [];
    const buildMs: number[] = [];
    const scratchMs: number[] = [];
    for (const shop of rows.slice(0, 20)) {
      let t = performance.now();
      const knowledge = await loadShopKnowledge(db, shop);
      loadMs.push(performance.now() - t);
      t = performance.now();
      const stored = await store.load(analysesToRead(knowledge));
      readMs.push(performance.now() - t);
      t = performance.now();
      buildShopIndex(knowledge, undefined, stored);
      buildMs.push(performance.now() - t);
      t = performance.now();
      const built = buildShopIndex(knowledge);
      scratchMs.push(performance.now() - t);
      t = performance.now();
      serializeShopIndex(built);
      serializeMs.push(performance.now() - t);
      t = performance.now();
      const data = await storedIndexes.load(shop.id, shop.trainingVersion);
      storedReadMs.push(performance.now() - t);
      storedKb.push((data?.length ?? 0) / 1024);
      t = performance.now();
      if (data === undefined || !reviveShopIndex(data, shopVoice(shop))) throw new Error('no stored index');
      reviveMs.push(performance.now() - t);
    }

    // A chunk edited and the training version bumped, as another process's edit would: the next
    // answer of the process holding the index updates it by the changed chunk. The shop asked last
    // is still held (most recently used).
    const edited: number[] = [];
    for (let k = 0; k < 20; k++) {
      const shop = rows[order.at(-1)!]!;
      const [chunk] = await db
        .select()
        .from(knowledgeChunks)
        .where(eq(knowledgeChunks.shopId, shop.id))
        .limit(1);
      await db
        .update(knowledgeChunks)
        .set({ text: `${chunk!.text} Edit ${k}.` })
        .where(eq(knowledgeChunks.id, chunk!.id));
      const [bumped] = await db
        .update(shops)
        .set({ trainingVersion: sql`${shops.trainingVersion} + 1` })
        .where(eq(shops.id, shop.id))
        .returning();
      edited.push(await ask(other, bumped!, k));
    }
    await other.indexesWritten();

    globalThis.gc?.();
    const memory = process.memoryUsage();
    const stats = other.indexStats();
    const mb = (b: number) => b / 1024 / 1024;
    const coldP95 = percentile(cold, 95);
    const warmP95 = percentile(warm, 95);
    const perShopSeedMs = seedMs / rows.length;
    console.log(
      `  ${rows.length} shops x ${chunksPerShop} chunks on ${bench.databaseUrl ? 'PostgreSQL' : 'PGlite'}, seeded in ${(seedMs / 1000).toFixed(1)} s; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; cache ${stats.shops} shops, ${stats.evictions} evictions`,
    );
    console.log(
      `  5,000 shops would take ${((perShopSeedMs * 5000) / 60000).toFixed(0)} min to seed here; a cold answer reads one shop's rows by index, so its time does not grow with the shop count`,
    );
    return [
      {
        name: 'first answer ever p95 (every passage analysed)',
        value: percentile(firstEver, 95),
        unit: 'ms',
      },
      { name: 'cold first answer, built from rows p50', value: percentile(coldBuilt, 50), unit: 'ms' },
      { name: 'cold first answer, built from rows p95', value: percentile(coldBuilt, 95), unit: 'ms' },
      { name: 'cold first answer p50', value: percentile(cold, 50), unit: 'ms' },
      { name: 'cold first answer p95', value: coldP95, unit: 'ms', budget: 200 },
      { name: 'warm answer p95', value: warmP95, unit: 'ms' },
      { name: 'cold / warm p95', value: coldP95 / Math.max(warmP95, 0.01), unit: 'x' },
      { name: 'answer after an edit p95 (index updated)', value: percentile(edited, 95), unit: 'ms' },
      { name: 'cold: reading the stored index p50', value: percentile(storedReadMs, 50), unit: 'ms' },
      { name: 'cold: reviving it p50', value: percentile(reviveMs, 50), unit: 'ms' },
      { name: 'stored index p50 (JSON text)', value: percentile(storedKb, 50), unit: 'KB' },
      { name: 'writing it out after a build p50', value: percentile(serializeMs, 50), unit: 'ms' },
      { name: 'new version: reading the shop rows p50', value: percentile(loadMs, 50), unit: 'ms' },
      { name: 'new version: reading the stored analyses p50', value: percentile(readMs, 50), unit: 'ms' },
      { name: 'new version: building from them p50', value: percentile(buildMs, 50), unit: 'ms' },
      { name: 'building from nothing p50', value: percentile(scratchMs, 50), unit: 'ms' },
      {
        name: 'index cache (INDEX_CACHE_MB)',
        value: mb(stats.bytes),
        unit: 'MB',
        budget: mb(stats.budgetBytes),
      },
      { name: 'heap used', value: mb(memory.heapUsed), unit: 'MB' },
      { name: 'RSS (worker budget 512 MB)', value: mb(memory.rss), unit: 'MB', budget: 512 },
    ];
  } finally {
    await bench.close();
  }
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analysesToRead, buildShopIndex, reviveShopIndex, serializeShopIndex } from '@balas/bot';
import { eq } from 'drizzle-orm';
import { build } from 'esbuild';
import pg from 'pg';
import { externalDependencies } from '../apps/server/external-dependencies.mjs';
import { loadConfig } from '../apps/server/src/config.ts';
import { type ShopRow, shops } from '../apps/server/src/db/schema.ts';
import { createPassageAnalyses } from '../apps/server/src/features/answering/passage-embeddings.ts';
import { loadShopKnowledge, shopVoice } from '../apps/server/src/features/answering/shop-knowledge.ts';
import { createStoredIndexes } from '../apps/server/src/features/answering/stored-indexes.ts';
import { claimRedisDatabase, workerNodeOptions } from '../apps/server/src/test/processes.ts';
import { createWebsiteShop, signUp } from '../apps/server/src/test/test-app.ts';
import { seededRandom } from '../packages/bot/src/eval/seeded-random.ts';
import type { WorkerAsk, WorkerReply } from './cold-shops-worker.ts';
import { rssMb, sleep } from './fleet.ts';
import { type Figure, percentile, report, spawnProduct, startBenchApp } from './support.ts';

const SETS = fileURLToPath(new URL('../packages/bot/eval-sets/dev', import.meta.url));
const REPO = fileURLToPath(new URL('..', import.meta.url));
const SERVER = join(REPO, 'apps/server');
/** Bench workers that build the seeded shops' first indexes, and shops each builds at a time. */
const SEED_WORKERS = Number(process.env.COLD_SEED_WORKERS ?? 2);
const SEED_IN_FLIGHT = 3;

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

function shuffled<T>(xs: T[], next: () => number): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The bench's worker (cold-shops-worker.ts) bundled next to the built server, as apps/server/build.mjs
 * bundles worker-main.ts: workspace packages in, node_modules packages left to Node, so the process
 * holds what a production worker holds and no TypeScript loader.
 */
async function bundleWorker(): Promise<string> {
  if (!existsSync(join(SERVER, 'dist/worker-main.js'))) throw new Error('run npm run build first');
  const outfile = join(SERVER, 'dist/cold-shops-worker.js');
  await build({
    entryPoints: [join(REPO, 'bench/cold-shops-worker.ts')],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalDependencies(join(SERVER, 'dist'))],
  });
  return outfile;
}

/** The bench's worker process, and a way to ask it one thing at a time. */
async function startWorker(script: string, env: Record<string, string>, nodeOptions: string[]) {
  const logs: string[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', '--expose-gc', ...nodeOptions, script],
    {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    },
  );
  child.stdout?.on('data', (d) => logs.push(String(d)));
  child.stderr?.on('data', (d) => logs.push(String(d)));
  const replies: WorkerReply[] = [];
  // Several asks may be in flight (the seeding's): each waits for the next reply.
  const waiting = new Set<() => void>();
  child.on('message', (m: WorkerReply) => {
    replies.push(m);
    for (const wake of waiting) wake();
  });
  const next = async <K extends WorkerReply['kind']>(kind: K) => {
    const deadline = Date.now() + 120_000;
    while (replies.length === 0) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`the bench worker stopped answering:\n${logs.join('')}`);
      await new Promise<void>((r) => {
        const wake = () => {
          waiting.delete(wake);
          r();
        };
        waiting.add(wake);
        setTimeout(wake, 1000);
      });
    }
    const reply = replies.shift()!;
    if (reply.kind !== kind) throw new Error(`expected ${kind}, got ${reply.kind}`);
    return reply as Extract<WorkerReply, { kind: K }>;
  };
  const ready = await next('ready');
  return {
    pid: child.pid!,
    ready,
    async ask(shopId: string, question: string) {
      child.send({ kind: 'ask', shopId, question } satisfies WorkerAsk);
      return next('answered');
    },
    /** Settles once the indexes the worker built so far are stored. */
    async written() {
      child.send({ kind: 'written' } satisfies WorkerAsk);
      return next('written');
    },
    /** The worker's memory after a full collection: what it still holds. */
    async settle() {
      child.send({ kind: 'settle' } satisfies WorkerAsk);
      return next('settled');
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.send({ kind: 'stop' } satisfies WorkerAsk);
      await exited;
    },
  };
}

/** The peak resident memory of a process so far (Linux /proc VmHWM), in MB. */
const peakRssMb = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+)/)?.[1] ?? 0) / 1024;

/**
 * Issue 29.3: thousands of shops, and a worker's memory under its budget. Seeds shops of COLD_CHUNKS
 * chunks (default 200) on a PostgreSQL database of its own (bulk SQL), and builds and stores each
 * shop's index through the answering service, as a shop's first answer does. At each count of
 * COLD_SHOPS (default 100; a comma-separated list of counts, 100 first if missing, one database) a new
 * worker process (cold-shops-worker.ts: what worker-main.ts holds) asks every shop seeded so far
 * for the first time, in a random order (COLD_SEED), each answer cold (the stored index revived),
 * and every tenth shop a second time (warm). Reports cold and warm p50/p95, the worker's RSS and heap
 * (at start, peak, at end after a collection) beside INDEX_CACHE_MB and the 512 MB budget, and an
 * idle worker-main.js's RSS beside the bench worker's. Then where a cold answer's time goes.
 */
export async function benchColdShops(): Promise<Figure[]> {
  const counts = (process.env.COLD_SHOPS ?? '100').split(',').map(Number);
  const stages = [...new Set([Math.min(100, ...counts), ...counts])].sort((a, b) => a - b);
  const chunksPerShop = Number(process.env.COLD_CHUNKS ?? 200);
  const next = seededRandom(Number(process.env.COLD_SEED ?? 29));
  const outer = loadConfig(process.env);
  // This process answers nothing (bench workers build and answer): its own cache stays small.
  const bench = await startBenchApp({ postgres: true, env: { INDEX_CACHE_MB: '32' } });
  const redis = await claimRedisDatabase(
    outer.redisUrl ?? 'redis://127.0.0.1:6379',
    'balas-bench:cold-shops:claim',
  );
  const sqlClient = new pg.Client({ connectionString: bench.databaseUrl });
  await sqlClient.connect();
  const { ctx } = bench;
  const db = ctx.database.db;
  const figures: Figure[] = [];
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  try {
    const script = await bundleWorker();
    const workerEnv = {
      DATABASE_URL: bench.databaseUrl!,
      REDIS_URL: redis.url,
      DATA_DIR: ctx.config.dataDir,
      SECRET_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://127.0.0.1:3999',
      LOG_LEVEL: 'warn',
      ...(process.env.INDEX_CACHE_MB ? { INDEX_CACHE_MB: process.env.INDEX_CACHE_MB } : {}),
    };
    const { headers } = await signUp(bench.app);
    const firstId = await createWebsiteShop(bench.app, headers, 'Cold shop 0');
    const [first] = await db.select().from(shops).where(eq(shops.id, firstId));
    const pool = sentencePool();
    const rows: ShopRow[] = [];
    const firstEver: number[] = [];
    let seedMs = 0;
    let buildMs = 0;

    /**
     * Shops up to `count`: their rows, one file and its chunks by bulk SQL. A chunk is five sentences
     * of the pool, a different run for each chunk and shop; the first chunk also has the shop's own
     * code. Texts repeat across shops, so a passage's analysis is made once and stored (keyed by its
     * text, as in production) and a later shop's build reads it: the seeding pays for each shop's
     * assembly and stored index, not for analysing 200 new texts a shop.
     */
    async function seedUpTo(count: number) {
      const started = performance.now();
      const added: ShopRow[] = [];
      if (rows.length === 0) added.push(first!);
      for (let s = rows.length + added.length; s < count; s += 500) {
        const batch = Array.from({ length: Math.min(500, count - s) }, (_, i) => {
          const { id: _id, oauthStateHash: _o, createdAt: _c, updatedAt: _u, ...rest } = first!;
          return { ...rest, name: `Cold shop ${s + i}`, externalId: `${first!.externalId}-${s + i}` };
        });
        added.push(...(await db.insert(shops).values(batch).returning()));
      }
      const base = rows.length;
      for (let b = 0; b < added.length; b += 100) {
        const slice = added.slice(b, b + 100);
        await sqlClient.query(
          `with files as (
             insert into knowledge_files (shop_id, file_name, size, mime, storage_key, chunk_size, status, chunk_count)
             select shop_id, 'store-guide.txt', 0, 'text/plain', 'bench/' || shop_id, 800, 'ready', $3
             from unnest($1::uuid[]) as u(shop_id)
             returning id, shop_id
           )
           insert into knowledge_chunks (file_id, shop_id, ordinal, text)
           select files.id, files.shop_id, g.i,
             (select string_agg(($4::text[])[((u.s * 7919 + g.i * 31 + k * 13) % cardinality($4::text[])) + 1], ' ' order by k)
                from generate_series(0, 4) as k)
             || case when g.i = 0 then ' Kod ' || u.s || '.' else '' end
           from files
           join unnest($1::uuid[], $2::int[]) as u(shop_id, s) on u.shop_id = files.shop_id
           cross join generate_series(0, $3 - 1) as g(i)`,
          [slice.map((r) => r.id), slice.map((_, i) => base + b + i), chunksPerShop, pool],
        );
      }
      seedMs += performance.now() - started;
      // Each new shop's first answer: its index built (from the stored analyses once a text has been
      // analysed) and stored, by the answering service of SEED_WORKERS bench workers (node's default
      // options, the seeding's own small cache), SEED_IN_FLIGHT shops at a time in each, so both
      // cores and the database's waits are used.
      const buildStarted = performance.now();
      const seeders = await Promise.all(
        Array.from({ length: SEED_WORKERS }, () =>
          startWorker(script, { ...workerEnv, INDEX_CACHE_MB: '32' }, []),
        ),
      );
      try {
        let at = 0;
        await Promise.all(
          seeders.flatMap((seeder) =>
            Array.from({ length: SEED_IN_FLIGHT }, async () => {
              while (at < added.length) {
                const shop = added[at++]!;
                firstEver.push((await seeder.ask(shop.id, QUESTIONS[at % QUESTIONS.length]!)).ms);
              }
            }),
          ),
        );
        await Promise.all(seeders.map((seeder) => seeder.written()));
      } finally {
        await Promise.all(seeders.map((seeder) => seeder.stop()));
      }
      buildMs += performance.now() - buildStarted;
      rows.push(...added);
    }

    // Workers started with no option for node (the code before the young generation was capped) and
    // as `npm run worker` starts them, alternated.
    const variants = [
      { name: 'node defaults', options: [] as string[] },
      { name: 'npm run worker', options: workerNodeOptions() },
    ];
    // A production worker at rest, for what the bench's worker holds beside it.
    for (const variant of variants) {
      const idle = spawnProduct('worker-main.js', { ...workerEnv, LOG_LEVEL: 'info' }, variant.options);
      const deadline = Date.now() + 60_000;
      while (!idle.logs.some((l) => l.includes('"worker started"'))) {
        if (idle.child.exitCode !== null || Date.now() > deadline) {
          await idle.stop();
          throw new Error(`worker-main.js did not start:\n${idle.logs.join('')}`);
        }
        await sleep(100);
      }
      await sleep(2000);
      figures.push({
        name: `idle worker-main.js RSS [${variant.name}]`,
        value: rssMb(idle.child.pid!),
        unit: 'MB',
        budget: 512,
      });
      await idle.stop();
    }
    const asks = Number(process.env.COLD_ASKS ?? Number.POSITIVE_INFINITY);

    const coldP95 = new Map<string, number[]>();
    for (const [stage, count] of stages.entries()) {
      await seedUpTo(count);
      console.log(
        `  ${rows.length} shops x ${chunksPerShop} chunks seeded (${(seedMs / 1000).toFixed(1)} s SQL, ${(buildMs / 1000).toFixed(1)} s first answers, ${((seedMs + buildMs) / rows.length).toFixed(0)} ms a shop, ${SEED_WORKERS} workers); load average ${load()}`,
      );
      const order = shuffled(rows, next).slice(0, asks);
      for (const variant of stage % 2 === 0 ? variants : [...variants].reverse()) {
        const worker = await startWorker(script, workerEnv, variant.options);
        try {
          const startRss = worker.ready.memory.rss;
          const cold: number[] = [];
          const warm: number[] = [];
          let peakHeap = worker.ready.memory.heapUsed;
          let cache = { shops: 0, bytes: 0, budgetBytes: 0, evictions: 0 };
          for (const [n, shop] of order.entries()) {
            const asked = await worker.ask(shop.id, QUESTIONS[n % QUESTIONS.length]!);
            cold.push(asked.ms);
            peakHeap = Math.max(peakHeap, asked.memory.heapUsed);
            cache = asked.cache;
            if (n % 10 === 0) {
              const again = await worker.ask(shop.id, QUESTIONS[(n + 1) % QUESTIONS.length]!);
              warm.push(again.ms);
            }
          }
          const peakRss = peakRssMb(worker.pid);
          const settled = await worker.settle();
          const mb = (b: number) => b / 1024 / 1024;
          const p95 = percentile(cold, 95);
          coldP95.set(variant.name, [...(coldP95.get(variant.name) ?? []), p95]);
          console.log(
            `  ${order.length} of ${rows.length} shops asked cold by a new worker [${variant.name}: ${variant.options.join(' ')}]; load average ${load()}; cache ${cache.shops} shops, ${cache.evictions} evictions; V8 heap limit ${mb(settled.heapLimit).toFixed(0)} MB; heap spaces at end (MB reserved / used) ${Object.entries(
              settled.spaces,
            )
              .filter(([, v]) => v.size > 0)
              .map(([k, v]) => `${k} ${v.size}/${v.used}`)
              .join(', ')}`,
          );
          const at = `${rows.length} shops [${variant.name}]:`;
          // Printed as measured: a long run's counts so far are not lost if it is stopped.
          report([
            { name: `${at} cold first answer p50`, value: percentile(cold, 50), unit: 'ms' },
            { name: `${at} cold first answer p95`, value: p95, unit: 'ms', budget: 200 },
            { name: `${at} warm answer p95`, value: percentile(warm, 95), unit: 'ms' },
            { name: `${at} cold / warm p95`, value: p95 / Math.max(percentile(warm, 95), 0.01), unit: 'x' },
            {
              name: `${at} index cache (INDEX_CACHE_MB)`,
              value: mb(cache.bytes),
              unit: 'MB',
              budget: mb(cache.budgetBytes),
            },
            { name: `${at} worker RSS at start`, value: mb(startRss), unit: 'MB' },
            { name: `${at} worker RSS peak`, value: peakRss, unit: 'MB', budget: 512 },
            { name: `${at} worker RSS at end`, value: mb(settled.memory.rss), unit: 'MB', budget: 512 },
            { name: `${at} worker heap used peak`, value: mb(peakHeap), unit: 'MB' },
            {
              name: `${at} worker heap used at end (collected)`,
              value: mb(settled.memory.heapUsed),
              unit: 'MB',
            },
            { name: `${at} worker heap total at end`, value: mb(settled.memory.heapTotal), unit: 'MB' },
            {
              name: `${at} worker external + array buffers at end`,
              value: mb(settled.memory.external + settled.memory.arrayBuffers),
              unit: 'MB',
            },
          ]);
        } finally {
          await worker.stop();
        }
      }
    }
    if (stages.length > 1)
      for (const [name, p95s] of coldP95)
        figures.push({
          name: `cold p95, ${stages.at(-1)} / ${stages[0]} shops [${name}]`,
          value: p95s.at(-1)! / Math.max(p95s[0]!, 0.01),
          unit: 'x',
        });
    figures.push(
      { name: 'first answer ever p50 (index built, stored)', value: percentile(firstEver, 50), unit: 'ms' },
      { name: 'first answer ever p95', value: percentile(firstEver, 95), unit: 'ms' },
    );

    // Where a cold answer's time goes (20 shops, in this process): the stored index read and
    // revived; and, for a version no process has built yet, the shop's rows, analyses and assembly.
    const store = createPassageAnalyses(db);
    const storedIndexes = createStoredIndexes(db);
    const storedReadMs: number[] = [];
    const reviveMs: number[] = [];
    const serializeMs: number[] = [];
    const storedKb: number[] = [];
    const loadMs: number[] = [];
    const readMs: number[] = [];
    const assembleMs: number[] = [];
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
      assembleMs.push(performance.now() - t);
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
    console.log(`  load average at the end ${load()}`);
    figures.push(
      { name: 'cold: reading the stored index p50', value: percentile(storedReadMs, 50), unit: 'ms' },
      { name: 'cold: reviving it p50', value: percentile(reviveMs, 50), unit: 'ms' },
      { name: 'stored index p50 (JSON text)', value: percentile(storedKb, 50), unit: 'KB' },
      { name: 'writing it out after a build p50', value: percentile(serializeMs, 50), unit: 'ms' },
      { name: 'new version: reading the shop rows p50', value: percentile(loadMs, 50), unit: 'ms' },
      { name: 'new version: reading the stored analyses p50', value: percentile(readMs, 50), unit: 'ms' },
      { name: 'new version: building from them p50', value: percentile(assembleMs, 50), unit: 'ms' },
      { name: 'building from nothing p50', value: percentile(scratchMs, 50), unit: 'ms' },
    );
    return figures;
  } finally {
    await sqlClient.end();
    await redis.release();
    await bench.close();
  }
}

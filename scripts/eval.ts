import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createOpenAICompatibleBackend } from '@balas/bot';
import {
  benchmarkAnswering,
  type EvalSet,
  formatSummary,
  loadEvalSet,
  type QuestionOutcome,
  runEvalSet,
  runQuestions,
  summarize,
} from '@balas/bot/eval';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { closeContext, createContext } from '../apps/server/src/context.ts';
import { shops } from '../apps/server/src/db/schema.ts';
import { sniffDocument } from '../apps/server/src/features/knowledge/extract.ts';
import { knowledgeJobHandlers } from '../apps/server/src/features/knowledge/knowledge.service.ts';
import { createServices } from '../apps/server/src/services.ts';

// `npm run eval [set folder...] [--quick] [--verbose | --replies] [--bench]`: loads each evaluation set into a
// fresh shop through the product's own services (topics, file upload + ingestion, catalogue, product
// info), asks every question (a follow-up's earlier messages first, as one conversation) and scores
// the answers by the strict rules of shared/eval/README.md. `--quick` asks the engine directly
// (text files only, no database); `--verbose` prints the wrong answers, `--replies` every reply
// (to read them as a shopper would); `--bench` measures answer times with 1,000 chunks.
// With no folder: the shared sets beside the repository and the repository's own (packages/bot/eval-sets,
// with its dev/ and held-out/ shops). Held-out and development sets are summed apart; the held-out
// figure is the headline. A held-out set's questions and replies are never printed (only the classes
// of its misses), so that whoever tunes the engine cannot tune to them; `--show-held-out` overrides
// that for the day a held-out shop moves to the development sets.

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    quick: { type: 'boolean', default: false },
    verbose: { type: 'boolean', short: 'v', default: false },
    replies: { type: 'boolean', default: false },
    bench: { type: 'boolean', default: false },
    'show-held-out': { type: 'boolean', default: false },
    'base-url': { type: 'string' },
    model: { type: 'string' },
    'api-key': { type: 'string' },
  },
});

const root = fileURLToPath(new URL('..', import.meta.url));

interface ShopFile {
  name: string;
  topics?: { name: string; categorization: string[]; knowledge: string[] }[];
  products?: {
    productId: string;
    name: string;
    description?: string;
    price?: number;
    currency?: string;
    stock?: number;
    variations?: { id: string; name: string; price: number | null; stock: number | null }[];
  }[];
  productInfo?: { productIds: string[]; title: string; description: string }[];
}

const backend =
  values['base-url'] && values.model
    ? createOpenAICompatibleBackend({
        baseURL: values['base-url'],
        model: values.model,
        ...(values['api-key'] ? { apiKey: values['api-key'] } : {}),
      })
    : undefined;

async function runThroughServices(set: EvalSet) {
  const shopFile = JSON.parse(readFileSync(join(set.dir, 'shop.json'), 'utf8')) as ShopFile;
  const dataDir = mkdtempSync(join(tmpdir(), 'balas-eval-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    ...(values['base-url'] && values.model
      ? { AI_BASE_URL: values['base-url'], AI_MODEL: values.model, AI_API_KEY: values['api-key'] ?? '' }
      : {}),
  });
  const ctx = await createContext(config, { inMemoryDatabase: true });
  const services = createServices(ctx);
  ctx.queue.register(knowledgeJobHandlers(services.outbox, services.knowledge));
  await ctx.queue.startWorker();
  try {
    const { user } = await services.auth.signup({
      name: 'Eval',
      email: `eval-${randomBytes(4).toString('hex')}@example.com`,
      phone: '',
      password: 'evaluation-lantern-42',
    });
    const { id: shopId } = await services.shops.create(user.id, 'website', {
      name: shopFile.name,
      person_name: 'Eval',
      person_email: 'eval@example.com',
      person_phone: '012-345 6789',
    });
    for (const t of shopFile.topics ?? []) {
      const topic = await services.training.createTopic(shopId, { name: t.name });
      await services.training.replaceEntries(shopId, topic.id, 'categorization', t.categorization);
      await services.training.replaceEntries(shopId, topic.id, 'knowledge', t.knowledge);
    }
    const filesDir = join(set.dir, 'files');
    for (const name of existsSync(filesDir) ? readdirSync(filesDir) : []) {
      const data = readFileSync(join(filesDir, name));
      const type = await sniffDocument(data, name);
      if (!type) throw new Error(`${name}: not a document the product accepts`);
      await services.knowledge.add(shopId, {
        fileName: name,
        data,
        mime: type.mime,
        chunkSize: 500,
      });
    }
    await ctx.queue.idle(60_000);
    await services.products.upsertCatalogue(
      shopId,
      (shopFile.products ?? []).map((p) => ({
        externalId: p.productId,
        name: p.name,
        description: p.description ?? '',
        price: p.price !== undefined ? p.price.toFixed(2) : null,
        currency: p.currency ?? 'MYR',
        stock: p.stock ?? null,
        images: [],
        variations: p.variations ?? [],
      })),
    );
    for (const info of shopFile.productInfo ?? []) {
      await services.products.addInfo(shopId, info.productIds, [
        { title: info.title, description: info.description },
      ]);
    }
    let conversation = 0;
    return await runQuestions(set, async (question, context) => {
      // A fresh shop row each time: the training version moved while the set was loaded.
      const [shop] = await ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
      if (context.history.length === 0) conversation++;
      return services.answering.answer(shop!, question, {
        conversation: `eval-${conversation}`,
        productId: context.productId,
        history: context.history,
      });
    });
  } finally {
    await closeContext(ctx);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function defaultSets(): string[] {
  const dirs: string[] = [];
  const own = resolve(root, 'packages/bot/eval-sets');
  for (const base of [resolve(root, '../shared/eval'), own, join(own, 'dev'), join(own, 'held-out')]) {
    if (!existsSync(base)) continue;
    for (const d of readdirSync(base).sort()) {
      if (existsSync(join(base, d, 'questions.jsonl'))) dirs.push(join(base, d));
    }
  }
  return dirs;
}

const isHeldOut = (dir: string) => /(?:^|[\\/])held-out[\\/]/.test(resolve(dir));
const groups: Record<'held-out' | 'development', QuestionOutcome[]> = { 'held-out': [], development: [] };

/** What kind of miss an outcome is, without the question or the reply. */
function missClass(o: QuestionOutcome): string {
  const why = (o.why ?? 'wrong').replace(/ ".*$/, '').replace(/^first source .*/, 'wrong first source');
  const kind = o.notCovered
    ? 'not covered'
    : o.followUp
      ? 'follow-up'
      : o.crossLingual
        ? 'cross-lingual'
        : 'same-language';
  return `${kind}: ${why.replace(/^missing.*/, 'missing an expected fact')}`;
}

const sets: EvalSet[] = [];
for (const dir of positionals.length ? positionals : defaultSets()) {
  const set = await loadEvalSet(dir);
  sets.push(set);
  const heldOut = isHeldOut(dir) && !values['show-held-out'];
  const run = values.quick
    ? await runEvalSet(set, backend ? { composer: backend.composer } : {})
    : await runThroughServices(set);
  groups[isHeldOut(dir) ? 'held-out' : 'development'].push(...run.outcomes);
  process.stdout.write(formatSummary(`${set.name}${isHeldOut(dir) ? ' (held out)' : ''}`, run.summary));
  if (heldOut && (values.verbose || values.replies)) {
    const classes = new Map<string, number>();
    for (const o of run.outcomes.filter((x) => !x.correct))
      classes.set(missClass(o), (classes.get(missClass(o)) ?? 0) + 1);
    for (const [c, n] of [...classes].sort((a, b) => b[1] - a[1]))
      process.stdout.write(`  miss ${n} × ${c}\n`);
    continue;
  }
  if (values.quick && set.skippedFiles.length)
    process.stdout.write(`  skipped files: ${set.skippedFiles.join(', ')}\n`);
  if (values.verbose || values.replies) {
    for (const o of run.outcomes) {
      if (o.correct && !values.replies) continue;
      const q = set.questions.find((x) => x.id === o.id)!;
      const r = run.results.get(o.id)!;
      process.stdout.write(
        `  ${o.correct ? 'ok' : 'x '} ${o.id} [${o.language}${o.crossLingual ? ', cross' : ''}] ${q.question}\n      ${o.why ? `${o.why}; ` : ''}${r.text.replace(/\n/g, ' / ')} (confidence ${r.confidence.toFixed(2)})\n`,
      );
    }
  }
}
for (const [group, outcomes] of Object.entries(groups)) {
  if (outcomes.length && Object.values(groups).every((g) => g.length))
    process.stdout.write(formatSummary(`all ${group} sets`, summarize(outcomes)));
}
if (values.bench) {
  const ms = (n: number) => `${n.toFixed(2)} ms`;
  const b = benchmarkAnswering(sets);
  process.stdout.write(
    `== benchmark: ${b.chunks} chunks, ${b.passages} passages, index built in ${ms(b.buildMs)}\n` +
      `answer time       p50 ${ms(b.p50)}, p95 ${ms(b.p95)}, max ${ms(b.max)} over ${b.questions} questions\n`,
  );
}
process.exit(0);

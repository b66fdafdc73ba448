import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnswerResult } from '@balas/bot';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { closeContext, createContext } from '../../context.ts';
import { shops } from '../../db/schema.ts';
import { createServices } from '../../services.ts';
import { sniffDocument } from '../knowledge/extract.ts';

// `npm run eval [set folder...]`: loads each evaluation set into a fresh shop through the product's
// own services (topics, file upload + ingestion, catalogue, product info), asks every question and
// scores the answers by the rules of shared/eval/README.md.

interface Question {
  id: string;
  question: string;
  language: 'en' | 'ms' | 'zh';
  crossLingual?: boolean;
  productId?: string;
  expect: { handover: true } | { source?: string[]; contains?: string[] };
}

interface ShopFile {
  name: string;
  topics?: { name: string; categorization: string[]; knowledge: string[] }[];
  products?: { productId: string; name: string; description?: string; price?: number; currency?: string }[];
  productInfo?: { productIds: string[]; title: string; description: string }[];
}

const root = fileURLToPath(new URL('../../../../..', import.meta.url));

export function isRight(q: Question, result: AnswerResult): boolean {
  if ('handover' in q.expect) return result.handover !== null;
  if (result.handover) return false;
  const first = result.sources[0];
  const sourceOk = first ? (q.expect.source ?? []).includes(`${first.kind}:${first.name}`) : false;
  const contains = q.expect.contains;
  const containsOk =
    contains !== undefined && contains.every((s) => result.text.toLowerCase().includes(s.toLowerCase()));
  return sourceOk || containsOk;
}

const pct = (n: number, d: number) => (d === 0 ? '   n/a' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

async function runSet(dir: string) {
  const shopFile = JSON.parse(readFileSync(join(dir, 'shop.json'), 'utf8')) as ShopFile;
  const questions = readFileSync(join(dir, 'questions.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Question);
  const dataDir = mkdtempSync(join(tmpdir(), 'balas-eval-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
  });
  const ctx = await createContext(config, { inMemoryDatabase: true });
  const services = createServices(ctx);
  ctx.queue.register([services.jobs.knowledge.ingest]);
  await ctx.queue.startWorker();
  try {
    const { user } = await services.auth.signup({
      name: 'Eval',
      email: `eval-${randomBytes(4).toString('hex')}@example.com`,
      phone: '',
      password: 'evaluation!',
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
    const filesDir = join(dir, 'files');
    for (const name of existsSync(filesDir) ? readdirSync(filesDir) : []) {
      const data = readFileSync(join(filesDir, name));
      const type = await sniffDocument(data, name);
      if (!type) throw new Error(`${name}: not a document the product accepts`);
      const file = await services.knowledge.add(shopId, {
        fileName: name,
        data,
        mime: type.mime,
        chunkSize: 500,
      });
      await services.enqueueIngestion(file.id, type.kind);
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
        stock: null,
        images: [],
      })),
    );
    for (const info of shopFile.productInfo ?? []) {
      await services.products.addInfo(shopId, info.productIds, [
        { title: info.title, description: info.description },
      ]);
    }
    const [shop] = await ctx.database.db.select().from(shops).where(eq(shops.id, shopId));

    const rows: { q: Question; right: boolean; ms: number; handover: boolean }[] = [];
    for (const q of questions) {
      const started = performance.now();
      const result = await services.answering.answer(shop!, q.question, {
        conversation: 'eval',
        productId: q.productId,
      });
      rows.push({
        q,
        right: isRight(q, result),
        ms: performance.now() - started,
        handover: result.handover !== null,
      });
    }
    return rows;
  } finally {
    await closeContext(ctx);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function print(name: string, rows: Awaited<ReturnType<typeof runSet>>) {
  const answerable = rows.filter((r) => !('handover' in r.q.expect));
  const wantHandover = rows.filter((r) => 'handover' in r.q.expect);
  const handedOver = rows.filter((r) => r.handover);
  const rightHandovers = wantHandover.filter((r) => r.handover).length;
  console.log(`\n${name}: ${rows.length} questions`);
  console.log(
    `  answer accuracy           ${pct(answerable.filter((r) => r.right).length, answerable.length)}  (${answerable.length})`,
  );
  for (const lang of ['en', 'ms', 'zh'] as const) {
    const set = answerable.filter((r) => r.q.language === lang);
    if (set.length)
      console.log(
        `    ${lang}                      ${pct(set.filter((r) => r.right).length, set.length)}  (${set.length})`,
      );
  }
  const cross = answerable.filter((r) => r.q.crossLingual);
  if (cross.length)
    console.log(
      `    cross-lingual           ${pct(cross.filter((r) => r.right).length, cross.length)}  (${cross.length})`,
    );
  console.log(
    `  handover precision        ${pct(rightHandovers, handedOver.length)}  (${handedOver.length} handed over)`,
  );
  console.log(
    `  handover recall           ${pct(rightHandovers, wantHandover.length)}  (${wantHandover.length} expected)`,
  );
  const times = rows.map((r) => r.ms);
  console.log(
    `  answer time p50 / p95     ${quantile(times, 0.5).toFixed(1)} / ${quantile(times, 0.95).toFixed(1)} ms`,
  );
}

const sets = process.argv.slice(2);
const defaultRoot = resolve(root, '../shared/eval');
const dirs = sets.length
  ? sets
  : readdirSync(defaultRoot)
      .map((d) => join(defaultRoot, d))
      .filter((d) => existsSync(join(d, 'questions.jsonl')));
for (const dir of dirs) print(dir.split('/').pop()!, await runSet(dir));
process.exit(0);

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSummary, loadEvalSet, scoreAnswer, summarize } from '@balas/bot';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { closeContext, createContext } from '../../context.ts';
import { shops } from '../../db/schema.ts';
import { createServices } from '../../services.ts';
import { sniffDocument } from '../knowledge/extract.ts';
import { ingestFileJob, knowledgeJobHandlers } from '../knowledge/knowledge.jobs.ts';

// `npm run eval [set folder...]`: loads each evaluation set into a fresh shop through the product's
// own services (topics, file upload + ingestion, catalogue, product info), asks every question and
// scores the answers by the rules of shared/eval/README.md.

interface ShopFile {
  name: string;
  topics?: { name: string; categorization: string[]; knowledge: string[] }[];
  products?: { productId: string; name: string; description?: string; price?: number; currency?: string }[];
  productInfo?: { productIds: string[]; title: string; description: string }[];
}

const root = fileURLToPath(new URL('../../../../..', import.meta.url));

async function runSet(dir: string) {
  const shopFile = JSON.parse(readFileSync(join(dir, 'shop.json'), 'utf8')) as ShopFile;
  const { questions } = await loadEvalSet(dir);
  const dataDir = mkdtempSync(join(tmpdir(), 'balas-eval-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
  });
  const ctx = await createContext(config, { inMemoryDatabase: true });
  const services = createServices(ctx);
  ctx.queue.register(knowledgeJobHandlers(services.knowledge));
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
      await ctx.queue.enqueue(ingestFileJob, { fileId: file.id, kind: type.kind });
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

    const outcomes = [];
    for (const q of questions) {
      const started = performance.now();
      const result = await services.answering.answer(shop!, q.question, {
        conversation: 'eval',
        productId: q.productId,
      });
      outcomes.push(scoreAnswer(q, result, performance.now() - started));
    }
    return summarize(outcomes);
  } finally {
    await closeContext(ctx);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const sets = process.argv.slice(2);
const defaultRoot = resolve(root, '../shared/eval');
const dirs = sets.length
  ? sets
  : readdirSync(defaultRoot)
      .map((d) => join(defaultRoot, d))
      .filter((d) => existsSync(join(d, 'questions.jsonl')));
for (const dir of dirs) process.stdout.write(formatSummary(dir.split('/').pop()!, await runSet(dir)));
process.exit(0);

import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  analysesToRead,
  buildShopIndex,
  createOpenAICompatibleBackend,
  madeAnalyses,
  reviveShopIndex,
  serializeShopIndex,
} from '@balas/bot';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passageEmbeddings, shopIndexes, shops, topicEntries, topics } from '../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';
import { createAnsweringService } from './answering.service.ts';
import { createPassageAnalyses } from './passage-embeddings.ts';
import { loadShopKnowledge, shopVoice } from './shop-knowledge.ts';
import { createStoredIndexes } from './stored-indexes.ts';

// Issue 29.3: a training change reaches the next answer of every process (each holds its own index
// cache; the training version in the database tells it), and with an embedding model a passage is
// embedded once and stored, never again by another process. The model is a local OpenAI-compatible
// server (node:http) with a deterministic embedding: a hashed bag of words, so the product's own
// HTTP client is what talks to it. On PostgreSQL with DATABASE_URL set.

const DIMENSIONS = 64;
/** A hashed bag of words, normalized: texts sharing words point the same way. */
function embedding(text: string): number[] {
  const v = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    v[createHash('sha256').update(word).digest()[0]! % DIMENSIONS]! += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

let server: Server;
/** Each /embeddings request's inputs. */
const embedded: string[][] = [];

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of req) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = JSON.parse((await readBody(req)) || '{}') as { input?: string[]; model?: string };
    const send = (payload: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.url === '/v1/embeddings') {
      const input = body.input ?? [];
      embedded.push(input);
      return send({
        object: 'list',
        model: body.model,
        data: input.map((text, index) => ({ object: 'embedding', index, embedding: embedding(text) })),
        usage: { prompt_tokens: input.length, total_tokens: input.length },
      });
    }
    // The chat model answers with its first source, as a grounded model would.
    const content = JSON.stringify({ answer: 'See S1.', answerable: true, sources: ['S1'] });
    return send({
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: body.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 50, completion_tokens: 12, total_tokens: 62 },
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  t = await createTestApp({
    AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
    AI_MODEL: 'stub-chat',
    AI_EMBEDDING_MODEL: 'stub-embedding',
  });
  ({ headers } = await signUp(t.app));
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server.close(r));
});

async function trainedShop() {
  const shopId = await createWebsiteShop(t.app, headers);
  const topic = await t.app.inject({
    method: 'POST',
    url: `/api/shopee/${shopId}/gpt`,
    headers,
    payload: { name: 'Shipping' },
  });
  const topicId = topic.json().data.id as string;
  const teach = async (entries: string[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/shopee/${shopId}/gpt/${topicId}/response`,
      headers,
      payload: entries,
    });
    expect(res.statusCode).toBe(200);
  };
  await teach([
    'Orders within West Malaysia arrive in 1 to 3 working days.',
    'Shipping is free for orders above RM120.',
    'We ship with J&T Express and Pos Laju.',
  ]);
  return { shopId, teach };
}

const shopRow = async (shopId: string) =>
  (await t.ctx.database.db.select().from(shops).where(eq(shops.id, shopId)))[0]!;

/** A process of its own: an answering service with its own index cache, over the same database. */
const process = () => {
  const ai = t.ctx.config.ai!;
  const model = createOpenAICompatibleBackend({
    baseURL: ai.baseUrl,
    model: ai.model,
    embeddingModel: ai.embeddingModel!,
  });
  return createAnsweringService(t.ctx, model);
};

const ask = async (answering: ReturnType<typeof process>, shopId: string, question: string) => {
  const result = await answering.answer(await shopRow(shopId), question, { conversation: 'c1', log: false });
  return result.sources.map((s) => s.excerpt).join('\n');
};

const inputsSince = (from: number) => embedded.slice(from).flat();

describe('shop indexes across processes', () => {
  it('an edit made by another process reaches the next answer, and only new passages are embedded', async () => {
    const { shopId, teach } = await trainedShop();
    const one = process();
    const two = process();
    let mark = embedded.length;
    expect(await ask(one, shopId, 'how many days to deliver?')).toMatch(/1 to 3 working days/);
    // The three passages and the question.
    expect(inputsSince(mark)).toHaveLength(4);
    const stored = await t.ctx.database.db
      .select({ n: count() })
      .from(passageEmbeddings)
      .where(eq(passageEmbeddings.model, 'stub-embedding'));
    expect(stored[0]!.n).toBeGreaterThanOrEqual(3);

    // Another process, cold: its build reads the stored vectors and embeds only the question.
    mark = embedded.length;
    expect(await ask(two, shopId, 'how many days to deliver?')).toMatch(/1 to 3 working days/);
    expect(inputsSince(mark)).toEqual(['how many days to deliver?']);

    // An edit through the API (a third process): both see it at their next answer; only the
    // changed passage is embedded, once, by whichever process builds first.
    await teach([
      'Orders within West Malaysia arrive in 2 to 4 working days.',
      'Shipping is free for orders above RM120.',
      'We ship with J&T Express and Pos Laju.',
    ]);
    mark = embedded.length;
    const first = await ask(one, shopId, 'how many days to deliver?');
    expect(first).toMatch(/2 to 4 working days/);
    expect(first).not.toMatch(/1 to 3/);
    expect(inputsSince(mark)).toEqual([
      'Orders within West Malaysia arrive in 2 to 4 working days.',
      'how many days to deliver?',
    ]);
    mark = embedded.length;
    expect(await ask(two, shopId, 'how many days to deliver?')).toMatch(/2 to 4 working days/);
    expect(inputsSince(mark)).toEqual(['how many days to deliver?']);
  });

  it('stores passages’ analyses so a cold build reads them and makes the same index', async () => {
    const { shopId } = await trainedShop();
    await t.app.services.products.upsertCatalogue(shopId, [
      {
        externalId: '8001',
        name: 'Baju Kurung Moden Seri Ayu',
        description: 'Baju kurung moden dalam kain cotton silk. 颜色：玫瑰粉、鼠尾草绿。',
        price: '129.00',
        currency: 'MYR',
        stock: 8,
        images: [],
        variations: [{ id: 'xl', name: 'XL', price: 139, stock: 0 }],
      },
    ]);
    const shop = await loadShopKnowledge(t.ctx.database.db, await shopRow(shopId));
    const fresh = buildShopIndex(shop);
    const store = createPassageAnalyses(t.ctx.database.db);
    await store.save(madeAnalyses(fresh));
    const read = await store.load(analysesToRead(shop));
    expect(read.size).toBe(fresh.stats.passages);
    const cold = buildShopIndex(shop, undefined, read);
    expect(cold.stats.analysed).toBe(0);
    expect({ ...cold, stats: undefined }).toEqual({ ...fresh, stats: undefined });
  });

  it('a process that does not hold the shop revives the index stored for its training version', async () => {
    const { shopId } = await trainedShop();
    const db = t.ctx.database.db;
    const first = process();
    expect(await ask(first, shopId, 'how many days to deliver?')).toMatch(/1 to 3 working days/);
    await first.indexesWritten();
    const [row] = await db.select().from(shopIndexes).where(eq(shopIndexes.shopId, shopId));
    expect(row?.trainingVersion).toBe((await shopRow(shopId)).trainingVersion);
    // The shop's entries removed behind the version's back: a process reviving the stored index
    // does not read them, so it still answers from them.
    const topicIds = db.select({ id: topics.id }).from(topics).where(eq(topics.shopId, shopId));
    await db.delete(topicEntries).where(sql`${topicEntries.topicId} in ${topicIds}`);
    expect(await ask(process(), shopId, 'how many days to deliver?')).toMatch(/1 to 3 working days/);
    // A newer version: the stored index is of an older one, never revived; the build reads the rows.
    await db
      .update(shops)
      .set({ trainingVersion: sql`${shops.trainingVersion} + 1` })
      .where(eq(shops.id, shopId));
    const third = process();
    expect(await ask(third, shopId, 'how many days to deliver?')).not.toMatch(/1 to 3 working days/);
    await third.indexesWritten();
    const [newer] = await db.select().from(shopIndexes).where(eq(shopIndexes.shopId, shopId));
    expect(newer?.trainingVersion).toBe(row!.trainingVersion + 1);
  });

  it('reads back through the database the index that was built, and keeps the newest version', async () => {
    const { shopId } = await trainedShop();
    const shopRowNow = await shopRow(shopId);
    const built = buildShopIndex(await loadShopKnowledge(t.ctx.database.db, shopRowNow));
    const store = createStoredIndexes(t.ctx.database.db);
    await store.save(shopId, 7, serializeShopIndex(built));
    const revived = reviveShopIndex((await store.load(shopId, 7))!, shopVoice(shopRowNow))!;
    expect({ ...revived, stats: undefined }).toEqual({ ...built, stats: undefined });
    // A slower build of an older version does not replace it.
    await store.save(shopId, 6, serializeShopIndex(built));
    expect(await store.load(shopId, 6)).toBeUndefined();
    expect(await store.load(shopId, 7)).toBeDefined();
    // A row that does not parse: the shop is built again, answers, and the row is written anew.
    await store.save(shopId, shopRowNow.trainingVersion + 7, '{"truncated');
    await t.ctx.database.db
      .update(shops)
      .set({ trainingVersion: shopRowNow.trainingVersion + 7 })
      .where(eq(shops.id, shopId));
    const other = process();
    expect(await ask(other, shopId, 'how many days to deliver?')).toMatch(/1 to 3 working days/);
    await other.indexesWritten();
    expect(
      reviveShopIndex((await store.load(shopId, shopRowNow.trainingVersion + 7))!, shopVoice(shopRowNow)),
    ).toBeDefined();
  });

  it('stores a vector as the model gave it (real[] on PGlite and PostgreSQL)', async () => {
    const text = 'Orders within West Malaysia arrive in 1 to 3 working days.';
    const hash = createHash('sha256').update(text).digest('base64url');
    const [row] = await t.ctx.database.db
      .select()
      .from(passageEmbeddings)
      .where(eq(passageEmbeddings.hash, hash));
    expect(row?.vector).toHaveLength(DIMENSIONS);
    embedding(text).forEach((x, i) => {
      expect(row!.vector[i]).toBeCloseTo(x, 5);
    });
  });
});

import { randomBytes } from 'node:crypto';
import { createSandbox, type Sandbox, sandboxDefaults } from '@balas/marketplace-sandbox';
import { eq, sql } from 'drizzle-orm';
import { products, shops } from '../apps/server/src/db/schema.ts';
import { connectToStandaloneShopee, freePort } from '../apps/server/src/test/standalone-sandbox.ts';
import { createBenchDatabase, type Figure, percentile, signUpBench, startBenchApp } from './support.ts';

const SHOP = '947042923';
const COLD_LOOKUPS = 30;
const WARM_LOOKUPS = 300;
/** Shoppers who each share an order card and ask about it twice (first from the platform, then cached). */
const ORDER_QUESTIONS = 30;

/**
 * Opening a chat with 20 cards (order cards of 10 orders, some repeated, and product cards, some not
 * in our catalogue) against a sandbox running as its own server: how many platform
 * calls it makes, and none when the chat is opened again, from this process or another one sharing
 * the database. Then the latency of one order lookup, from the platform (3 calls for a shipped order)
 * and from the cache. Then order questions end to end: a shopper shares an order card and asks
 * "bila sampai?" in the sandbox, the push reaches the product, the bot looks the order up on the
 * platform and answers; timed until the reply is in the sandbox shopper's chat.
 */
export async function benchOrders(): Promise<Figure[]> {
  const calls: string[] = [];
  const port = await freePort();
  const sandboxUrl = `http://127.0.0.1:${port}`;
  const sandbox = await createSandbox({
    publicUrl: sandboxUrl,
    shopee: { ...sandboxDefaults.shopee },
    lazada: { ...sandboxDefaults.lazada },
  });
  sandbox.app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/shopee/api/v2/')) calls.push(request.url.split('?')[0]!);
  });
  await sandbox.app.listen({ port, host: '127.0.0.1' });

  const env = {
    SHOPEE_PARTNER_ID: String(sandboxDefaults.shopee.partnerId),
    SHOPEE_PARTNER_KEY: sandboxDefaults.shopee.partnerKey,
    SHOPEE_BASE_URL: `${sandboxUrl}/shopee`,
    SECRET_KEY: randomBytes(32).toString('hex'),
  };
  const database = await createBenchDatabase();
  // The first process receives the sandbox's pushes: signed for its own address (PUBLIC_URL).
  const firstPort = await freePort();
  const first = await startBenchApp({
    database,
    env: { ...env, PUBLIC_URL: `http://127.0.0.1:${firstPort}` },
    port: firstPort,
  });
  const second = await startBenchApp({ database, env });
  try {
    const headers = await signUpBench(first.app);
    const shopId = await connectToStandaloneShopee(
      first.app,
      headers,
      { app: sandbox.app, url: sandboxUrl },
      SHOP,
    );
    await first.ctx.queue.idle();

    const orders = sandbox.state.data.shopee.orders.filter((o) => o.shopId === SHOP).slice(0, 10);
    const catalogue = sandbox.state.data.shopee.shops.find((s) => s.id === SHOP)!.products;
    const synced = new Set(
      (
        await first.ctx.database.db
          .select({ id: products.externalId })
          .from(products)
          .where(eq(products.shopId, shopId))
      ).map((r) => r.id),
    );
    const listed = catalogue.filter((p) => synced.has(p.id)).slice(0, 2);
    // Products our catalogue does not hold (unlisted ones) are read from the platform.
    const unlisted = catalogue.filter((p) => !synced.has(p.id)).slice(0, 2);
    const cards = [
      ...orders.map((o) => `orders/${o.sn}`),
      ...orders.slice(0, 4).map((o) => `orders/${o.sn}`),
      ...[...listed, ...unlisted].map((p) => `products/${p.id}`),
    ];
    while (cards.length < 20) cards.push(cards[cards.length - 14]!);
    const distinctFromPlatform = orders.length + unlisted.length;

    /** Every card of the chat at once, as the chat viewer asks for them; the slowest card's time. */
    async function openChat(url: string) {
      const started = performance.now();
      const answers = await Promise.all(
        cards.map((c) => fetch(`${url}/api/shopee/v1/${shopId}/${c}`, { headers }).then((r) => r.json())),
      );
      const found = answers.filter((a) => a.data?.result === 'found').length;
      if (found !== cards.length) throw new Error(`only ${found} of ${cards.length} cards were found`);
      return performance.now() - started;
    }

    calls.length = 0;
    const coldOpenMs = await openChat(first.url);
    const coldCalls = calls.length;
    const detailCalls = calls.filter((c) => c.endsWith('/order/get_order_detail')).length;
    const itemCalls = calls.filter((c) => c.endsWith('/product/get_item_base_info')).length;
    calls.length = 0;
    const warmOpenMs = await openChat(first.url);
    const warmCalls = calls.length;
    const otherProcessOpenMs = await openChat(second.url);
    const otherProcessCalls = calls.length;

    // One order card at a time: from the platform (its cache row removed first), then from the cache.
    const shipped = sandbox.state.data.shopee.orders.find(
      (o) => o.shopId === SHOP && o.status === 'SHIPPED',
    )!;
    const one = () => fetch(`${first.url}/api/shopee/v1/${shopId}/orders/${shipped.sn}`, { headers });
    const cold: number[] = [];
    for (let i = 0; i < COLD_LOOKUPS; i++) {
      await first.ctx.database.db.execute(sql`delete from lookup_cache where key = ${`order:${shipped.sn}`}`);
      const t0 = performance.now();
      await (await one()).json();
      cold.push(performance.now() - t0);
    }
    const warm: number[] = [];
    for (let i = 0; i < WARM_LOOKUPS; i++) {
      const t0 = performance.now();
      await (await one()).json();
      warm.push(performance.now() - t0);
    }

    const answered = await orderQuestions(sandbox, first, shopId, shipped);

    return [
      { name: 'chat of 20 cards: platform calls, first open', value: coldCalls, unit: 'calls' },
      {
        name: 'order detail calls per distinct order',
        value: detailCalls / orders.length,
        unit: 'calls',
        budget: 1,
      },
      {
        name: 'platform lookups per distinct card not in catalogue',
        value: (detailCalls + itemCalls) / distinctFromPlatform,
        unit: 'lookups',
        budget: 1,
      },
      {
        name: 'all platform calls per distinct order (detail+tracking)',
        value: (coldCalls - itemCalls) / orders.length,
        unit: 'calls',
      },
      { name: 'chat of 20 cards: platform calls, reopened', value: warmCalls, unit: 'calls', budget: 0 },
      {
        name: 'chat of 20 cards: platform calls, other process',
        value: otherProcessCalls,
        unit: 'calls',
        budget: 0,
      },
      { name: 'chat of 20 cards: all cards shown, first open', value: coldOpenMs, unit: 'ms' },
      { name: 'chat of 20 cards: all cards shown, reopened', value: warmOpenMs, unit: 'ms' },
      { name: 'chat of 20 cards: all cards shown, other process', value: otherProcessOpenMs, unit: 'ms' },
      { name: 'order lookup from the platform p50', value: percentile(cold, 50), unit: 'ms' },
      { name: 'order lookup from the platform p95', value: percentile(cold, 95), unit: 'ms', budget: 1500 },
      { name: 'order lookup from the cache p50', value: percentile(warm, 50), unit: 'ms' },
      { name: 'order lookup from the cache p95', value: percentile(warm, 95), unit: 'ms', budget: 50 },
      {
        name: 'order question answered from the platform, end to end p50',
        value: percentile(answered.cold, 50),
        unit: 'ms',
      },
      {
        name: 'order question answered from the platform, end to end p95',
        value: percentile(answered.cold, 95),
        unit: 'ms',
        budget: 1500,
      },
      {
        name: 'order question answered from the cache, end to end p95',
        value: percentile(answered.warm, 95),
        unit: 'ms',
      },
      {
        name: 'order questions with exactly one reply',
        value: answered.exactlyOnce,
        unit: '%',
        budget: 100,
        kind: 'min',
      },
    ];
  } finally {
    await second.close();
    await first.close();
    await database.drop();
    await sandbox.app.close();
  }
}

type Bench = Awaited<ReturnType<typeof startBenchApp>>;
type SandboxOrder = Sandbox['state']['data']['shopee']['orders'][number];

/**
 * Order questions end to end, each from its own shopper (the bot's lookups are rate-limited per
 * conversation): a copy of a shipped order for a new buyer, its card shared, then "bila sampai?"
 * (from the platform) and "tracking number?" (from the cache), each timed from the shopper's
 * message to the bot's reply in the sandbox chat.
 */
async function orderQuestions(sandbox: Sandbox, bench: Bench, shopId: string, shipped: SandboxOrder) {
  const data = sandbox.state.data.shopee;
  sandbox.state.config.shopee.webhookUrl = `${bench.url}/api/webhooks/shopee`;
  await bench.ctx.database.db.update(shops).set({ defaultBotStatus: true }).where(eq(shops.id, shopId));

  const shopReplies = (conversationId: string) =>
    data.conversations.find((c) => c.id === conversationId)?.messages.filter((m) => m.from === 'shop') ?? [];
  /** The shopper's message, and the time until the shop's reply is in their chat. */
  async function ask(buyerId: string, text: string) {
    const started = performance.now();
    const { conversationId } = await sandbox.shopperSend({ platform: 'shopee', shopId: SHOP, buyerId, text });
    const before = shopReplies(conversationId).length;
    for (;;) {
      const replies = shopReplies(conversationId);
      if (replies.length > before) {
        const ms = performance.now() - started;
        const reply = replies.at(-1)!.body;
        return { ms, conversationId, text: reply.type === 'text' ? reply.text : '' };
      }
      if (performance.now() - started > 10_000) throw new Error(`no reply to "${text}" from ${buyerId}`);
      await new Promise((r) => setTimeout(r, 2));
    }
  }

  const cold: number[] = [];
  const warm: number[] = [];
  let once = 0;
  for (let i = 0; i < ORDER_QUESTIONS; i++) {
    const buyerId = String(8_890_000 + i);
    const sn = `${shipped.sn.slice(0, 6)}BQ${String(i).padStart(6, '0')}`;
    data.buyers.push({ id: buyerId, name: `Bench shopper ${i}` });
    data.orders.push({ ...shipped, sn, buyerId, trackingNumber: `SPXMYBQ${String(i).padStart(10, '0')}` });
    await sandbox.shopperSend({
      platform: 'shopee',
      shopId: SHOP,
      buyerId,
      body: { type: 'order', orderSn: sn },
    });
    const first = await ask(buyerId, 'bila sampai?');
    if (!first.text.startsWith(`Pesanan anda ${sn} sedang dalam perjalanan`))
      throw new Error(`not an order answer: ${first.text}`);
    cold.push(first.ms);
    const second = await ask(buyerId, 'tracking number?');
    if (!second.text.includes('SPXMYBQ')) throw new Error(`not a tracking answer: ${second.text}`);
    warm.push(second.ms);
    // Exactly one reply per question, once every job has run.
    await bench.ctx.queue.idle(30_000);
    if (shopReplies(first.conversationId).length === 2) once++;
  }
  return { cold, warm, exactlyOnce: (100 * once) / ORDER_QUESTIONS };
}

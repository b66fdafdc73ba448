import { randomBytes } from 'node:crypto';
import { createSandbox, sandboxDefaults } from '@balas/marketplace-sandbox';
import { eq, sql } from 'drizzle-orm';
import { products } from '../apps/server/src/db/schema.ts';
import { connectToStandaloneShopee, freePort } from '../apps/server/src/test/standalone-sandbox.ts';
import { createBenchDatabase, type Figure, signUpBench, startBenchApp } from './support.ts';

const SHOP = '947042923';
const COLD_LOOKUPS = 30;
const WARM_LOOKUPS = 300;

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * Opening a chat with 20 cards (order cards of 10 orders, some repeated, and product cards, some not
 * in our catalogue) against a sandbox running as its own server: how many platform
 * calls it makes, and none when the chat is opened again, from this process or another one sharing
 * the database. Then the latency of one order lookup, from the platform (3 calls for a shipped order)
 * and from the cache.
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
  const first = await startBenchApp({ database, env });
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
    ];
  } finally {
    await second.close();
    await first.close();
    await database.drop();
    await sandbox.app.close();
  }
}

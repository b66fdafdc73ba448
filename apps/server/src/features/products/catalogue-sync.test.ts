import { createSandbox, type Sandbox, sandboxDefaults } from '@balas/marketplace-sandbox';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, shops } from '../../db/schema.ts';
import { createInjectFetch } from '../../http/inject-fetch.ts';
import { connectToStandaloneShopee, freePort } from '../../test/standalone-sandbox.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { CATALOGUE_RESYNC_AFTER_MS, resyncCataloguesJob } from './products.jobs.ts';

/*
 * The shop's catalogue changes on the platform after it was connected; the scheduled re-sync brings
 * the change in once the shop's last sync is six hours old: new and renamed products show up, deleted
 * and unlisted ones disappear with the information the merchant attached to them.
 *
 * The sandbox runs as its own server so that the test can change the platform's catalogue as a seller
 * would in Seller Centre.
 */

const SHOP = '947042987';

let t: TestApp | undefined;
let sandbox: Sandbox;
let headers: Record<string, string>;
let shopId: string;

const platformShop = () => sandbox.state.data.shopee.shops.find((s) => s.id === SHOP)!;

beforeAll(async () => {
  const port = await freePort();
  const sandboxUrl = `http://127.0.0.1:${port}`;
  sandbox = await createSandbox({
    publicUrl: sandboxUrl,
    shopee: { ...sandboxDefaults.shopee, webhookUrl: 'http://localhost:3000/api/webhooks/shopee' },
    lazada: { ...sandboxDefaults.lazada },
    fetch: createInjectFetch(() => t?.app, 'http://localhost:3000'),
    pushRetryDelaysMs: [],
  });
  await sandbox.app.listen({ port, host: '127.0.0.1' });
  t = await createTestApp({
    SHOPEE_PARTNER_ID: String(sandboxDefaults.shopee.partnerId),
    SHOPEE_PARTNER_KEY: sandboxDefaults.shopee.partnerKey,
    SHOPEE_BASE_URL: `${sandboxUrl}/shopee`,
  });
  const app = t.app;
  ({ headers } = await signUp(app));
  shopId = await connectToStandaloneShopee(
    app,
    headers,
    { app: sandbox.app, url: sandboxUrl },
    SHOP,
    'Batik Lane',
  );
  await t.ctx.queue.idle();
});
afterAll(async () => {
  await sandbox?.app.close();
  await t?.close();
});

async function catalogue(): Promise<Map<string, string>> {
  const res = await t!.app.inject({ url: `/api/shopee/v1/${shopId}/search?pageSize=100`, headers });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { productId: string; productInfo: { name: string } }[];
  return new Map(data.map((p) => [p.productId, p.productInfo.name]));
}

async function runScheduledResync() {
  await t!.ctx.queue.enqueue(resyncCataloguesJob, {});
  await t!.ctx.queue.idle();
}

/** As if the shop's last sync was this long ago. */
async function lastSyncedAgo(ms: number) {
  await t!.ctx.database.db
    .update(shops)
    .set({ lastSyncAt: new Date(Date.now() - ms) })
    .where(eq(shops.id, shopId));
}

describe('catalogue kept in sync with the platform', () => {
  it('imports the listed catalogue when the shop is connected', async () => {
    const listed = platformShop().products.filter((p) => p.status === 'NORMAL');
    expect(listed.length).toBeGreaterThan(3);
    const ours = await catalogue();
    expect([...ours.keys()].sort()).toEqual(listed.map((p) => p.id).sort());
    for (const p of listed) expect(ours.get(p.id)).toBe(p.name);
  });

  it("keeps each variation's price and stock (Shopee models), which the bot answers from", async () => {
    const withModels = platformShop().products.find((p) => p.status === 'NORMAL' && p.models.length > 1)!;
    const [row] = await t!.ctx.database.db
      .select()
      .from(products)
      .where(and(eq(products.shopId, shopId), eq(products.externalId, withModels.id)));
    expect(row!.variations).toHaveLength(withModels.models.length);
    const model = withModels.models[0]!;
    const name = model.tierIndex.map((o, tier) => withModels.variations[tier]!.options[o]).join(' / ');
    expect(row!.variations[0]).toEqual({ id: model.id, name, price: model.price, stock: model.stock });
    expect(Number(row!.price)).toBe(Math.min(...withModels.models.map((m) => m.price)));
    expect(row!.stock).toBe(withModels.models.reduce((n, m) => n + m.stock, 0));
  });

  it('re-syncs six hours later: added and renamed products show up, removed and unlisted ones disappear', async () => {
    const platform = platformShop();
    const [removed, renamed, unlisted, kept] = platform.products.filter((p) => p.status === 'NORMAL');
    // The merchant taught the bot about a product that will be deleted, and about one that stays.
    for (const productId of [removed!.id, kept!.id]) {
      const res = await t!.app.inject({
        method: 'POST',
        url: `/api/shopee/v1/${shopId}/info`,
        headers,
        payload: {
          productId: [productId],
          additionalInfo: [{ title: `About ${productId}?`, description: 'Hand-drawn batik, one of a kind.' }],
        },
      });
      expect(res.statusCode).toBe(200);
    }

    // The seller changes the catalogue in Seller Centre.
    const now = Date.now();
    const added = {
      ...structuredClone(kept!),
      id: '2300299901',
      sku: 'BL-NEW-01',
      name: 'Pua Kumbu Tote Bag',
      createdAt: now,
      updatedAt: now,
    };
    platform.products.push(added);
    renamed!.name = 'Batik Shirt Slim Fit (2025 edition)';
    renamed!.updatedAt = now;
    unlisted!.status = 'UNLIST';
    unlisted!.updatedAt = now;
    platform.products.splice(platform.products.indexOf(removed!), 1);

    // Just synced: the schedule leaves the shop alone.
    const before = await catalogue();
    await runScheduledResync();
    expect(await catalogue()).toEqual(before);

    // Six hours on, the scheduled job re-reads the catalogue.
    await lastSyncedAgo(CATALOGUE_RESYNC_AFTER_MS + 60_000);
    await runScheduledResync();
    const after = await catalogue();
    expect(after.get(added.id)).toBe('Pua Kumbu Tote Bag');
    expect(after.get(renamed!.id)).toBe('Batik Shirt Slim Fit (2025 edition)');
    expect(after.has(removed!.id)).toBe(false);
    expect(after.has(unlisted!.id)).toBe(false);
    expect(after.get(kept!.id)).toBe(kept!.name);
    expect([...after.keys()].sort()).toEqual(
      platform.products
        .filter((p) => p.status === 'NORMAL')
        .map((p) => p.id)
        .sort(),
    );
    const searched = await t!.app.inject({
      url: `/api/shopee/v1/${shopId}/search?search=kumbu`,
      headers,
    });
    expect(searched.json().data.map((p: { productId: string }) => p.productId)).toEqual([added.id]);

    // The information on the deleted product went with it; the other stays.
    const info = await t!.app.inject({ url: `/api/shopee/v1/${shopId}/products?pageSize=100`, headers });
    const records = info.json().data as { id: string[]; additionalInfo: { title: string }[] }[];
    expect(records.map((r) => r.id)).toEqual([[kept!.id]]);
    expect(records[0]!.additionalInfo.map((e) => e.title)).toEqual([`About ${kept!.id}?`]);

    const [row] = await t!.ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
    expect(Date.now() - row!.lastSyncAt!.getTime()).toBeLessThan(CATALOGUE_RESYNC_AFTER_MS);
  });

  it('re-syncs a shop whose catalogue never synced, and leaves a shop that needs reconnecting alone', async () => {
    const platform = platformShop();
    const product = platform.products.find((p) => p.status === 'NORMAL')!;
    product.name = 'Batik Scarf Silk Hand-Drawn';
    product.updatedAt = Date.now();

    await t!.ctx.database.db
      .update(shops)
      .set({ status: 'reconnect', lastSyncAt: null })
      .where(eq(shops.id, shopId));
    await runScheduledResync();
    expect((await catalogue()).get(product.id)).not.toBe('Batik Scarf Silk Hand-Drawn');

    await t!.ctx.database.db.update(shops).set({ status: 'active' }).where(eq(shops.id, shopId));
    await runScheduledResync();
    expect((await catalogue()).get(product.id)).toBe('Batik Scarf Silk Hand-Drawn');
  });
});

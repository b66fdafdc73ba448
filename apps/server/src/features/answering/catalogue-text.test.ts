import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { connectShop, eventually, shopperSays, shopperSees } from '../../test/marketplace-flow.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

// Lazada keeps product descriptions as HTML ("<ul><li>Folds flat…"); the bot answers from them in
// text, while the catalogue keeps them as the platform sent them.

const LAZADA_SHOP = '100094063';
const BUYER = '1880033';
const MARKUP = /<\/?[a-z!][^>]*>|&(?:#\d+|#x[0-9a-f]+|[a-z]+\d*);/i;

let t: TestApp;
let shopId: string;

beforeAll(async () => {
  t = await createTestApp();
  const { headers } = await signUp(t.app);
  shopId = (await connectShop(t.app, headers, 'lazada', LAZADA_SHOP)).id;
  await t.ctx.queue.idle();
  const on = await t.app.inject({
    method: 'PUT',
    url: `/api/shopee/v1/${shopId}`,
    headers,
    payload: { defaultBotStatus: true },
  });
  expect(on.statusCode).toBe(200);
});
afterAll(async () => {
  await t.close();
});

describe('catalogue descriptions in HTML', () => {
  it('answers a Lazada shopper about a product in text, without tags or entities', async () => {
    const [tub] = await t.ctx.database.db
      .select()
      .from(products)
      .where(and(eq(products.shopId, shopId), eq(products.name, 'Foldable Baby Bath Tub')));
    expect(tub?.description).toMatch(/^<ul><li>Folds flat for storage/);

    await shopperSays(t.app, 'lazada', LAZADA_SHOP, BUYER, 'Does the Foldable Baby Bath Tub fold flat?');
    const reply = await eventually(async () => {
      const lines = (await shopperSees(t.app, 'lazada', LAZADA_SHOP, BUYER)).filter((m) => m.from === 'shop');
      expect(lines).toHaveLength(1);
      return String(lines[0]!.content.text);
    });
    expect(reply).toContain('Folds flat for storage');
    expect(reply).not.toMatch(MARKUP);
  });
});

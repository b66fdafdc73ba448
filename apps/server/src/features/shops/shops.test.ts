import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, products, shops } from '../../db/schema.ts';
import { connectShop, eventually, shopperSays, shopperSees } from '../../test/marketplace-flow.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
});
afterAll(async () => {
  await t.close();
});

const row = async (id: string) => (await t.ctx.database.db.select().from(shops).where(eq(shops.id, id)))[0]!;

describe('connecting marketplace shops through the sandbox', () => {
  let shopeeId = '';
  let lazadaId = '';

  it('completes the Shopee OAuth round trip, stores tokens encrypted and runs the first sync', async () => {
    const { id, callback } = await connectShop(t.app, headers, 'shopee', '947042923');
    shopeeId = id;
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`http://localhost:3000/dashboard/addshop/complete?shopId=${id}`);
    const shop = await row(id);
    expect(shop).toMatchObject({ status: 'active', externalId: '947042923' });
    expect(shop.accessTokenEnc).toMatch(/^v1:/);
    // Sealed: the stored text never holds the token the platform issued.
    const issued = t.ctx.secrets.decrypt(shop.accessTokenEnc!);
    expect(issued.length).toBeGreaterThan(10);
    expect(shop.accessTokenEnc).not.toContain(issued);
    await t.ctx.queue.idle();
    const catalogue = await t.ctx.database.db.select().from(products).where(eq(products.shopId, id));
    expect(catalogue.length).toBeGreaterThanOrEqual(12);
    expect(catalogue[0]?.images[0]).toMatch(/^http:\/\/localhost:3000\/sandbox\/assets\//);
    const imported = await t.ctx.database.db.select().from(conversations).where(eq(conversations.shopId, id));
    expect(imported.length).toBeGreaterThan(0);
    expect(imported[0]?.externalId).toMatch(/^\d{19}$/);
    const list = await t.app.inject({ url: '/api/shopee', headers });
    expect(JSON.stringify(list.json())).not.toMatch(/accessToken|refresh|partnerKey/i);
  });

  it('completes the Lazada OAuth round trip', async () => {
    const { id, callback } = await connectShop(t.app, headers, 'lazada', '100094063');
    lazadaId = id;
    expect(callback.statusCode).toBe(302);
    expect(await row(id)).toMatchObject({ status: 'active', externalId: '100094063', region: 'my' });
    await t.ctx.queue.idle();
  });

  it('refuses to connect the same platform shop twice', async () => {
    const other = await signUp(t.app);
    const { callback } = await connectShop(t.app, other.headers, 'shopee', '947042923');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe('http://localhost:3000/connected?error=taken');
  });

  it('ends a cancelled, replayed or broken authorization on the connected page with the reason', async () => {
    const cancelled = await t.app.inject({ url: '/api/lazada/callback?error=access_denied&state=x' });
    expect(cancelled.headers.location).toBe('http://localhost:3000/connected?error=refused');
    const replayed = await t.app.inject({ url: '/api/shopee/callback/not-a-state?code=abc&shop_id=1' });
    expect(replayed.headers.location).toBe('http://localhost:3000/connected?error=expired');
    const noCode = await t.app.inject({ url: '/api/shopee/callback/not-a-state' });
    expect(noCode.headers.location).toBe('http://localhost:3000/connected?error=refused');
  });

  it('authorizes a shop again after the merchant cancelled on the platform', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/shopee',
      headers,
      payload: {
        name: 'Second try',
        person_name: 'Aisyah',
        person_email: 'aisyah@example.com',
        person_phone: '012-345 6789',
      },
    });
    const { id } = created.json().data;
    expect((await row(id)).status).toBe('pending');
    const again = await t.app.inject({ method: 'POST', url: `/api/shopee/${id}/reconnect`, headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.authUrl).toContain('/sandbox/shopee/api/v2/shop/auth_partner');
    await t.app.inject({ method: 'DELETE', url: `/api/shopee/${id}`, headers });
  });

  it('refreshes tokens (single-use refresh tokens are rotated)', async () => {
    const before = await row(shopeeId);
    const refreshed = await t.app.services.shops.refresh(before);
    expect(refreshed.status).toBe('active');
    expect(refreshed.refreshTokenEnc).not.toBe(before.refreshTokenEnc);
    const again = await t.app.services.shops.refresh(await row(lazadaId));
    expect(again.status).toBe('active');
  });

  it('marks a shop Reconnect when its refresh token is refused', async () => {
    const shop = await row(lazadaId);
    await t.ctx.database.db
      .update(shops)
      .set({ refreshTokenEnc: t.ctx.secrets.encrypt('revoked-token') })
      .where(eq(shops.id, shop.id));
    const result = await t.app.services.shops.refresh(await row(lazadaId));
    expect(result.status).toBe('reconnect');
    const listed = (await t.app.inject({ url: `/api/shopee/${lazadaId}`, headers })).json().data;
    expect(listed.status).toBe('reconnect');
    const reconnect = await t.app.inject({
      method: 'POST',
      url: `/api/shopee/${lazadaId}/reconnect`,
      headers,
    });
    expect(reconnect.json().data.authUrl).toContain('/sandbox/lazada/oauth/authorize');
  });

  it('ingests a shopper message pushed by the platform and answers it once when the bot is on', async () => {
    await t.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shopeeId}`,
      headers,
      payload: { defaultBotStatus: true },
    });
    const topic = (
      await t.app.inject({
        method: 'POST',
        url: `/api/shopee/${shopeeId}/gpt`,
        headers,
        payload: { name: 'Delivery' },
      })
    ).json().data;
    await t.app.inject({
      method: 'POST',
      url: `/api/shopee/${shopeeId}/gpt/${topic.id}/information`,
      headers,
      payload: ['Delivery time and shipping questions'],
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/shopee/${shopeeId}/gpt/${topic.id}/response`,
      headers,
      payload: ['Orders reach West Malaysia in 1 to 3 working days.'],
    });
    await shopperSays(t.app, 'shopee', '947042923', '880033', 'how many days for delivery to Penang?');
    const replies = await eventually(async () => {
      const seen = (await shopperSees(t.app, 'shopee', '947042923', '880033')).filter(
        (m) => m.from === 'shop',
      );
      expect(seen).toHaveLength(1);
      return seen;
    });
    await t.ctx.queue.idle();
    expect(
      (await shopperSees(t.app, 'shopee', '947042923', '880033')).filter((m) => m.from === 'shop'),
    ).toHaveLength(1);
    expect(String(replies[0]?.content.text)).toMatch(/1 to 3 working days/);
    const list = (await t.app.inject({ url: `/api/shopee/v1/${shopeeId}?page_size=50`, headers })).json()
      .data;
    const conversation = list.conversations.find((c: { to_id: string }) => c.to_id === '880033');
    expect(conversation.latest_message_content.text).toMatch(/1 to 3 working days/);
  });

  it('removes a shop with everything under it', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: `/api/shopee/${shopeeId}`, headers });
    expect(res.statusCode).toBe(200);
    expect(
      await t.ctx.database.db.select().from(conversations).where(eq(conversations.shopId, shopeeId)),
    ).toEqual([]);
    expect((await t.app.inject({ url: `/api/shopee/${shopeeId}`, headers })).statusCode).toBe(404);
  });
});

describe('a website shop', () => {
  it('needs no authorization: its authUrl is its own page, named by its platform', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/website',
      headers,
      payload: {
        name: 'Kedai Web',
        person_name: 'A',
        person_email: 'a@example.com',
        person_phone: '012-345 6789',
      },
    });
    const { id, authUrl } = res.json().data as { id: string; authUrl: string };
    expect(new URL(authUrl).pathname).toBe(`/dashboard/shops/website/${id}`);
  });
});

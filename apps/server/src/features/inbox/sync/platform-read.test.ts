import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shops } from '../../../db/schema.ts';
import { connectShop } from '../../../test/marketplace-flow.ts';
import { createTestApp, signUp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
});
afterAll(async () => {
  await t.close();
});

let shopee: Promise<string> | undefined;
/** The sandbox's Shopee shop, connected once for this file. */
const shopeeShop = () => {
  shopee ??= connectShop(t.app, headers, 'shopee', '947042923').then(async ({ id }) => {
    await t.ctx.queue.idle();
    return id;
  });
  return shopee;
};

const shopRow = async (id: string) =>
  (await t.ctx.database.db.select().from(shops).where(eq(shops.id, id)))[0]!;

/** The id of the shop's first unread conversation, as the spec's list route gives it. */
async function firstUnread(provider: 'shopee' | 'lazada', shopId: string) {
  const list = (await t.app.inject({ url: `/api/${provider}/v1/${shopId}?page_size=20`, headers })).json()
    .data;
  const conversations: { conversation_id?: string; session_id?: string; unread_count: number }[] =
    provider === 'shopee' ? list.conversations : list.session_list;
  const unread = conversations.find((c) => c.unread_count > 0)!;
  return String(unread.conversation_id ?? unread.session_id);
}

const open = (provider: 'shopee' | 'lazada', shopId: string, id: string) =>
  t.app.inject({ url: `/api/${provider}/v1/${shopId}/${id}?page_size=25`, headers });

async function openFirstUnread(provider: 'shopee' | 'lazada', shopId: string) {
  const id = await firstUnread(provider, shopId);
  expect((await open(provider, shopId, id)).statusCode).toBe(200);
  await t.ctx.queue.idle();
  return id;
}

describe('opening a conversation', () => {
  it('marks it read on Shopee too', async () => {
    const shopId = await shopeeShop();
    const conversationId = await openFirstUnread('shopee', shopId);
    const { accessToken, externalId } = await t.app.services.shops.accessToken(await shopRow(shopId));
    const onPlatform = await t.app.services.clients.shopee.getOneConversation(
      { accessToken, shopId: externalId },
      conversationId,
    );
    expect(onPlatform.unreadCount).toBe(0);
  });

  it('marks it read on Lazada too', async () => {
    const { id: shopId } = await connectShop(t.app, headers, 'lazada', '100094063');
    await t.ctx.queue.idle();
    const sessionId = await openFirstUnread('lazada', shopId);
    const { accessToken } = await t.app.services.shops.accessToken(await shopRow(shopId));
    const onPlatform = await t.app.services.clients.lazada.getSession(accessToken, sessionId);
    expect(onPlatform.unreadCount).toBe(0);
  });

  it('marks it read once when several open it at the same moment', async () => {
    const shopId = await shopeeShop();
    const id = await firstUnread('shopee', shopId);
    const read = vi.spyOn(t.app.services.clients.shopee, 'readConversation');
    const opened = await Promise.all(Array.from({ length: 8 }, () => open('shopee', shopId, id)));
    expect(opened.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    await t.ctx.queue.idle();
    expect(read).toHaveBeenCalledTimes(1);
    read.mockRestore();
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  botAnswers,
  conversationEvents,
  conversations,
  insightChats,
  insightHours,
  messages,
  shopBotSwitches,
  shops,
  vouchersSent,
} from '../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';
import {
  expected,
  type FixtureConversation,
  conversations as fixture,
  NOW,
  shopSwitches,
} from './definitions.fixture.ts';

let t: TestApp;
let db: Db;
let headers: Record<string, string>;
let shopId: string;
let webShopId: string;
const conversationIds = new Map<string, string>();

async function seed(shop: string, c: FixtureConversation, externalId: string) {
  const [row] = await db
    .insert(conversations)
    .values({ shopId: shop, externalId, customerId: externalId, customerName: c.name.slice(0, 1) })
    .returning();
  await db.insert(messages).values(
    c.messages.map((m, i) => ({
      shopId: shop,
      conversationId: row!.id,
      externalId: `${externalId}-${i}`,
      sender: m.sender,
      content: { kind: 'text' as const, text: `${m.sender} ${i}` },
      text: `${m.sender} ${i}`,
      status: m.failed ? ('failed' as const) : ('sent' as const),
      sentAt: new Date(m.at),
    })),
  );
  if (c.events?.length) {
    await db.insert(conversationEvents).values(
      c.events.map((e) => ({
        shopId: shop,
        conversationId: row!.id,
        kind: e.kind,
        reason: e.reason ?? null,
        actor: e.kind === 'handover' ? ('bot' as const) : ('merchant' as const),
        at: new Date(e.at),
      })),
    );
  }
  return row!;
}

const source = (kind: string, name: string) => ({ kind, id: name, name, excerpt: '', score: 1 });

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.database.db;
  ({ headers } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers, 'Kedai Comel');
  // A Shopee shop of Malaysia (no region from the platform: the default zone).
  await db.update(shops).set({ provider: 'shopee', externalId: '947042923' }).where(eq(shops.id, shopId));
  // The shop's bot switch as the set has it (a trigger records changes as they happen; these are past).
  await db
    .insert(shopBotSwitches)
    .values(shopSwitches.map((w) => ({ shopId, enabled: w.enabled, at: new Date(w.at) })));
  for (const [i, c] of fixture.entries()) {
    const row = await seed(shopId, c, `70000000000${i}`);
    conversationIds.set(c.name.slice(0, 1), row.id);
  }
  await db.insert(vouchersSent).values([
    { shopId, response: 'voucher', sentAt: new Date('2025-06-05T10:00:05+08:00') },
    { shopId, response: 'voucher', sentAt: new Date('2025-06-07T23:30:00+08:00') },
    { shopId, response: 'older voucher', sentAt: new Date('2025-06-01T10:00:00+08:00') },
  ]);
  const at = new Date('2025-06-05T10:00:04+08:00');
  await db.insert(botAnswers).values([
    {
      shopId,
      conversation: '700000000000',
      message: 'q',
      response: 'a',
      sources: [source('topic', 'Shipping'), source('file', 'care.pdf'), source('topic', 'Shipping')],
      createdAt: at,
    },
    {
      shopId,
      conversation: '700000000001',
      message: 'q',
      response: 'a',
      sources: [source('topic', 'Shipping')],
      createdAt: at,
    },
    {
      shopId,
      conversation: '700000000007',
      message: 'q',
      response: 'a',
      sources: [source('topic', 'Returns')],
      createdAt: at,
    },
    // The simulator's questions and handed-over answers are not answers the shop gave.
    {
      shopId,
      conversation: '12345678',
      message: 'q',
      response: 'a',
      sources: [source('topic', 'Returns')],
      createdAt: at,
    },
    {
      shopId,
      conversation: '700000000002',
      message: 'q',
      response: 'a',
      sources: [source('topic', 'Returns')],
      handover: 'low_confidence',
      createdAt: at,
    },
  ]);
  webShopId = await createWebsiteShop(t.app, headers, 'Web shop');
  await seed(
    webShopId,
    {
      name: 'W',
      messages: [
        { sender: 'customer', at: '2025-06-06T20:00:00+08:00' },
        { sender: 'bot', at: '2025-06-06T20:00:02+08:00' },
      ],
    },
    'websession01',
  );
  await t.app.services.insightsRollup.refresh();
});
afterAll(async () => {
  await t.close();
});

const overview = async (shop: string | undefined, query: Record<string, string | number>, now = NOW) => {
  const list = await t.app.services.insights.shopsOf(
    (await db.select().from(shops).where(eq(shops.id, shopId)))[0]!.merchantId,
    shop,
  );
  return t.app.services.insights.overview(list, query, now);
};

describe('insights definitions on the hand-made set', () => {
  it('gives each figure its documented value', async () => {
    const o = await overview(shopId, { days: 7 });
    expect(o.period).toEqual({ from: '2025-06-04', to: '2025-06-10', days: 7 });
    expect(o.previousPeriod).toEqual({ from: '2025-05-28', to: '2025-06-03', days: 7 });
    expect(o.timeZone).toBe('Asia/Kuala_Lumpur');
    const f = o.current;
    expect(f).toMatchObject({
      chats: expected.chats,
      shopperMessages: expected.shopperMessages,
      closedChats: expected.closedChats,
      botResolved: expected.botResolved,
      handedOver: expected.handedOver,
      unanswered: expected.unanswered,
      botFirstResponse: expected.botFirstResponse,
      humanFirstResponse: expected.humanFirstResponse,
      window: { due: expected.window.due, within: expected.window.within },
      vouchersOffered: 2,
    });
    expect(f.botResolvedShare).toBeCloseTo(expected.botResolvedShare);
    expect(f.handoverRate).toBeCloseTo(expected.handoverRate);
    expect(f.window.share).toBeCloseTo(expected.window.share);
    expect(o.previous).toMatchObject({
      chats: 0,
      shopperMessages: 0,
      vouchersOffered: 1,
      botResolvedShare: null,
    });
    expect(o.hasMarketplace).toBe(true);
  });

  it('charts each day in the shop’s zone, with the previous period beside it', async () => {
    const o = await overview(shopId, { days: 7 });
    expect(o.daily.map((d) => d.date)).toEqual([
      '2025-06-04',
      '2025-06-05',
      '2025-06-06',
      '2025-06-07',
      '2025-06-08',
      '2025-06-09',
      '2025-06-10',
    ]);
    const byDate = Object.fromEntries(o.daily.map((d) => [d.date, d]));
    expect(byDate['2025-06-05']).toMatchObject({
      chats: 9,
      shopperMessages: 11,
      handedOver: 1,
      vouchersOffered: 1,
    });
    expect(byDate['2025-06-07']).toMatchObject({ chats: 1, shopperMessages: 1, vouchersOffered: 1 });
    expect(byDate['2025-06-10']).toMatchObject({ chats: 2, closedChats: 0, windowDue: 1 });
    // Sunday 8 June (L, M, O and N's second chat): the bot in 1, 1, 1 and 2 s from when it owed a
    // reply (not 26, 40, 20 and 30 min from the chats' first messages); a person in 10 min (O).
    expect(byDate['2025-06-08']).toMatchObject({
      chats: 4,
      handedOver: 0,
      botFirstResponseMedianMs: 1000,
      humanFirstResponseMedianMs: 600_000,
      windowDue: 4,
      windowWithin: 4,
    });
    expect(byDate['2025-06-06']).toMatchObject({
      chats: 1,
      handedOver: 1,
      botFirstResponseMedianMs: 2000,
      humanFirstResponseMedianMs: 600_000,
    });
    expect(o.previousDaily).toHaveLength(7);
    expect(o.daily.reduce((n, d) => n + d.chats, 0)).toBe(expected.chats);
  });

  it('maps busiest hours by weekday and hour, names handover reasons and counts the sources of answers to shoppers', async () => {
    const o = await overview(shopId, { days: 7 });
    // Thursday 5 June: shoppers wrote twice at 09:00 (D and H), once at 14:00 and 16:00 (G).
    expect(o.busiestHours[4]![9]).toBe(2);
    expect(o.busiestHours[4]![14]).toBe(1);
    expect(o.busiestHours[4]![16]).toBe(1);
    expect(o.busiestHours.flat().reduce((a, b) => a + b, 0)).toBe(expected.shopperMessages);
    expect(o.handoverReasons).toEqual([
      // As many of each: by code.
      { code: 'asked_for_human', label: 'The shopper asked to talk to a person', count: 1 },
      { code: 'low_confidence', label: "The bot couldn't find the answer in your training", count: 1 },
    ]);
    expect(o.topTopics).toEqual([
      { name: 'Shipping', count: 2 },
      { name: 'Returns', count: 1 },
    ]);
    expect(o.topFiles).toEqual([{ name: 'care.pdf', count: 1 }]);
  });

  it('follows changes: a person writing in a chat, and that message removed again', async () => {
    const conversationId = conversationIds.get('A')!;
    const [agent] = await db
      .insert(messages)
      .values({
        shopId,
        conversationId,
        sender: 'agent',
        content: { kind: 'text' as const, text: 'hi' },
        text: 'hi',
        sentAt: new Date('2025-06-05T10:05:00+08:00'),
      })
      .returning();
    await t.app.services.insightsRollup.refresh();
    expect((await overview(shopId, { days: 7 })).current.botResolved).toBe(expected.botResolved - 1);
    await db.delete(messages).where(eq(messages.id, agent!.id));
    await t.app.services.insightsRollup.refresh();
    expect((await overview(shopId, { days: 7 })).current.botResolved).toBe(expected.botResolved);
    // A shopper message removed leaves the hourly counts exact.
    const [shopper] = await db
      .insert(messages)
      .values({
        shopId,
        conversationId,
        sender: 'customer',
        content: { kind: 'text' as const, text: 'x' },
        text: 'x',
        sentAt: new Date('2025-06-05T10:10:00+08:00'),
      })
      .returning();
    await db.delete(messages).where(eq(messages.id, shopper!.id));
    const [hour] = await db
      .select()
      .from(insightHours)
      .where(and(eq(insightHours.shopId, shopId), eq(insightHours.hour, new Date('2025-06-05T02:00:00Z'))));
    expect(hour?.shopperMessages).toBe(1); // A's question at 10:00
  });

  it('recomputes only from the chat that changed', async () => {
    const conversationId = conversationIds.get('H')!;
    const before = await db
      .select()
      .from(insightChats)
      .where(eq(insightChats.conversationId, conversationId));
    await db.insert(messages).values({
      shopId,
      conversationId,
      sender: 'bot',
      content: { kind: 'text' as const, text: 'x' },
      text: 'x',
      sentAt: new Date('2025-06-07T09:00:02+08:00'),
    });
    await t.app.services.insightsRollup.refresh();
    const after = await db.select().from(insightChats).where(eq(insightChats.conversationId, conversationId));
    expect(after).toHaveLength(2);
    const first = (rows: typeof before) => rows.find((r) => r.startedAt < new Date('2025-06-06T00:00:00Z'))!;
    expect(first(after).id).toBe(first(before).id);
    expect(after.find((r) => r !== first(after))?.botReplies).toBe(1);
  });
});

describe('insights read as they change', () => {
  it('shows today’s chats after the next refresh, with the older days kept', async () => {
    const now = new Date();
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
    const first = await overview(webShopId, { days: 7 }, now);
    await seed(
      webShopId,
      { name: 'T1', messages: [{ sender: 'customer', at: minutesAgo(30) }] },
      'today000001',
    );
    await t.app.services.insightsRollup.refresh();
    const second = await overview(webShopId, { days: 7 }, now);
    expect(second.current.chats).toBe(first.current.chats + 1);
    expect(second.current.unanswered).toBe(first.current.unanswered + 1);
    await seed(
      webShopId,
      {
        name: 'T2',
        messages: [
          { sender: 'customer', at: minutesAgo(20) },
          { sender: 'bot', at: minutesAgo(19) },
        ],
      },
      'today000002',
    );
    await t.app.services.insightsRollup.refresh();
    const third = await overview(webShopId, { days: 7 }, now);
    expect(third.current).toMatchObject({
      chats: first.current.chats + 2,
      closedChats: first.current.closedChats,
    });
    expect(third.current.botFirstResponse.count).toBe(first.current.botFirstResponse.count + 1);
    // The chats are open: a day later they are closed, and the unanswered one is still unanswered.
    const tomorrow = new Date(now.getTime() + 25 * 3600_000);
    const later = await overview(webShopId, { days: 7 }, tomorrow);
    expect(later.current.closedChats).toBe(later.current.chats);
  });
});

describe('the bot’s first response, as the merchant switches the bot', () => {
  it('counts from the moment the shop’s bot was switched on for a shopper already waiting', async () => {
    // A merchant of its own: the other tests count this merchant's shops.
    const merchant = await signUp(t.app);
    const headers = merchant.headers;
    const shop = await createWebsiteShop(t.app, headers, 'Switch shop');
    const switchBot = async (on: boolean) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/shopee/v1/${shop}`,
        headers,
        payload: { defaultBotStatus: on },
      });
      expect(res.statusCode).toBe(200);
    };
    const switches = () =>
      db.select().from(shopBotSwitches).where(eq(shopBotSwitches.shopId, shop)).orderBy(shopBotSwitches.at);
    // The shopper wrote 30 minutes ago, while the shop's bot was off.
    const c = await seed(
      shop,
      { name: 'S', messages: [{ sender: 'customer', at: new Date(Date.now() - 30 * 60_000).toISOString() }] },
      'switchsession1',
    );
    await switchBot(true);
    await switchBot(true); // no change: nothing recorded
    const [on] = await switches();
    expect((await switches()).map((w) => w.enabled)).toEqual([true]);
    // The bot answers a second later.
    await db.insert(messages).values({
      shopId: shop,
      conversationId: c.id,
      sender: 'bot',
      content: { kind: 'text' as const, text: 'hi' },
      text: 'hi',
      sentAt: new Date(on!.at.getTime() + 1000),
    });
    await t.app.services.insightsRollup.refresh();
    const now = new Date(Date.now() + 5000);
    const o = await t.app.services.insights.overview(
      await t.app.services.insights.shopsOf(
        (await db.select().from(shops).where(eq(shops.id, shop)))[0]!.merchantId,
        shop,
      ),
      { days: 7 },
      now,
    );
    expect(o.current.botFirstResponse).toMatchObject({ count: 1, medianMs: 1000 });
    expect(o.current.chats).toBe(1);
    await switchBot(false);
    expect((await switches()).map((w) => w.enabled)).toEqual([true, false]);
  });
});

describe('insights API', () => {
  const get = (url: string, h = headers) => t.app.inject({ url, headers: h });
  const period = 'from=2025-06-04&to=2025-06-10';

  it('answers for one shop and for all the merchant’s shops', async () => {
    const one = (await get(`/api/insights?shopId=${shopId}&${period}`)).json().data;
    expect(one.shops.map((s: { name: string }) => s.name)).toEqual(['Kedai Comel']);
    expect(one.current.chats).toBe(expected.chats);
    const web = (await get(`/api/insights?shopId=${webShopId}&${period}`)).json().data;
    expect(web.current).toMatchObject({ chats: 1, botResolved: 1, window: { due: 0, share: null } });
    expect(web.hasMarketplace).toBe(false);
    const all = (await get(`/api/insights?${period}`)).json().data;
    expect(all.shops).toHaveLength(2);
    expect(all.current.chats).toBe(one.current.chats + 1);
    expect(all.current.shopperMessages).toBe(one.current.shopperMessages + 1);
    expect((await get('/api/insights')).json().data.period.days).toBe(30);
  });

  it('keeps other merchants out: 404 for a shop of theirs, nothing of it in their own figures', async () => {
    const other = await signUp(t.app);
    for (const url of [
      `/api/insights?shopId=${shopId}`,
      `/api/insights/export?shopId=${shopId}`,
      `/api/insights/gaps?shopId=${shopId}`,
      '/api/insights?shopId=not-a-shop',
    ]) {
      expect((await get(url, other.headers)).statusCode, url).toBe(404);
    }
    const theirs = (await get(`/api/insights?${period}`, other.headers)).json().data;
    expect(theirs.shops).toEqual([]);
    expect(theirs.current).toMatchObject({ chats: 0, shopperMessages: 0, vouchersOffered: 0 });
    expect((await get(`/api/insights/gaps?days=30`, other.headers)).json().data).toEqual([]);
    const csv = await get(`/api/insights/export?${period}`, other.headers);
    expect(csv.body.trim().split('\n')).toHaveLength(1);
    expect((await get('/api/insights')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/insights' })).statusCode).toBe(401);
  });

  it('refuses periods it cannot answer with a clear error', async () => {
    const bad = async (query: string) => {
      const res = await get(`/api/insights?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json().error;
    };
    expect((await bad('days=12')).fields).toBeDefined();
    expect((await bad('from=2025-06-04')).fields.to).toBe('Give both the first and the last day');
    expect((await bad('from=2025-06-10&to=2025-06-04')).fields.to).toBe(
      'The last day comes before the first day',
    );
    await bad('from=2024-01-01&to=2025-06-04');
    await bad('from=yesterday&to=today');
  });

  it('exports the figures by day and by shop as CSV', async () => {
    const res = await get(`/api/insights/export?${period}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('insights-2025-06-04-to-2025-06-10.csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toMatch(/^"Date","Shop","Platform","Chats","Shopper messages",/);
    expect(lines).toHaveLength(1 + 7 * 2);
    const thursday = lines.find((l) => l.startsWith('"2025-06-05","Kedai Comel"'))!.split(',');
    expect(thursday.slice(2, 5)).toEqual(['"shopee"', '9', '11']);
    const web = lines.find((l) => l.startsWith('"2025-06-06","Web shop"'))!.split(',');
    expect(web.slice(3, 5)).toEqual(['1', '1']);
    const one = await get(`/api/insights/export?shopId=${webShopId}&${period}`);
    expect(one.body.trim().split('\n')).toHaveLength(1 + 7);
  });
});

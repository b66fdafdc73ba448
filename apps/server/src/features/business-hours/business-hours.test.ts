import { addDays, type BusinessHours, defaultBusinessHours, localDate } from '@balas/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { conversations, insightChats, insightDays, messages, shops } from '../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';
import { replyDeadline } from '../inbox/conversations/conversation-store.ts';

let t: TestApp;
let db: Db;
let headers: Record<string, string>;
let shopId: string;
const kl = (iso: string) => new Date(`${iso}+08:00`);
const HOUR = 3600_000;
// Weekdays 09:00-18:00 in Kuala Lumpur; Malaysia Day (Wednesday 16 September 2026) is in the default holidays.
const weekdays: BusinessHours = { ...defaultBusinessHours(), enabled: true };

beforeAll(async () => {
  t = await createTestApp();
  db = t.ctx.database.db;
  ({ headers } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers, 'Hours shop');
});
afterAll(() => t?.close());

const url = () => `/api/shops/${shopId}/business-hours`;
const put = (payload: unknown, h = headers) =>
  t.app.inject({ method: 'PUT', url: url(), headers: h, payload: payload as object });

describe('business hours settings', () => {
  it('starts from the default (off, weekdays, Malaysia’s holidays) and saves the merchant’s hours', async () => {
    const first = await t.app.inject({ method: 'GET', url: url(), headers });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ enabled: false, timeZone: 'Asia/Kuala_Lumpur' });
    expect(first.json().data.holidays).toContainEqual({ date: '2026-09-16', name: 'Malaysia Day' });

    const bad = await put({
      ...weekdays,
      week: [null, { open: '18:00', close: '09:00' }, null, null, null, null, null],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Closing time must be after opening time');
    expect((await put({ ...weekdays, timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await put({ ...weekdays, holidays: [{ date: '2026-13-01', name: 'x' }] })).statusCode).toBe(400);

    const saved = await put({
      ...weekdays,
      holidays: [{ date: '2026-12-31', name: 'Stock take' }, ...weekdays.holidays],
    });
    expect(saved.statusCode).toBe(200);
    const stored = saved.json().data.holidays as { date: string; name: string }[];
    // Kept in date order.
    expect(stored.map((h) => h.date)).toEqual(stored.map((h) => h.date).sort());
    expect(stored[stored.findIndex((h) => h.date === '2026-12-25') + 1]).toEqual({
      date: '2026-12-31',
      name: 'Stock take',
    });
    expect((await t.app.inject({ method: 'GET', url: url(), headers })).json().data.enabled).toBe(true);

    const other = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: url(), headers: other.headers })).statusCode).toBe(404);
    expect((await put(weekdays, other.headers)).statusCode).toBe(404);
  });

  it('tells a shopper who is handed over outside hours when the team is back, in their language', async () => {
    // Closed today and the next two days (holidays): back on the third day at 09:00.
    const today = localDate(new Date(), 'Asia/Kuala_Lumpur');
    const everyDay = { open: '09:00', close: '18:00' };
    const hours: BusinessHours = {
      enabled: true,
      timeZone: 'Asia/Kuala_Lumpur',
      week: Array(7).fill(everyDay),
      holidays: [0, 1, 2].map((i) => ({ date: addDays(today, i), name: `Closed ${i}` })),
    };
    expect((await put(hours)).statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shopId}`,
      headers,
      payload: { defaultBotStatus: true },
    });
    const ask = async (sessionId: string, query: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/website/v1/${shopId}`,
          payload: { sessionId, query },
        })
      ).json().data as { response: string; handover: boolean };
    const back = addDays(today, 3);
    const day = Number(back.slice(8, 10));
    const en = await ask('hoursEn12345', 'I want to talk to a human please');
    expect(en.handover).toBe(true);
    expect(en.response).toMatch(new RegExp(`will be back on \\w+, ${day} \\w+ (at )?9:00`));
    const ms = await ask('hoursMs12345', 'Saya nak cakap dengan orang, bukan bot');
    expect(ms.handover).toBe(true);
    expect(ms.response).toContain('akan kembali pada');
    const zh = await ask('hoursZh12345', '我要找人工客服');
    expect(zh.handover).toBe(true);
    expect(zh.response).toContain(`${day}日`);

    // Within hours (every day open, no holidays) the handover says nothing about hours.
    expect(
      (await put({ ...hours, week: Array(7).fill({ open: '00:00', close: '24:00' }), holidays: [] }))
        .statusCode,
    ).toBe(200);
    const open = await ask('hoursOpen123', 'I want to talk to a human please');
    expect(open.handover).toBe(true);
    expect(open.response).not.toMatch(/will be back/);
  });

  it('counts the reply countdown in business hours, with a holiday, and moves running countdowns', async () => {
    const shop = { provider: 'shopee' as const, region: 'MY', responseWindowHours: null };
    // Shopee's 12 hours from Tuesday 16:00: 2 h Tuesday, Malaysia Day closed, 9 h Thursday, 1 h Friday.
    expect(replyDeadline({ ...shop, businessHours: weekdays }, kl('2026-09-15T16:00:00'))).toEqual(
      kl('2026-09-18T10:00:00'),
    );
    expect(replyDeadline({ ...shop, businessHours: null }, kl('2026-09-15T16:00:00'))).toEqual(
      kl('2026-09-16T04:00:00'),
    );
    expect(
      replyDeadline({ ...shop, businessHours: { ...weekdays, enabled: false } }, kl('2026-09-15T16:00:00')),
    ).toEqual(kl('2026-09-16T04:00:00'));

    // A marketplace shop with a shopper waiting since Tuesday 16:00 (calendar deadline 04:00).
    const shopeeId = await createWebsiteShop(t.app, headers, 'Hours marketplace');
    await db.update(shops).set({ provider: 'shopee', externalId: '99001122' }).where(eq(shops.id, shopeeId));
    const [waiting] = await db
      .insert(conversations)
      .values({
        shopId: shopeeId,
        externalId: 'waiting-1',
        lastFrom: 'customer',
        awaitingSince: kl('2026-09-15T16:00:00'),
        replyDueAt: kl('2026-09-16T04:00:00'),
      })
      .returning();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/shops/${shopeeId}/business-hours`,
      headers,
      payload: weekdays,
    });
    expect(res.statusCode).toBe(200);
    const [after] = await db.select().from(conversations).where(eq(conversations.id, waiting!.id));
    expect(after!.replyDueAt).toEqual(kl('2026-09-18T10:00:00'));
  });

  it('times a person’s first reply in Insights by business hours, skipping the holiday', async () => {
    const shop = await createWebsiteShop(t.app, headers, 'Hours insights');
    await db.update(shops).set({ businessHours: weekdays }).where(eq(shops.id, shop));
    const [c] = await db
      .insert(conversations)
      .values({ shopId: shop, externalId: 'insights-1', customerId: 'x' })
      .returning();
    // Asked Tuesday 17:00 before Malaysia Day, answered Thursday 10:00: 2 hours of open time (41 on the clock).
    await db.insert(messages).values([
      {
        shopId: shop,
        conversationId: c!.id,
        externalId: 'i1',
        sender: 'customer',
        content: { kind: 'text', text: 'hi' },
        text: 'hi',
        sentAt: kl('2026-09-15T17:00:00'),
      },
      {
        shopId: shop,
        conversationId: c!.id,
        externalId: 'i2',
        sender: 'agent',
        content: { kind: 'text', text: 'hello' },
        text: 'hello',
        sentAt: kl('2026-09-17T10:00:00'),
      },
    ]);
    await t.app.services.insightsRollup.refresh();
    const [chat] = await db.select().from(insightChats).where(eq(insightChats.conversationId, c!.id));
    expect(chat!.humanOpenMs).toBe(2 * HOUR);
    const [day] = await db.select().from(insightDays).where(eq(insightDays.shopId, shop));
    expect(day).toMatchObject({ day: '2026-09-15', humanN: 1, humanP50: 2 * HOUR });
  });
});

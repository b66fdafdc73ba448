import { limits, messages } from '@balas/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, messages as messageRows, outboxEmails } from '../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

/** Floods through the public widget: new conversations are limited, and the bot's answers are budgeted. */
let t: TestApp;
let headers: Record<string, string>;
let email: string;
let shopId: string;
const BUDGET = 3;

beforeAll(async () => {
  t = await createTestApp({ BOT_ANSWERS_PER_HOUR: String(BUDGET) });
  ({ headers, email } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers, 'Kedai Flood');
});
afterAll(async () => {
  await t.close();
});

let sessions = 0;
const newSession = () => `s${String(++sessions).padStart(11, '0')}`;
const say = (shop: string, sessionId: string, remoteAddress: string, query = 'Is the romper in stock?') =>
  t.app.inject({
    method: 'POST',
    url: `/api/website/v1/${shop}`,
    remoteAddress,
    payload: { sessionId, query },
  });
const conversationCount = async (shop: string) =>
  (await t.ctx.database.db.select().from(conversations).where(eq(conversations.shopId, shop))).length;

describe('new website conversations', () => {
  it('are limited per address, while known conversations go on and other visitors start theirs', async () => {
    const before = await conversationCount(shopId);
    const started: string[] = [];
    for (let i = 0; i < limits.websiteNewChatsPerAddress; i++) {
      const session = newSession();
      expect((await say(shopId, session, '198.51.100.90')).statusCode).toBe(200);
      started.push(session);
    }
    const refused = await say(shopId, newSession(), '198.51.100.90');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toContain(messages.website.tooManyNewChats);
    expect(await conversationCount(shopId)).toBe(before + limits.websiteNewChatsPerAddress);
    // The visitor's own conversations are not cut off, and a visitor elsewhere is not blocked.
    expect((await say(shopId, started[0]!, '198.51.100.90', 'And in size M?')).statusCode).toBe(200);
    expect((await say(shopId, newSession(), '198.51.100.91')).statusCode).toBe(200);
  });

  it('are limited per shop, from however many addresses', async () => {
    const flooded = await createWebsiteShop(t.app, headers, 'Kedai Busy');
    for (let i = 0; i < limits.websiteNewChatsPerShop; i++) {
      const res = await say(flooded, newSession(), `10.${(i >> 8) & 255}.${i & 255}.7`);
      expect(res.statusCode).toBe(200);
    }
    const refused = await say(flooded, newSession(), '10.250.0.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toContain(messages.website.tooManyShopChats);
    expect(await conversationCount(flooded)).toBe(limits.websiteNewChatsPerShop);
    // Another shop's visitors are not affected.
    expect((await say(shopId, newSession(), '10.250.0.1')).statusCode).toBe(200);
  }, 120_000);
});

describe('the bot budget of a shop', () => {
  it('hands over once the hourly budget is spent, and mails the merchant once', async () => {
    const shop = await createWebsiteShop(t.app, headers, 'Kedai Budget');
    await t.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shop}`,
      headers,
      payload: { defaultBotStatus: true },
    });
    const answered: string[] = [];
    for (let i = 0; i < BUDGET; i++) {
      const session = newSession();
      const res = await say(shop, session, `192.0.2.${i + 1}`, 'hello, what time do you open?');
      expect(res.statusCode).toBe(200);
      expect(res.json().data.response.length).toBeGreaterThan(0);
      answered.push(session);
    }
    const over = [newSession(), newSession()];
    for (const [i, session] of over.entries()) {
      const res = await say(shop, session, `192.0.2.${100 + i}`, 'hello, what time do you open?');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ response: '', handover: true });
    }
    for (const session of over) {
      const [conversation] = await t.ctx.database.db
        .select()
        .from(conversations)
        .where(and(eq(conversations.shopId, shop), eq(conversations.externalId, session)));
      expect(conversation).toMatchObject({ handedOver: true, handoverReason: messages.botBudget.handover });
      const bot = await t.ctx.database.db
        .select()
        .from(messageRows)
        .where(and(eq(messageRows.conversationId, conversation!.id), eq(messageRows.sender, 'bot')));
      expect(bot).toEqual([]);
    }
    const mails = await t.ctx.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(messages.botBudget.mailSubject('Kedai Budget'));
    expect(mails[0]!.text).toContain(`answered ${BUDGET} messages in the past hour`);
    // The inbox shows them as waiting for a person, with the reason.
    const list = (await t.app.inject({ url: `/api/shopee/v1/${shop}?page_size=50`, headers })).json().data;
    const handed = list.conversations.filter(
      (c: { is_agent: boolean; handover_reason: string | null }) =>
        c.is_agent && c.handover_reason === messages.botBudget.handover,
    );
    expect(handed.map((c: { conversation_id: string }) => c.conversation_id).sort()).toEqual(
      [...over].sort(),
    );
    // Other shops keep their own budget.
    const elsewhereShop = await createWebsiteShop(t.app, headers, 'Kedai Lain');
    await t.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${elsewhereShop}`,
      headers,
      payload: { defaultBotStatus: true },
    });
    const elsewhere = await say(elsewhereShop, newSession(), '192.0.2.200', 'hello, what time do you open?');
    expect(elsewhere.json().data.response.length).toBeGreaterThan(0);
  });
});

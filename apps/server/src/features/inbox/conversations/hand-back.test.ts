import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersDue, messages, shops } from '../../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let merchant: { headers: Record<string, string> };
let shopId: string;
let sequence = 0;

const shopRow = async () => (await t.ctx.database.db.select().from(shops).where(eq(shops.id, shopId)))[0]!;
/** A message arriving as a push would: stored, and the bot's decision queued. */
async function says(conversation: string, sender: 'customer' | 'agent', text: string) {
  sequence += 1;
  await t.app.services.inbox.receive(
    await shopRow(),
    {
      conversation: { externalId: conversation, customerId: `buyer-${conversation}`, customerName: 'Nurul' },
      message: {
        externalId: `${conversation}-${sequence}`,
        sender,
        content: { kind: 'text', text },
        sentAt: new Date(Date.now() - 60_000 + sequence * 100),
      },
    },
    { answer: 'queue' },
  );
  await t.ctx.queue.idle();
}
async function botReplies(conversation: string) {
  const c = await t.app.services.inbox.conversationOf(await shopRow(), conversation);
  return t.ctx.database.db
    .select({ replyTo: messages.replyTo })
    .from(messages)
    .where(and(eq(messages.conversationId, c!.id), isNotNull(messages.replyTo)));
}
const post = (path: string, payload?: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: merchant.headers,
    ...(payload ? { payload } : {}),
  });
const conversationId = async (externalId: string) =>
  (await t.app.services.inbox.conversationOf(await shopRow(), externalId))!.id;

beforeAll(async () => {
  t = await createTestApp();
  merchant = await signUp(t.app);
  // A new website shop: its chatbot is off until the merchant turns it on.
  shopId = await createWebsiteShop(t.app, merchant.headers, 'Kedai Nurul');
});
afterAll(async () => {
  await t?.close();
});

describe('putting the bot (back) in charge', () => {
  it('answers the shopper who is still waiting, once', async () => {
    await says('w1', 'customer', 'Hello, are you open today?');
    expect(await botReplies('w1')).toEqual([]);

    const back = await post(`/inbox/conversations/${await conversationId('w1')}/hand-back`);
    expect(back.statusCode, back.body).toBe(200);
    await t.ctx.queue.idle();
    const replies = await botReplies('w1');
    expect(replies).toHaveLength(1);
    expect(await t.ctx.database.db.select().from(answersDue)).toEqual([]);

    // Handing back again owes nobody anything: the shopper has their answer.
    await post(`/inbox/conversations/${await conversationId('w1')}/hand-back`);
    await t.ctx.queue.idle();
    expect(await botReplies('w1')).toHaveLength(1);
  });

  it("answers when the merchant turns the conversation's switch on, not when they turn it off", async () => {
    await says('w2', 'customer', 'Do you deliver to Ipoh?');
    const toggle = async (status: boolean) =>
      t.app.services.inbox.setBot(
        await shopRow(),
        (await t.app.services.inbox.conversationOf(await shopRow(), 'w2'))!,
        status,
      );
    expect((await toggle(false)).botEnabled).toBe(false);
    await t.ctx.queue.idle();
    expect(await botReplies('w2')).toEqual([]);
    expect((await toggle(true)).botEnabled).toBe(true);
    await t.ctx.queue.idle();
    expect(await botReplies('w2')).toHaveLength(1);
  });

  it('leaves a conversation alone when a person of the shop wrote last', async () => {
    await says('w3', 'customer', 'Is the batik shirt in size L?');
    await says('w3', 'agent', 'Yes, we have size L.');
    await post(`/inbox/conversations/${await conversationId('w3')}/hand-back`);
    await t.ctx.queue.idle();
    expect(await botReplies('w3')).toEqual([]);
  });
});

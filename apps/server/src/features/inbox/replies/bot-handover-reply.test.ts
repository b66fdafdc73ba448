import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationEvents, conversations, messages, shops } from '../../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../../test/test-app.ts';

// The bot's handover commits with the reply that tells the shopper (reply.service sendBot): a crash
// between the two left chats handed over with the shopper never told (found by the outbox kill test).

let t: TestApp;
let shopId: string;
const db = () => t.ctx.database.db;
const handover = { reason: 'low_confidence', text: "The bot couldn't find the answer in your training" };

beforeAll(async () => {
  t = await createTestApp();
  const { headers } = await signUp(t.app);
  shopId = await createWebsiteShop(t.app, headers);
});
afterAll(async () => {
  await t.close();
});

async function shopperWrites(session: string) {
  const [shop] = await db().select().from(shops).where(eq(shops.id, shopId));
  const stored = await t.app.services.inbox.ingest(
    shop!,
    {
      conversation: { externalId: session, customerId: session, customerName: 'Visitor' },
      message: {
        externalId: `${session}-1`,
        sender: 'customer',
        content: { kind: 'text', text: 'Can I pay by cheque?' },
        sentAt: new Date(),
      },
    },
    { answerDue: false },
  );
  return { shop: shop!, conversation: stored!.conversation, messageId: stored!.message.id };
}

const conversationOf = async (id: string) =>
  (await db().select().from(conversations).where(eq(conversations.id, id)))[0]!;
const handoversOf = async (id: string) =>
  (await db().select().from(conversationEvents).where(eq(conversationEvents.conversationId, id))).filter(
    (e) => e.kind === 'handover',
  );

describe("the bot's handover reply", () => {
  it('hands the chat over and stores the reply that says so, together', async () => {
    const { shop, conversation, messageId } = await shopperWrites('HandRep00001');
    const sent = await t.app.services.replies.sendBot(
      shop,
      conversation,
      messageId,
      'A person will reply.',
      handover,
    );
    expect(sent).toMatchObject({ sender: 'bot', replyTo: messageId, text: 'A person will reply.' });
    expect(await conversationOf(conversation.id)).toMatchObject({
      handedOver: true,
      handoverCode: 'low_confidence',
      lastFrom: 'bot',
    });
    expect(await handoversOf(conversation.id)).toHaveLength(1);
  });

  it('neither hands over nor replies when the message was answered already', async () => {
    const { shop, conversation, messageId } = await shopperWrites('HandRep00002');
    expect(await t.app.services.replies.sendBot(shop, conversation, messageId, 'Yes, we do.')).not.toBeNull();
    expect(
      await t.app.services.replies.sendBot(shop, conversation, messageId, 'Passing on.', handover),
    ).toBeNull();
    expect(await conversationOf(conversation.id)).toMatchObject({ handedOver: false });
    expect(await handoversOf(conversation.id)).toEqual([]);
    const replies = await db().select().from(messages).where(eq(messages.replyTo, messageId));
    expect(replies.map((r) => r.text)).toEqual(['Yes, we do.']);
  });

  it('stores no second reply when the chat was handed over already', async () => {
    const { shop, conversation, messageId } = await shopperWrites('HandRep00003');
    await t.app.services.inbox.handOver(shop, conversation, { ...handover, actor: 'shopper' });
    expect(
      await t.app.services.replies.sendBot(shop, conversation, messageId, 'Passing on.', handover),
    ).toBeNull();
    expect(await db().select().from(messages).where(eq(messages.replyTo, messageId))).toEqual([]);
    expect(await handoversOf(conversation.id)).toHaveLength(1);
  });
});

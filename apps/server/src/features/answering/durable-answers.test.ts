import type { MessageContent } from '@balas/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersDue, conversations, messages, outbox, shops } from '../../db/schema.ts';
import { sweepOutboxJob } from '../../platform/outbox.ts';
import { connectShop, eventually, shopperSays, shopperSees } from '../../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';
import { REPLY_STORED } from '../inbox/inbox.events.ts';

// A crash between storing a shopper message and answering it, or between storing a reply and
// sending it, loses nothing: the answer due and the pending reply are swept up.

let t: TestApp;
let headers: Record<string, string>;
let websiteShopId: string;
const SHOPEE_SHOP = '947042987';
const BUYER = '880044';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

async function run(job: typeof sweepOutboxJob) {
  await t.ctx.queue.enqueue(job, {});
  await t.ctx.queue.idle(30_000);
}

/** As if the replies stored pending had waited PENDING_STUCK_AFTER_MS: their events are relayed. */
async function afterStuckDelay() {
  await t.ctx.database.db.update(outbox).set({ nextAt: new Date() }).where(eq(outbox.kind, REPLY_STORED));
  await t.app.services.outbox.relay();
  await t.ctx.queue.idle(30_000);
}

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  websiteShopId = await createWebsiteShop(t.app, headers);
  await t.ctx.database.db.update(shops).set({ defaultBotStatus: true }).where(eq(shops.id, websiteShopId));
});
afterAll(async () => {
  await t.close();
});

describe('answers due', () => {
  it('answers, exactly once, a shopper message whose answer job was lost in a crash', async () => {
    const [shop] = await t.ctx.database.db.select().from(shops).where(eq(shops.id, websiteShopId));
    // Stored with its answer due, then the process died before the answer was queued.
    const stored = await t.app.services.inbox.ingest(
      shop!,
      {
        conversation: { externalId: 'crashsession1', customerId: 'crashsession1', customerName: 'Visitor' },
        message: {
          externalId: 'crash-1',
          sender: 'customer',
          content: { kind: 'text' as const, text: 'hello, are you open today?' },
          sentAt: new Date(),
        },
      },
      { answerDue: true },
    );
    const messageId = stored!.message.id;
    // Its event was relayed, and the job then lost.
    await t.ctx.database.db.update(outbox).set({ claimedAt: minutesAgo(2), attempts: 1 });
    await run(sweepOutboxJob);
    const replies = () => t.ctx.database.db.select().from(messages).where(eq(messages.replyTo, messageId));
    expect(await replies()).toHaveLength(1);
    expect(await t.ctx.database.db.select().from(answersDue)).toEqual([]);
    expect(await t.ctx.database.db.select().from(outbox)).toEqual([]);
    await run(sweepOutboxJob);
    expect(await replies()).toHaveLength(1);
  });

  it('leaves nothing due once the bot has decided on a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/website/v1/${websiteShopId}`,
      payload: { query: 'thank you', sessionId: 'crashsessio2' },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.ctx.database.db.select().from(answersDue)).toEqual([]);
  });
});

describe('pending replies', () => {
  it('marks a website reply left pending as sent (the chat is ours, the visitor saw it)', async () => {
    const [conversation] = await t.ctx.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.shopId, websiteShopId));
    const [pending] = await t.ctx.database.db
      .insert(messages)
      .values({
        shopId: websiteShopId,
        conversationId: conversation!.id,
        sender: 'agent',
        text: 'We are open until 6pm',
        content: { kind: 'text' as const, text: 'We are open until 6pm' },
        status: 'pending',
        createdAt: minutesAgo(5),
      })
      .returning();
    await afterStuckDelay();
    const [after] = await t.ctx.database.db.select().from(messages).where(eq(messages.id, pending!.id));
    expect(after!.status).toBe('sent');
  });

  it('adopts the platform echo of a reply sent before the crash, and sends again one that never left', async () => {
    const shopId = (await connectShop(t.app, headers, 'shopee', SHOPEE_SHOP)).id;
    await shopperSays(t.app, 'shopee', SHOPEE_SHOP, BUYER, 'Hi, is the stroller in stock?');
    const conversation = await eventually(async () => {
      const [row] = await t.ctx.database.db
        .select()
        .from(conversations)
        .where(and(eq(conversations.shopId, shopId), eq(conversations.customerId, BUYER)));
      if (!row) throw new Error('no conversation yet');
      return row;
    });
    await t.ctx.queue.idle(30_000);
    const [shop] = await t.ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
    const pendingRow = (text: string) => ({
      shopId,
      conversationId: conversation.id,
      sender: 'agent' as const,
      text,
      content: { kind: 'text' as const, text },
      status: 'pending' as const,
      createdAt: minutesAgo(5),
    });
    // Sent to the platform, then the process died before marking it sent.
    const { accessToken, externalId } = await t.app.services.shops.accessToken(shop!);
    await t.app.services.clients.shopee.sendMessage(
      { accessToken, shopId: externalId },
      { toId: BUYER, messageType: 'text', content: { kind: 'text' as const, text: 'Yes, 3 left in grey' } },
    );
    const [sent] = await t.ctx.database.db
      .insert(messages)
      .values(pendingRow('Yes, 3 left in grey'))
      .returning();
    // Stored, then the process died before sending it.
    const [unsent] = await t.ctx.database.db
      .insert(messages)
      .values(pendingRow('We ship today before 4pm'))
      .returning();

    await afterStuckDelay();

    const rows = await t.ctx.database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversation.id));
    const withText = (text: string) => rows.filter((m) => m.text === text);
    expect(withText('Yes, 3 left in grey')).toEqual([
      expect.objectContaining({ id: sent!.id, status: 'sent', externalId: expect.any(String) }),
    ]);
    expect(withText('We ship today before 4pm')).toEqual([
      expect.objectContaining({ id: unsent!.id, status: 'sent', externalId: expect.any(String) }),
    ]);
    const seen = await shopperSees(t.app, 'shopee', SHOPEE_SHOP, BUYER);
    const texts = seen.map((m) => m.content.text);
    expect(texts.filter((x) => x === 'Yes, 3 left in grey')).toHaveLength(1);
    expect(texts.filter((x) => x === 'We ship today before 4pm')).toHaveLength(1);
    const stillPending = await t.ctx.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.status, 'pending'), isNull(messages.replyTo)));
    expect(stillPending).toEqual([]);
  });

  it('sends a reply that never left once, when two recoveries take it up at the same moment', async () => {
    const [conversation] = await t.ctx.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.customerId, BUYER));
    const [unsent] = await t.ctx.database.db
      .insert(messages)
      .values({
        shopId: conversation!.shopId,
        conversationId: conversation!.id,
        sender: 'agent',
        text: 'Grey is back next week',
        content: { kind: 'text' as const, text: 'Grey is back next week' },
        status: 'pending',
        createdAt: minutesAgo(5),
      })
      .returning();
    // The sweep, and the reply's answer job taken up again after a restart.
    const { pendingReplies } = t.app.services;
    await Promise.all([pendingReplies.settle(unsent!.id), pendingReplies.settle(unsent!.id)]);
    const seen = await shopperSees(t.app, 'shopee', SHOPEE_SHOP, BUYER);
    expect(seen.filter((m) => m.content.text === 'Grey is back next week')).toHaveLength(1);
    const [after] = await t.ctx.database.db.select().from(messages).where(eq(messages.id, unsent!.id));
    expect(after!.status).toBe('sent');
  });
});

describe('messages of the same second', () => {
  it('answers a question whose card, shared in the same second, was stored after it', async () => {
    const [shop] = await t.ctx.database.db.select().from(shops).where(eq(shops.id, websiteShopId));
    const sentAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    const say = (externalId: string, content: MessageContent) =>
      t.app.services.inbox.ingest(
        shop!,
        {
          conversation: { externalId: 'samesecond', customerId: 'samesecond', customerName: 'Visitor' },
          message: { externalId, sender: 'customer', content, sentAt },
        },
        { answerDue: true },
      );
    // Platforms stamp whole seconds, and two pushes may be stored in either order.
    const question = await say('same-1', { kind: 'text', text: 'hello, are you open today?' });
    const card = await say('same-2', { kind: 'order', orderId: '270101ABCDEFGH' });
    await t.app.services.autoReply.replyTo(question!.message.id);
    await t.app.services.autoReply.replyTo(card!.message.id);
    const replies = await t.ctx.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, question!.conversation.id), eq(messages.sender, 'bot')));
    expect(replies.map((r) => r.replyTo)).toEqual([question!.message.id]);
  });
});

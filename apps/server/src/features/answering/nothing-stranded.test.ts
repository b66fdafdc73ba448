import type { InboxRow } from '@balas/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answersDue, conversations, deadJobs, messages, outbox, shops } from '../../db/schema.ts';
import { OUTBOX_MAX_ATTEMPTS } from '../../platform/outbox.ts';
import {
  connectShop,
  eventually,
  shopperSays,
  shopperSees,
  switchShopBot,
} from '../../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';
import { ARM_BATCH, createConversationStore } from '../inbox/conversations/conversation-store.ts';
import { answerWaitingJob } from './answering.jobs.ts';

/*
 * Issue 26.1, nothing stranded: whatever changes who should answer, a shopper's unanswered message
 * is answered once by the bot or shown where a person sees it ("Needs you"). Cases one by one here;
 * random sequences of them in stranded.property.test.ts.
 */

let t: TestApp;
let headers: Record<string, string>;
let shopee: string;
let lazada: string;
let website: string;
const SHOPEE_SHOP = '947042987';
const LAZADA_SHOP = '100094063';

const db = () => t.ctx.database.db;
const shopRow = async (id: string) => (await db().select().from(shops).where(eq(shops.id, id)))[0]!;
const switchShop = (shopId: string, on: boolean) => switchShopBot(t.app, headers, shopId, on);
const row = async (conversationId: string) => {
  const res = await t.app.inject({ url: `/api/inbox/conversations/${conversationId}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as InboxRow;
};
const needsYou = async (shopId: string) => {
  const res = await t.app.inject({
    url: `/api/inbox/conversations?view=needs_you&shopId=${shopId}&limit=100`,
    headers,
  });
  return (res.json().data as InboxRow[]).map((r) => r.id);
};
/** The conversation of a marketplace buyer, once their message is stored (pushes are asynchronous). */
const conversationOfBuyer = (shopId: string, buyer: string, text: string) =>
  eventually(async () => {
    const [found] = await db()
      .select({ id: conversations.id })
      .from(conversations)
      .innerJoin(messages, eq(messages.conversationId, conversations.id))
      .where(
        and(eq(conversations.shopId, shopId), eq(conversations.customerId, buyer), eq(messages.text, text)),
      );
    if (!found) throw new Error(`no message "${text}" from ${buyer} yet`);
    return found.id;
  });
const visitorSays = async (shopId: string, sessionId: string, query: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/website/v1/${shopId}`,
    payload: { query, sessionId },
    remoteAddress: `198.18.7.${Math.floor(Math.random() * 250) + 1}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { response: string; handover: boolean };
};
const websiteConversation = async (sessionId: string) =>
  (
    await db()
      .select()
      .from(conversations)
      .where(and(eq(conversations.shopId, website), eq(conversations.externalId, sessionId)))
  )[0]!;
/** The conversation's messages, oldest first. */
const messagesOf = (conversationId: string) =>
  db()
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.sentAt), asc(messages.id));
/** The bot's replies in a conversation, each with the text it answers. */
async function botReplies(conversationId: string) {
  const all = await messagesOf(conversationId);
  return all
    .filter((m) => m.sender === 'bot' && m.replyTo)
    .map((m) => ({ answers: all.find((q) => q.id === m.replyTo)?.text, status: m.status }));
}
const settle = async () => {
  await t.ctx.queue.idle(30_000);
  // An echo of a reply, pushed back by the platform, may queue more work.
  await new Promise((r) => setTimeout(r, 50));
  await t.ctx.queue.idle(30_000);
};

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopee = (await connectShop(t.app, headers, 'shopee', SHOPEE_SHOP)).id;
  lazada = (await connectShop(t.app, headers, 'lazada', LAZADA_SHOP)).id;
  website = await createWebsiteShop(t.app, headers, 'Kedai Web');
  await settle();
  for (const id of [shopee, lazada, website]) await switchShop(id, false);
  await settle();
}, 60_000);
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t?.close();
});

describe("turning the shop's bot on", () => {
  it('answers, once, every shopper who wrote while it was off (Shopee, Lazada, website), and no one it does not answer', async () => {
    // While the bot is off: the website visitor is told the shop team will reply.
    const status = await t.app.inject({ url: `/api/website/v1/${website}` });
    expect(status.json().data.replies).toBe('team');
    await shopperSays(t.app, 'shopee', SHOPEE_SHOP, '880011', 'Is the stroller in stock?');
    await shopperSays(t.app, 'shopee', SHOPEE_SHOP, '880011', 'How long does delivery take to Penang?');
    await shopperSays(t.app, 'lazada', LAZADA_SHOP, '1880022', 'Do you ship to Sabah?');
    expect(await visitorSays(website, 'WaitingVis01', 'Are you open on Sunday?')).toMatchObject({
      response: '',
    });
    // Three the bot must leave alone: its switch off for the chat, handed over, resolved.
    await shopperSays(t.app, 'shopee', SHOPEE_SHOP, '880022', 'Can I pay by bank transfer?');
    await shopperSays(t.app, 'shopee', SHOPEE_SHOP, '880033', 'I want to talk to a person');
    await visitorSays(website, 'ResolvedVis1', 'Hello?');
    const waiting = {
      shopee: await conversationOfBuyer(shopee, '880011', 'How long does delivery take to Penang?'),
      lazada: await conversationOfBuyer(lazada, '1880022', 'Do you ship to Sabah?'),
      website: (await websiteConversation('WaitingVis01')).id,
    };
    const off = await conversationOfBuyer(shopee, '880022', 'Can I pay by bank transfer?');
    const handed = await conversationOfBuyer(shopee, '880033', 'I want to talk to a person');
    const resolved = (await websiteConversation('ResolvedVis1')).id;
    await settle();
    const offRow = (await db().select().from(conversations).where(eq(conversations.id, off)))[0]!;
    await t.app.services.inbox.setBot(await shopRow(shopee), offRow, false);
    await t.app.services.inbox.handOver(
      await shopRow(shopee),
      { id: handed },
      { reason: 'asked_for_human', text: 'The shopper asked to talk to a person' },
    );
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/inbox/conversations/${resolved}/resolve`, headers }))
        .statusCode,
    ).toBe(200);
    for (const id of [...Object.values(waiting), off, handed])
      expect((await row(id)).state).toBe('needs_you');

    for (const id of [shopee, lazada, website]) await switchShop(id, true);
    await settle();

    // Each answered once, about the newest of what they wrote.
    expect(await botReplies(waiting.shopee)).toEqual([
      { answers: 'How long does delivery take to Penang?', status: 'sent' },
    ]);
    expect(await botReplies(waiting.lazada)).toEqual([{ answers: 'Do you ship to Sabah?', status: 'sent' }]);
    expect(await botReplies(waiting.website)).toEqual([
      { answers: 'Are you open on Sunday?', status: 'sent' },
    ]);
    const shopLines = (await shopperSees(t.app, 'shopee', SHOPEE_SHOP, '880011')).filter(
      (m) => m.from === 'shop',
    );
    expect(shopLines).toHaveLength(1);
    // The bot's now: answered, or handed over with the reason when the bot could not answer.
    for (const id of Object.values(waiting)) {
      const after = await row(id);
      if (after.state === 'needs_you') expect(after.stateReason).not.toBeNull();
      // Answered: waiting on the shopper, in the bot's view.
      else
        expect(after).toMatchObject({
          state: 'waiting',
          lastFrom: 'bot',
          views: expect.arrayContaining(['bot']),
        });
    }
    // The website visitor reads the answer in the widget's history.
    const history = await t.app.inject({ url: `/api/website/v1/${website}/WaitingVis01` });
    expect(history.json().data.chatHistory.at(-1).response.length).toBeGreaterThan(0);
    // Those the bot does not answer stay with a person, unanswered.
    for (const id of [off, handed, resolved]) expect(await botReplies(id)).toEqual([]);
    expect(await needsYou(shopee)).toEqual(expect.arrayContaining([off, handed]));
    expect((await row(resolved)).state).toBe('resolved');
    expect(await db().select().from(answersDue)).toEqual([]);

    // Off and on again: nobody waits, nobody is answered twice.
    await switchShop(shopee, false);
    await switchShop(shopee, true);
    await settle();
    expect(await botReplies(waiting.shopee)).toHaveLength(1);
  });

  it('makes the answers of a big shop due a page at a time, each page its own transaction', async () => {
    const big = await createWebsiteShop(t.app, headers, 'Kedai Besar');
    const n = ARM_BATCH * 2 + 50;
    // Conversations whose visitor wrote while the bot was off (stored as the inbox stores them).
    await db().execute(sql`with c as (
        insert into conversations (shop_id, external_id, customer_name, latest_text, latest_at, last_from, awaiting_since)
        select ${big}::uuid, 'big' || g, 'Visitor', 'Hello?', now() - g * interval '1 second', 'customer',
          now() - g * interval '1 second'
        from generate_series(1, ${n}) g returning id, latest_at)
      insert into messages (shop_id, conversation_id, sender, content, text, sent_at)
      select ${big}::uuid, c.id, 'customer', '{"text":"Hello?"}'::jsonb, 'Hello?', c.latest_at from c`);
    await db().update(shops).set({ defaultBotStatus: true }).where(eq(shops.id, big));
    const store = createConversationStore(db());
    const shop = await shopRow(big);
    const pages: number[] = [];
    let after: { at: Date; id: string } | null = null;
    do {
      const page: Awaited<ReturnType<typeof store.armWaiting>> = await store.armWaiting(shop, after);
      pages.push(page.armed.length);
      after = page.next;
    } while (after);
    expect(pages).toEqual([ARM_BATCH, ARM_BATCH, 50]);
    const [due] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(answersDue)
      .where(eq(answersDue.shopId, big));
    expect(due!.n).toBe(n);
    // Each conversation is the bot's now (its answer is due). A second pass (the job run again)
    // makes the same answers due again, no more.
    const again = await store.armWaiting(shop, null, n + 1);
    expect(again.armed).toHaveLength(n);
    const [still] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(answersDue)
      .where(eq(answersDue.shopId, big));
    expect(still!.n).toBe(n);
    const states = await t.app.inject({
      url: `/api/inbox/conversations?view=bot&shopId=${big}&limit=100`,
      headers,
    });
    expect(states.json().data).toHaveLength(100);
    await t.app.inject({ method: 'DELETE', url: `/api/shopee/${big}`, headers });
  });
});

describe('a pass cut short', () => {
  it('is run again by the sweep when its job was lost', async () => {
    await switchShop(website, false);
    await visitorSays(website, 'LostPassVis1', 'Do you deliver on weekends?');
    const { id } = await websiteConversation('LostPassVis1');
    const enqueue = t.ctx.queue.enqueue.bind(t.ctx.queue);
    // The pass's job is lost (a flushed queue, a crash) once its event is relayed.
    const spy = vi.spyOn(t.ctx.queue, 'enqueue').mockImplementation(async (definition, payload, options) => {
      if (definition.name === answerWaitingJob.name) return;
      return enqueue(definition, payload, options);
    });
    await switchShop(website, true);
    // The relay the switch nudged has queued (and lost) the pass's job.
    await t.app.services.outbox.relay();
    spy.mockRestore();
    await settle();
    expect(await botReplies(id)).toEqual([]);
    expect((await row(id)).state).toBe('needs_you');
    expect((await shopRow(website)).waitingPassAt).not.toBeNull();
    // A minute on, the outbox's sweep finds the pass's event relayed and never done.
    await db()
      .update(outbox)
      .set({ claimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(and(eq(outbox.kind, 'shop.bot-enabled'), eq(outbox.key, website)));
    await t.app.services.outbox.sweep();
    await settle();
    expect(await botReplies(id)).toEqual([{ answers: 'Do you deliver on weekends?', status: 'sent' }]);
    expect((await shopRow(website)).waitingPassAt).toBeNull();
  });
});

describe('sends that fail', () => {
  it("leave the shopper in Needs you, waiting since their message; handed back, the bot's same reply goes out, once", async () => {
    await switchShop(shopee, true);
    await settle();
    const before = (await shopperSees(t.app, 'shopee', SHOPEE_SHOP, '880044')).filter(
      (m) => m.from === 'shop',
    );
    const send = vi
      .spyOn(t.app.services.platforms.shopee, 'send')
      .mockRejectedValueOnce(new Error('Shopee said no'));
    await shopperSays(t.app, 'shopee', SHOPEE_SHOP, '880044', 'Do you have the stroller in grey?');
    const id = await conversationOfBuyer(shopee, '880044', 'Do you have the stroller in grey?');
    await settle();
    expect(send).toHaveBeenCalled();
    expect(await botReplies(id)).toEqual([
      { answers: 'Do you have the stroller in grey?', status: 'failed' },
    ]);
    const failed = await row(id);
    expect(failed).toMatchObject({
      state: 'needs_you',
      lastFrom: 'shopper',
      lastMessage: 'Do you have the stroller in grey?',
    });
    const [asked] = (await messagesOf(id)).filter((m) => m.text === 'Do you have the stroller in grey?');
    // Shopee's window runs again from the shopper's message.
    expect(failed.replyDueAt).not.toBeNull();
    expect(new Date(failed.replyDueAt!).getTime()).toBeGreaterThan(asked!.sentAt.getTime());
    expect(await needsYou(shopee)).toContain(id);

    const back = await t.app.inject({
      method: 'POST',
      url: `/api/inbox/conversations/${id}/hand-back`,
      headers,
    });
    expect(back.statusCode).toBe(200);
    await settle();
    expect(await botReplies(id)).toEqual([{ answers: 'Do you have the stroller in grey?', status: 'sent' }]);
    const shopLines = (await shopperSees(t.app, 'shopee', SHOPEE_SHOP, '880044')).filter(
      (m) => m.from === 'shop',
    );
    expect(shopLines).toHaveLength(before.length + 1);
    expect(await row(id)).toMatchObject({ lastFrom: 'bot', replyDueAt: null });
  });

  it("leave the shopper in Needs you when it was a person's reply, until its retry goes through", async () => {
    const existing = (
      await db()
        .select()
        .from(conversations)
        .where(and(eq(conversations.shopId, shopee), eq(conversations.customerId, '880044')))
    )[0]!;
    // The bot is off for this chat: the merchant answers it.
    const toggled = await t.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shopee}/${existing.externalId}`,
      headers,
      payload: { status: false },
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    await shopperSays(t.app, 'shopee', SHOPEE_SHOP, '880044', 'And in pink?');
    const id = await conversationOfBuyer(shopee, '880044', 'And in pink?');
    await settle();
    const conversation = (await db().select().from(conversations).where(eq(conversations.id, id)))[0]!;
    expect(await row(id)).toMatchObject({ state: 'needs_you', lastFrom: 'shopper' });
    vi.spyOn(t.app.services.platforms.shopee, 'send').mockRejectedValueOnce(new Error('Shopee is down'));
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/shopee/v1/${shopee}/${conversation.externalId}`,
      headers,
      payload: { message: 'Pink is sold out, sorry!' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(await row(id)).toMatchObject({
      state: 'needs_you',
      lastFrom: 'shopper',
      lastMessage: 'And in pink?',
    });
    const [failed] = (await messagesOf(id)).filter((m) => m.text === 'Pink is sold out, sorry!');
    expect(failed!.status).toBe('failed');
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/shopee/v1/${shopee}/${conversation.externalId}/messages/${failed!.id}/retry`,
      headers,
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await row(id)).toMatchObject({
      lastFrom: 'staff',
      lastMessage: 'Pink is sold out, sorry!',
      replyDueAt: null,
    });
    await settle();
  });
});

describe('the echo of a reply', () => {
  it('is known by its platform id, even when an earlier reply with the same words failed', async () => {
    const shop = await shopRow(website);
    const incoming = (externalId: string, sender: 'customer' | 'bot', text: string) => ({
      conversation: { externalId: 'EchoVisitor1', customerId: 'EchoVisitor1', customerName: 'Visitor' },
      message: { externalId, sender, content: { kind: 'text' as const, text }, sentAt: new Date() },
    });
    const { conversation } = (await t.app.services.inbox.ingest(
      shop,
      incoming('echo-q1', 'customer', 'Open today?'),
    ))!;
    const words = 'We are open daily from 9am to 6pm.';
    const row = (status: 'failed' | 'sent', externalId: string | null) => ({
      shopId: website,
      conversationId: conversation.id,
      sender: 'bot' as const,
      content: { kind: 'text' as const, text: words },
      text: words,
      status,
      externalId,
    });
    const [failed] = await db().insert(messages).values(row('failed', null)).returning();
    await db().insert(messages).values(row('sent', 'echo-r2'));
    // Sync reads the sent one back: nothing to store, nothing to adopt, and no error.
    expect(await t.app.services.inbox.ingest(shop, incoming('echo-r2', 'bot', words))).toBeNull();
    expect((await db().select().from(messages).where(eq(messages.id, failed!.id)))[0]!.status).toBe('failed');
  });
});

describe('what the bot does not answer', () => {
  it('a sticker with the bot on: the shopper is in Needs you, not left to the bot', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/shopper/api/send',
      payload: {
        platform: 'shopee',
        shop: SHOPEE_SHOP,
        buyer: '880011',
        type: 'sticker',
        content: { sticker_id: '1002' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = await eventually(async () => {
      const [c] = await db()
        .select()
        .from(conversations)
        .where(and(eq(conversations.shopId, shopee), eq(conversations.customerId, '880011')));
      if (c?.lastFrom !== 'customer') throw new Error('sticker not stored yet');
      return c.id;
    });
    await settle();
    expect(await row(id)).toMatchObject({ state: 'needs_you', lastFrom: 'shopper', botEnabled: true });
    expect(await needsYou(shopee)).toContain(id);
  });

  it('an answer given up after repeated sweeps: the shopper is in Needs you', async () => {
    await switchShop(website, true);
    const stored = await t.app.services.inbox.ingest(
      await shopRow(website),
      {
        conversation: { externalId: 'GivenUpVis01', customerId: 'GivenUpVis01', customerName: 'Visitor' },
        message: {
          externalId: 'given-up-1',
          sender: 'customer',
          content: { kind: 'text' as const, text: 'Is anyone there?' },
          sentAt: new Date(),
        },
      },
      { answerDue: true },
    );
    const { conversation, message } = stored!;
    // Its answer is due: the bot's, until it gives up.
    expect((await row(conversation.id)).state).toBe('bot');
    // Relayed as often as the outbox tries, its job lost every time.
    await db()
      .update(outbox)
      .set({ attempts: OUTBOX_MAX_ATTEMPTS, claimedAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(outbox.key, message.id));
    await t.app.services.outbox.sweep();
    expect(await db().select().from(outbox).where(eq(outbox.key, message.id))).toEqual([]);
    expect(await db().select().from(answersDue).where(eq(answersDue.messageId, message.id))).toEqual([]);
    const dead = await db()
      .select()
      .from(deadJobs)
      .where(sql`${deadJobs.payload}->>'messageId' = ${message.id}`);
    expect(dead).toHaveLength(1);
    expect(await row(conversation.id)).toMatchObject({ state: 'needs_you', lastFrom: 'shopper' });
  });
});

describe('an answer made due again while the bot decides', () => {
  it('is not taken away by a decision made before it', async () => {
    const store = createConversationStore(db());
    await switchShop(website, false);
    const stored = await t.app.services.inbox.ingest(
      await shopRow(website),
      {
        conversation: { externalId: 'RaceVisitor1', customerId: 'RaceVisitor1', customerName: 'Visitor' },
        message: {
          externalId: 'race-1',
          sender: 'customer',
          content: { kind: 'text' as const, text: 'Do you sell gift cards?' },
          sentAt: new Date(),
        },
      },
      { answerDue: true },
    );
    const { conversation, message } = stored!;
    const mark = await store.dueMark(message.id);
    expect(mark).not.toBeNull();
    // Put in charge meanwhile: due again, after the mark.
    const { answerDue } = await store.setBot(await shopRow(website), conversation, true);
    expect(answerDue).toBe(message.id);
    expect(await store.settleAnswer(message.id, mark)).toEqual({
      settled: false,
      conversation: null,
      shopBotOn: null,
    });
    expect((await row(conversation.id)).state).toBe('bot');
    const settled = await store.settleAnswer(message.id, await store.dueMark(message.id));
    expect(settled.settled).toBe(true);
    expect(settled.conversation?.answerDue).toBe(false);
  });

  it('is decided again in the same job, so the shopper is answered', async () => {
    await switchShop(website, false);
    const { inbox } = t.app.services;
    // The bot sees its switch off and decides to stay quiet; while it does, the merchant turns
    // the conversation's switch on (its job is the one running: nothing else is queued).
    const enqueue = vi.spyOn(t.ctx.queue, 'enqueue').mockResolvedValue(undefined);
    const stored = await inbox.receive(
      await shopRow(website),
      {
        conversation: { externalId: 'RaceVisitor2', customerId: 'RaceVisitor2', customerName: 'Visitor' },
        message: {
          externalId: 'race-2',
          sender: 'customer',
          content: { kind: 'text' as const, text: 'Do you sell gift cards?' },
          sentAt: new Date(),
        },
      },
      { answer: 'caller' },
    );
    const { conversation, message } = stored!;
    const settleAnswer = inbox.settleAnswer;
    let first = true;
    vi.spyOn(inbox, 'settleAnswer').mockImplementation(async (...args) => {
      if (first) {
        first = false;
        await inbox.setBot(await shopRow(website), conversation, true);
      }
      return settleAnswer(...args);
    });
    await t.app.services.autoReply.replyTo(message.id);
    enqueue.mockRestore();
    expect(await botReplies(conversation.id)).toEqual([
      { answers: 'Do you sell gift cards?', status: 'sent' },
    ]);
    expect(await db().select().from(answersDue).where(eq(answersDue.messageId, message.id))).toEqual([]);
  });
});

import { createHmac } from 'node:crypto';
import { sandboxDefaults } from '@balas/marketplace-sandbox';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadJobs, messages, outbox, webhookEvents } from '../../db/schema.ts';
import { OUTBOX_MAX_ATTEMPTS, sweepOutboxJob } from '../../platform/outbox.ts';
import { connectShop, eventually } from '../../test/marketplace-flow.ts';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';
import { readOnPlatformJob } from '../inbox/inbox.jobs.ts';
import { PUSH_RECEIVED } from './webhook-events.ts';
import { processEventJob, prunePushesJob } from './webhooks.jobs.ts';

let t: TestApp;
let shopId: string;
let merchant: Record<string, string>;
const url = 'http://localhost:3000/api/webhooks/shopee';
const shopeeSignature = (body: string) =>
  createHmac('sha256', sandboxDefaults.shopee.partnerKey).update(`${url}|${body}`).digest('hex');
const lazadaSignature = (body: string) =>
  createHmac('sha256', sandboxDefaults.lazada.appSecret)
    .update(`${sandboxDefaults.lazada.appKey}${body}`)
    .digest('hex');

const shopperPush = (
  messageId: string,
  type: string,
  content: string,
  at: number,
  conversation = '709122092476686867123',
) =>
  `{"msg_id":"","code":10,"shop_id":947042987,"timestamp":${at},"data":{"type":"message","region":"MY","content":{"message_id":${messageId},"conversation_id":${conversation},"shop_id":947042987,"from_id":880044,"from_user_name":"Siti","to_id":947042987,"to_shop_id":947042987,"message_type":"${type}","content":${content},"created_timestamp":${at}}}}`;
const push = (messageId: string, text: string, at: number) =>
  shopperPush(messageId, 'text', `{"text":"${text}"}`, at);

// What this file proves does not depend on how long a failed job waits for its next attempt, and at
// the real backoff the waits were most of its time: the poison push's three sweeps 45 s (1 + 2 + 4
// + 8 s each), and marking the made-up conversation read on the platform 6 s (the sandbox has no
// such conversation, so it fails). Here they wait 1 ms; the attempts and the sweeps are the same.
const realBackoff = { processEvent: processEventJob.backoffMs, readOnPlatform: readOnPlatformJob.backoffMs };

beforeAll(async () => {
  processEventJob.backoffMs = 1;
  readOnPlatformJob.backoffMs = 1;
  t = await createTestApp();
  const { headers } = await signUp(t.app);
  merchant = headers;
  shopId = (await connectShop(t.app, headers, 'shopee', '947042987')).id;
  await t.ctx.queue.idle();
});
afterAll(async () => {
  await t.close();
  processEventJob.backoffMs = realBackoff.processEvent;
  readOnPlatformJob.backoffMs = realBackoff.readOnPlatform;
});

const send = (body: string, signature: string, provider = 'shopee') =>
  t.app.inject({
    method: 'POST',
    url: `/api/webhooks/${provider}`,
    headers: { 'content-type': 'application/json', authorization: signature },
    payload: body,
  });

describe('platform pushes', () => {
  it('refuses a forged or missing signature with 401 and stores nothing', async () => {
    const body = push('2302748948493123953', 'hello', 1_800_000_000);
    expect((await send(body, 'f'.repeat(64))).statusCode).toBe(401);
    expect((await send(body, '')).statusCode).toBe(401);
    expect((await send(`${body} `, shopeeSignature(body))).statusCode).toBe(401);
    expect(await t.ctx.database.db.select().from(webhookEvents)).toHaveLength(0);
  });

  it('stores a push once, acknowledges duplicates, keeps big ids exact and orders out-of-order messages', async () => {
    const later = push('2302748948493123999', 'second', 1_800_000_100);
    const earlier = push('2302748948493123953', 'first', 1_800_000_000);
    expect((await send(later, shopeeSignature(later).toUpperCase())).statusCode).toBe(200);
    expect((await send(later, shopeeSignature(later))).statusCode).toBe(200);
    expect((await send(earlier, shopeeSignature(earlier))).statusCode).toBe(200);
    await eventually(async () => {
      const rows = await t.ctx.database.db.select().from(messages).where(eq(messages.shopId, shopId));
      expect(rows.map((m) => m.externalId)).toEqual(
        expect.arrayContaining(['2302748948493123999', '2302748948493123953']),
      );
    });
    const stored = await t.ctx.database.db
      .select()
      .from(messages)
      .where(eq(messages.externalId, '2302748948493123999'));
    expect(stored).toHaveLength(1);
    // The earlier message arrived last: the chat shows it first, and the list keeps the later one.
    const [conversation] = (
      await t.app.inject({ url: `/api/shopee/v1/${shopId}?page_size=50`, headers: merchant })
    ).json().data.conversations;
    expect(conversation.latest_message_content.text).toBe('second');
    const page = await t.app.inject({
      url: `/api/shopee/v1/${shopId}/${conversation.conversation_id}?page_size=25`,
      headers: merchant,
    });
    expect(page.json().data.messages.map((m: { content: { text: string } }) => m.content.text)).toEqual([
      'first',
      'second',
    ]);
    const list = (
      await t.app.inject({ url: `/api/shopee/v1/${shopId}?page_size=50`, headers: await signUpHeaders() })
    ).statusCode;
    expect(list).toBe(404);
  });

  it("handles a conversation's earlier pushes still waiting before its own: a card shared before a question is stored first", async () => {
    const at = 1_800_000_200;
    const seconds = (n: number) => new Date(Date.now() - n * 1000);
    const events = await t.ctx.database.db
      .insert(webhookEvents)
      .values([
        // Another conversation's push, and one that cannot be read: neither is this job's.
        {
          provider: 'shopee',
          dedupeKey: 'shopee:other-chat',
          payload: {
            raw: shopperPush('2302748948493124010', 'text', '{"text":"hi"}', at, '709122092476686867999'),
          },
          receivedAt: seconds(4),
        },
        {
          provider: 'shopee',
          dedupeKey: 'shopee:unreadable',
          payload: { raw: '{"code":10,' },
          receivedAt: seconds(3),
        },
        {
          provider: 'shopee',
          dedupeKey: 'shopee:card',
          payload: { raw: shopperPush('2302748948493124011', 'order', '{"order_sn":"2611280AB12CD3"}', at) },
          receivedAt: seconds(2),
        },
        {
          provider: 'shopee',
          dedupeKey: 'shopee:question',
          payload: { raw: push('2302748948493124012', 'nak cancel order ni boleh?', at) },
          receivedAt: seconds(1),
        },
      ])
      .returning();
    const eventOf = (key: string) => events.find((e) => e.dedupeKey === key)!;
    // Only the question's job runs (the card's was slower, or lost).
    await t.ctx.queue.enqueue(processEventJob, { eventId: eventOf('shopee:question').id });
    await t.ctx.queue.idle();
    const stored = await t.ctx.database.db
      .select()
      .from(messages)
      .where(
        sql`${messages.externalId} in ('2302748948493124010', '2302748948493124011', '2302748948493124012')`,
      );
    expect(stored.map((m) => m.externalId).sort()).toEqual(['2302748948493124011', '2302748948493124012']);
    const card = stored.find((m) => m.externalId === '2302748948493124011')!;
    const question = stored.find((m) => m.externalId === '2302748948493124012')!;
    expect(card.createdAt.getTime()).toBeLessThanOrEqual(question.createdAt.getTime());
    const processed = await t.ctx.database.db.select().from(webhookEvents);
    const done = (key: string) => processed.find((e) => e.dedupeKey === key)!.processedAt !== null;
    expect([
      done('shopee:card'),
      done('shopee:question'),
      done('shopee:other-chat'),
      done('shopee:unreadable'),
    ]).toEqual([true, true, false, false]);
    // Left as they were found: nothing else relays them in this test.
    await t.ctx.database.db
      .delete(webhookEvents)
      .where(sql`${webhookEvents.dedupeKey} in ('shopee:other-chat', 'shopee:unreadable')`);
  });

  it('answers malformed JSON with 400 after verifying it', async () => {
    const body = '{"code":10,';
    expect((await send(body, shopeeSignature(body))).statusCode).toBe(400);
  });

  it('verifies Lazada pushes with the app key and secret', async () => {
    const body = JSON.stringify({
      seller_id: '999',
      message_type: 19,
      data: { session_id: 'x' },
      timestamp: 1,
    });
    expect((await send(body, lazadaSignature(body), 'lazada')).statusCode).toBe(200);
    expect((await send(body, shopeeSignature(body), 'lazada')).statusCode).toBe(401);
  });
});

describe('pushes a crash or a lost job left behind', () => {
  const textOf = async (externalId: string) =>
    (await t.ctx.database.db.select().from(messages).where(eq(messages.externalId, externalId)))[0]?.text;

  it('relays again a stored push whose job was lost, and gives up a poison one as a dead job', async () => {
    const old = new Date(Date.now() - 10 * 60_000);
    const body = push('2302748948493124002', 'swept', 1_800_000_300);
    // Stored by an older version of the server, or damaged: it fails every time it is processed.
    const broken = '{"code":10,';
    const events = await t.ctx.database.db
      .insert(webhookEvents)
      .values([
        { provider: 'shopee', dedupeKey: 'shopee:swept', payload: { raw: body }, receivedAt: old },
        { provider: 'shopee', dedupeKey: 'shopee:poison', payload: { raw: broken }, receivedAt: old },
      ])
      .returning();
    // Both were relayed and their jobs lost (a crash); the poison one has been tried all but once.
    await t.ctx.database.db.insert(outbox).values(
      events.map((e) => ({
        kind: PUSH_RECEIVED,
        key: e.id,
        payload: { eventId: e.id },
        claimedAt: old,
        attempts: e.dedupeKey === 'shopee:poison' ? OUTBOX_MAX_ATTEMPTS - 1 : 1,
      })),
    );
    for (let sweep = 0; sweep < 2; sweep++) {
      await t.ctx.database.db.execute(sql`update outbox set claimed_at = claimed_at - interval '10 minutes'`);
      await t.ctx.queue.enqueue(sweepOutboxJob, {});
      await t.ctx.queue.idle(60_000);
    }
    expect(await textOf('2302748948493124002')).toBe('swept');
    const [poison] = await t.ctx.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.dedupeKey, 'shopee:poison'));
    expect(poison!.processedAt).not.toBeNull();
    expect(poison!.error).toMatch(/given up/);
    const dead = await t.ctx.database.db.select().from(deadJobs);
    expect(dead.filter((d) => d.name === 'webhooks.process-event' && /relays/.test(d.error))).toHaveLength(1);
    // The processed one is acknowledged; the dead one stays as a dead letter.
    const left = await t.ctx.database.db.select().from(outbox).where(eq(outbox.kind, PUSH_RECEIVED));
    expect(left.map((e) => [e.key, e.deadAt !== null])).toEqual([[poison!.id, true]]);
  }, 120_000);

  it('stores a shopper message with NUL and half a surrogate by push, cleaned', async () => {
    const body = push('2302748948493124003', 'hi\\u0000 there \\ud800!', 1_800_000_400);
    expect((await send(body, shopeeSignature(body))).statusCode).toBe(200);
    await t.ctx.queue.idle();
    expect(await textOf('2302748948493124003')).toBe('hi there \uFFFD!');
  });

  it('acknowledges a push whose ids hold NUL (no 500), keyed and stored without it', async () => {
    const body = push('"2302748948493124005\\u0000x"', 'nul in the id', 1_800_000_500);
    const res = await send(body, shopeeSignature(body));
    expect(res.statusCode).toBe(200);
    // The same push again is the same event.
    expect((await send(body, shopeeSignature(body))).statusCode).toBe(200);
    await t.ctx.queue.idle();
    expect(await textOf('2302748948493124005x')).toBe('nul in the id');
    const keys = (await t.ctx.database.db.select().from(webhookEvents)).map((e) => e.dedupeKey);
    expect(keys.filter((k) => k.includes('2302748948493124005'))).toEqual([
      'shopee:msg:947042987:2302748948493124005x',
    ]);
  });

  it('deletes processed pushes past the retention period, and nothing else', async () => {
    const long = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    await t.ctx.database.db.insert(webhookEvents).values([
      { provider: 'shopee', dedupeKey: 'old-done', payload: {}, receivedAt: long, processedAt: long },
      { provider: 'shopee', dedupeKey: 'old-open', payload: {}, receivedAt: long },
    ]);
    await t.ctx.queue.enqueue(prunePushesJob, {});
    await t.ctx.queue.idle();
    const keys = (await t.ctx.database.db.select().from(webhookEvents)).map((e) => e.dedupeKey);
    expect(keys).not.toContain('old-done');
    expect(keys).toContain('old-open');
  });
});

async function signUpHeaders() {
  return (await signUp(t.app)).headers;
}

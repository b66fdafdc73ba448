import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages, outbox, shops } from '../db/schema.ts';
import { MESSAGE_RECEIVED } from '../features/inbox/inbox.events.ts';
import { eventually } from '../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../test/test-app.ts';
import { createOutbox, publish } from './outbox.ts';
import { defineJob } from './queue.ts';

// The outbox (decision 0027): events exist only when their transaction commits, the relay moves
// them after the commit, and an event moved twice does its effect once (idempotency in the database).

let t: TestApp;
let shopId: string;
const db = () => t.ctx.database.db;

beforeAll(async () => {
  t = await createTestApp();
  const { headers } = await signUp(t.app);
  shopId = await createWebsiteShop(t.app, headers);
  await db().update(shops).set({ defaultBotStatus: true }).where(eq(shops.id, shopId));
});
afterAll(async () => {
  await t.close();
});

async function shopperWrites(session: string, text: string) {
  const [shop] = await db().select().from(shops).where(eq(shops.id, shopId));
  const stored = await t.app.services.inbox.ingest(
    shop!,
    {
      conversation: { externalId: session, customerId: session, customerName: 'Visitor' },
      message: {
        externalId: `${session}-1`,
        sender: 'customer',
        content: { kind: 'text', text },
        sentAt: new Date(),
      },
    },
    { answerDue: true },
  );
  return stored!.message.id;
}
const repliesTo = async (messageId: string) =>
  (await db().select().from(messages).where(eq(messages.replyTo, messageId))).length;
const eventsOf = (key: string) => db().select().from(outbox).where(eq(outbox.key, key));

describe('the outbox', () => {
  it('holds an event only when the transaction that makes it true commits', async () => {
    await db()
      .transaction(async (tx) => {
        await publish(tx, [{ kind: 'test.rolled-back', key: 'k1', payload: {} }]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await eventsOf('k1')).toEqual([]);
  });

  it('writes a shopper message with its event, relays it after the commit, and acknowledges it', async () => {
    const messageId = await shopperWrites('OutboxVis001', 'Do you ship to Penang?');
    // Committed with the message, not relayed yet (ingest does not nudge).
    expect((await eventsOf(messageId)).map((e) => [e.kind, e.claimedAt])).toEqual([[MESSAGE_RECEIVED, null]]);
    expect(await t.app.services.outbox.relay()).toBeGreaterThanOrEqual(1);
    await t.ctx.queue.idle(30_000);
    expect(await repliesTo(messageId)).toBe(1);
    expect(await eventsOf(messageId)).toEqual([]);
  });

  it('does its effect once when an event is relayed twice', async () => {
    const messageId = await shopperWrites('OutboxVis002', 'Are you open on Sunday?');
    await t.app.services.outbox.relay();
    await t.ctx.queue.idle(30_000);
    expect(await repliesTo(messageId)).toBe(1);
    // The same event again (a relay that died before its claim committed, a sweeper that took the
    // job for lost), relayed and its job run: the reply stands alone.
    await db().insert(outbox).values({ kind: MESSAGE_RECEIVED, key: messageId, payload: { messageId } });
    await t.app.services.outbox.relay();
    await t.ctx.queue.idle(30_000);
    await db()
      .insert(outbox)
      .values({
        kind: MESSAGE_RECEIVED,
        key: messageId,
        payload: { messageId },
        claimedAt: new Date(Date.now() - 10 * 60_000),
        attempts: 1,
      });
    expect(await t.app.services.outbox.sweep()).toEqual({ relayed: 1, dead: 0 });
    await t.ctx.queue.idle(30_000);
    expect(await repliesTo(messageId)).toBe(1);
    expect(await eventsOf(messageId)).toEqual([]);
  });

  it('keeps an event published again while its job ran, and relays it again', async () => {
    const outboxOfTest = createOutbox(t.ctx);
    const runs: string[] = [];
    let during: (() => Promise<void>) | null = null;
    const job = defineJob({ name: 'test.outbox-rearm', schema: z.object({ n: z.string() }), attempts: 1 });
    const bound = outboxOfTest.subscribe({
      kinds: ['test.rearm'],
      job,
      keyOf: () => 'rearm-key',
      ack: 'on-success',
      handle: async ({ n }) => {
        runs.push(n);
        await during?.();
        during = null;
      },
    });
    t.ctx.queue.register([bound]);
    await publish(db(), [{ kind: 'test.rearm', key: 'rearm-key', payload: { n: 'first' } }]);
    // Published again (made true again) while the first job runs: not acknowledged by that job.
    during = () =>
      publish(db(), [{ kind: 'test.rearm', key: 'rearm-key', payload: { n: 'second' } }], { rearm: true });
    await outboxOfTest.relay();
    await t.ctx.queue.idle(30_000);
    expect(runs).toEqual(['first']);
    const [left] = await eventsOf('rearm-key');
    expect(left).toMatchObject({ kind: 'test.rearm', claimedAt: null });
    await outboxOfTest.relay();
    await t.ctx.queue.idle(30_000);
    expect(runs).toEqual(['first', 'second']);
    expect(await eventsOf('rearm-key')).toEqual([]);
    const [count] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(outbox)
      .where(eq(outbox.kind, 'test.rearm'));
    expect(count!.n).toBe(0);
    await outboxOfTest.stop();
  });

  it('runs an event relayed again while its earlier job still runs (each relay is its own job)', async () => {
    const outboxOfTest = createOutbox(t.ctx);
    const runs: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const job = defineJob({
      name: 'test.outbox-again',
      lane: 'reply',
      schema: z.object({ n: z.string() }),
      attempts: 1,
    });
    const bound = outboxOfTest.subscribe({
      kinds: ['test.again'],
      job,
      keyOf: () => 'again-key',
      ack: 'by-subscriber',
      handle: async ({ n }) => {
        runs.push(n);
        if (n === 'first') await held;
      },
    });
    t.ctx.queue.register([bound]);
    await publish(db(), [{ kind: 'test.again', key: 'again-key', payload: { n: 'first' } }]);
    await outboxOfTest.relay();
    await eventually(async () => expect(runs).toHaveLength(1), 10_000);
    // The first job still runs (as a decision that postponed its event and has not returned yet):
    // the event, made due again, is relayed again and its job runs beside the first.
    await publish(db(), [{ kind: 'test.again', key: 'again-key', payload: { n: 'second' } }], {
      rearm: true,
    });
    await outboxOfTest.relay();
    await eventually(async () => expect(runs).toHaveLength(2), 10_000);
    release();
    await t.ctx.queue.idle(30_000);
    expect(runs).toEqual(['first', 'second']);
    await db().delete(outbox).where(eq(outbox.kind, 'test.again'));
    await outboxOfTest.stop();
  });
});

import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, deadJobs, messages, outbox } from '../../../db/schema.ts';
import { OUTBOX_MAX_ATTEMPTS } from '../../../platform/outbox.ts';
import { connectShop } from '../../../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../../test/test-app.ts';
import { REPLY_STORED } from '../inbox.events.ts';
import { PENDING_STUCK_AFTER_MS } from './pending-replies.ts';

// A reply stored 'pending' has its outbox event while it is pending (a trigger, migration 0026),
// relayed only once the reply has been pending PENDING_STUCK_AFTER_MS. Replies a crash left pending
// that can never be settled (their conversation can no longer be read on the platform) end as failed
// messages with the cause once the outbox gives them up, and never hold back newer ones.

let t: TestApp;
let shopeeShopId: string;
let websiteShopId: string;
const db = () => t.ctx.database.db;

beforeAll(async () => {
  t = await createTestApp();
  const { headers } = await signUp(t.app);
  shopeeShopId = (await connectShop(t.app, headers, 'shopee', '947042987')).id;
  websiteShopId = await createWebsiteShop(t.app, headers);
  await t.ctx.queue.idle(30_000);
});
afterAll(async () => {
  await t.close();
});

async function conversationOf(shopId: string, externalId: string) {
  const [conversation] = await db()
    .insert(conversations)
    .values({ shopId, externalId, customerId: externalId, customerName: 'Shopper' })
    .returning();
  return conversation!.id;
}

async function pendingReply(shopId: string, conversationId: string, text: string) {
  const [reply] = await db()
    .insert(messages)
    .values({
      shopId,
      conversationId,
      sender: 'agent',
      text,
      content: { kind: 'text', text },
      status: 'pending',
      createdAt: new Date(Date.now() - 10 * 60_000),
    })
    .returning();
  return reply!.id;
}

/** A reply stored as pending in a conversation the platform does not know. */
const unreadable = async (n: number) =>
  pendingReply(shopeeShopId, await conversationOf(shopeeShopId, `999000${n}`), `reply ${n}`);

const eventOf = async (id: string) =>
  (
    await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, REPLY_STORED), eq(outbox.key, id)))
  )[0];
const statusOf = async (ids: string[]) =>
  (await db().select().from(messages).where(inArray(messages.id, ids))).map((m) => m.status);

/** As if PENDING_STUCK_AFTER_MS had passed: the events are relayed, their jobs run. */
async function afterStuckDelay(ids: string[]) {
  await db()
    .update(outbox)
    .set({ nextAt: new Date() })
    .where(and(eq(outbox.kind, REPLY_STORED), inArray(outbox.key, ids)));
  await t.app.services.outbox.relay();
  await t.ctx.queue.idle(30_000);
}

describe("a reply's event", () => {
  it('is written with the pending reply, due PENDING_STUCK_AFTER_MS later, and goes when it is sent', async () => {
    const conversationId = await conversationOf(websiteShopId, 'visitor-event');
    const id = await pendingReply(websiteShopId, conversationId, 'on its way');
    const [delay] = (
      (await db().execute(
        sql`select extract(epoch from (next_at - created_at)) * 1000 as ms from outbox
          where kind = ${REPLY_STORED} and key = ${id}`,
      )) as unknown as { rows: { ms: string | number }[] }
    ).rows;
    expect(Math.round(Number(delay!.ms))).toBe(PENDING_STUCK_AFTER_MS);
    await db().update(messages).set({ status: 'failed', error: 'x' }).where(eq(messages.id, id));
    expect(await eventOf(id)).toBeUndefined();
    // A retry makes it pending again: a new event, its relays counted from nothing.
    await db().update(messages).set({ status: 'pending', error: null }).where(eq(messages.id, id));
    expect(await eventOf(id)).toMatchObject({ attempts: 0, claimedAt: null, deadAt: null });
    await db().update(messages).set({ status: 'sent' }).where(eq(messages.id, id));
    expect(await eventOf(id)).toBeUndefined();
  });
});

describe('pending replies that cannot be settled', () => {
  it('are failed with the cause when the outbox gives their event up, kept as a dead job', async () => {
    const id = await unreadable(1);
    await afterStuckDelay([id]);
    for (let relay = 1; relay <= OUTBOX_MAX_ATTEMPTS; relay++) {
      expect(await statusOf([id])).toEqual(['pending']);
      expect(await eventOf(id)).toMatchObject({ attempts: relay });
      // Its job failed, and its event is relayed again once it counts as lost.
      await db()
        .update(outbox)
        .set({ claimedAt: new Date(Date.now() - 10 * 60_000) })
        .where(and(eq(outbox.kind, REPLY_STORED), eq(outbox.key, id)));
      await t.app.services.outbox.sweep();
      await t.ctx.queue.idle(30_000);
    }
    const [row] = await db().select().from(messages).where(eq(messages.id, id));
    expect(row!.status).toBe('failed');
    expect(row!.error).toMatch(
      new RegExp(`^Not sent: ${OUTBOX_MAX_ATTEMPTS} tries to check it with Shopee failed \\(.+\\)$`),
    );
    const dead = await db().select().from(deadJobs).where(eq(deadJobs.name, 'inbox.settle-reply'));
    expect(dead.map((d) => d.payload)).toEqual([{ messageId: id }]);
    await t.app.services.outbox.sweep();
    expect(await statusOf([id])).toEqual(['failed']);
  }, 60_000);

  it('never starve a newer pending reply, however many there are', async () => {
    const stuck: string[] = [];
    for (let n = 100; n < 160; n++) stuck.push(await unreadable(n));
    const newer = await pendingReply(websiteShopId, await conversationOf(websiteShopId, 'visitor'), 'newer');
    await afterStuckDelay([...stuck, newer]);
    expect(await statusOf([newer])).toEqual(['sent']);
    // Every one of them was tried too, and waits for its next relay.
    const events = await db()
      .select({ attempts: outbox.attempts })
      .from(outbox)
      .where(and(eq(outbox.kind, REPLY_STORED), inArray(outbox.key, stuck)));
    expect(events.map((e) => e.attempts)).toEqual(stuck.map(() => 1));
  }, 120_000);
});

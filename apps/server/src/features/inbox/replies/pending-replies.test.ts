import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, deadJobs, messages } from '../../../db/schema.ts';
import { connectShop } from '../../../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../../test/test-app.ts';
import { MAX_SETTLE_TRIES } from './pending-replies.ts';

// Replies a crash left pending that can never be settled (their conversation can no longer be read
// on the platform) end as failed messages with the reason, and never hold back newer ones
// (issue 30.4).

let t: TestApp;
let shopeeShopId: string;
let websiteShopId: string;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

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

/** A reply stored as pending `minutes` ago in a conversation the platform does not know. */
async function unreadable(n: number, minutes: number) {
  const db = t.ctx.database.db;
  const [conversation] = await db
    .insert(conversations)
    .values({
      shopId: shopeeShopId,
      externalId: `999000${n}`,
      customerId: `999000${n}`,
      customerName: 'Gone',
    })
    .returning();
  const [reply] = await db
    .insert(messages)
    .values({
      shopId: shopeeShopId,
      conversationId: conversation!.id,
      sender: 'agent',
      text: `reply ${n}`,
      content: { kind: 'text', text: `reply ${n}` },
      status: 'pending',
      createdAt: minutesAgo(minutes),
    })
    .returning();
  return reply!.id;
}

const statusOf = async (ids: string[]) =>
  (await t.ctx.database.db.select().from(messages).where(inArray(messages.id, ids))).map((m) => m.status);
/** As if the time between two sweeps had passed. */
const later = (ids: string[]) =>
  t.ctx.database.db
    .update(messages)
    .set({ triedAt: minutesAgo(10) })
    .where(and(inArray(messages.id, ids), isNotNull(messages.triedAt)));

describe('pending replies that cannot be settled', () => {
  it('are given up after a bounded number of tries: failed with the reason, kept as a dead job', async () => {
    const id = await unreadable(1, 30);
    for (let sweep = 1; sweep <= MAX_SETTLE_TRIES; sweep++) {
      expect(await statusOf([id])).toEqual(['pending']);
      await t.app.services.pendingReplies.reconcile();
      // A second sweep right away does not try it again.
      await t.app.services.pendingReplies.reconcile();
      const [row] = await t.ctx.database.db.select().from(messages).where(eq(messages.id, id));
      expect(row!.settleTries).toBe(sweep);
      await later([id]);
    }
    const [row] = await t.ctx.database.db.select().from(messages).where(eq(messages.id, id));
    expect(row!.status).toBe('failed');
    expect(row!.error).toMatch(
      new RegExp(`^Not sent: ${MAX_SETTLE_TRIES} tries to check it with shopee failed`),
    );
    const dead = await t.ctx.database.db
      .select()
      .from(deadJobs)
      .where(eq(deadJobs.name, 'inbox.pending-reply'));
    expect(dead.map((d) => d.payload)).toEqual([{ messageId: id }]);
    await t.app.services.pendingReplies.reconcile();
    expect(await statusOf([id])).toEqual(['failed']);
  }, 60_000);

  it('never starve a newer pending reply, however many there are', async () => {
    const stuck: string[] = [];
    for (let n = 100; n < 160; n++) stuck.push(await unreadable(n, 60));
    const [conversation] = await t.ctx.database.db
      .insert(conversations)
      .values({
        shopId: websiteShopId,
        externalId: 'visitor',
        customerId: 'visitor',
        customerName: 'Visitor',
      })
      .returning();
    const [newer] = await t.ctx.database.db
      .insert(messages)
      .values({
        shopId: websiteShopId,
        conversationId: conversation!.id,
        sender: 'agent',
        text: 'newer',
        content: { kind: 'text', text: 'newer' },
        status: 'pending',
        createdAt: minutesAgo(5),
      })
      .returning();
    // Each sweep takes a batch; the replies it could not settle wait behind those never tried.
    await t.app.services.pendingReplies.reconcile();
    await later(stuck);
    await t.app.services.pendingReplies.reconcile();
    expect(await statusOf([newer!.id])).toEqual(['sent']);
    // Every one of them was tried too.
    const tries = await t.ctx.database.db
      .select({ tries: messages.settleTries })
      .from(messages)
      .where(inArray(messages.id, stuck));
    expect(tries.filter((r) => r.tries === 0)).toEqual([]);
  }, 120_000);
});

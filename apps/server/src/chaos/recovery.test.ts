import { messages } from '@balas/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, knowledgeFiles, messages as messageRows, shops } from '../db/schema.ts';
import { autoReplyJob } from '../features/answering/answering.jobs.ts';
import { crashCutoff } from '../platform/recovery.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../test/test-app.ts';

// Work a crash cut off is taken up: at once in embedded mode for what predates the process, after
// its age otherwise; a knowledge file left 'processing' without a job is read, or given up.

describe('crashCutoff', () => {
  const minute = 60_000;
  it('counts everything from before the start as cut off in embedded mode', () => {
    const startedAt = new Date(Date.now() - 5000);
    const cutoff = crashCutoff({ redisUrl: undefined }, startedAt, 2 * minute);
    expect(cutoff.getTime()).toBe(startedAt.getTime());
  });
  it('waits the full age once the process is older than it, and always with Redis (other workers)', () => {
    const startedAt = new Date(Date.now() - 10 * minute);
    const before = Date.now();
    expect(crashCutoff({ redisUrl: undefined }, startedAt, 2 * minute).getTime()).toBeGreaterThanOrEqual(
      before - 2 * minute,
    );
    const fresh = new Date();
    const distributed = crashCutoff({ redisUrl: 'redis://x' }, fresh, 2 * minute).getTime();
    expect(distributed).toBeLessThanOrEqual(Date.now() - 2 * minute);
  });
});

describe('knowledge files left processing', () => {
  let t: TestApp;
  let shopId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const { headers } = await signUp(t.app);
    shopId = await createWebsiteShop(t.app, headers);
  });
  afterAll(async () => {
    await t.close();
  });

  const stored = (text: string) =>
    t.app.services.knowledge.add(shopId, {
      fileName: 'faq.txt',
      data: Buffer.from(text),
      mime: 'text/plain',
      chunkSize: 500,
    });
  const fileRow = async (id: string) =>
    (await t.ctx.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id)))[0]!;
  const age = (id: string, ms: number) =>
    t.ctx.database.db
      .update(knowledgeFiles)
      .set({ createdAt: new Date(Date.now() - ms) })
      .where(eq(knowledgeFiles.id, id));

  it('reads a file whose job was never queued (the process died after storing it)', async () => {
    const file = await stored('We ship to Penang in 2 to 3 working days.');
    expect(await t.app.services.knowledge.sweepStuck()).toBe(0); // young: its job may still come
    await age(file.id, 3 * 60_000);
    expect(await t.app.services.knowledge.sweepStuck()).toBe(1);
    await t.ctx.queue.idle(30_000);
    expect(await fileRow(file.id)).toMatchObject({ status: 'ready', progress: 100, chunkCount: 1 });
  });

  it('does not queue a second job beside one still waiting', async () => {
    const file = await stored('Open daily from 9am to 6pm.');
    await age(file.id, 3 * 60_000);
    await t.app.services.knowledge.sweepStuck();
    await t.app.services.knowledge.sweepStuck();
    const queued = await t.ctx.database.db.select().from(jobs).where(eq(jobs.name, 'knowledge.ingest'));
    expect(queued.length).toBeLessThanOrEqual(1);
    await t.ctx.queue.idle(30_000);
    expect((await fileRow(file.id)).status).toBe('ready');
  });

  it('gives up, with the reason, a file still processing after 30 minutes', async () => {
    const file = await stored('Returns within 7 days.');
    await age(file.id, 31 * 60_000);
    await t.app.services.knowledge.sweepStuck();
    expect(await fileRow(file.id)).toMatchObject({
      status: 'failed',
      error: messages.knowledge.failed.interrupted,
    });
  });
});

describe('a bot reply left pending by an attempt that died mid-send', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is settled when the job runs again, and no second reply is made', async () => {
    const { headers } = await signUp(t.app);
    const shopId = await createWebsiteShop(t.app, headers);
    const { db } = t.ctx.database;
    await db.update(shops).set({ defaultBotStatus: true }).where(eq(shops.id, shopId));
    const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
    const stored = await t.app.services.inbox.ingest(shop!, {
      conversation: { externalId: 'orphan1', customerId: 'orphan1', customerName: 'Visitor' },
      message: {
        externalId: 'orphan-q',
        sender: 'customer',
        content: { kind: 'text', text: 'are you open on Sunday?' },
        sentAt: new Date(),
      },
    });
    const question = stored!.message;
    // The first attempt stored its reply, then its process died before sending it.
    const [pending] = await db
      .insert(messageRows)
      .values({
        shopId,
        conversationId: question.conversationId,
        sender: 'bot',
        text: 'Yes, 10am to 4pm',
        content: { kind: 'text', text: 'Yes, 10am to 4pm' },
        status: 'pending',
        replyTo: question.id,
        createdAt: new Date(Date.now() - 30_000),
      })
      .returning();
    await t.ctx.queue.enqueue(autoReplyJob, { messageId: question.id });
    await t.ctx.queue.idle(30_000);
    const replies = await db.select().from(messageRows).where(eq(messageRows.replyTo, question.id));
    expect(replies).toEqual([expect.objectContaining({ id: pending!.id, status: 'sent' })]);
  });
});

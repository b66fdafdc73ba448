import { randomUUID } from 'node:crypto';
import { messages } from '@balas/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  conversations,
  deadJobs,
  knowledgeFiles,
  messages as messageRows,
  outbox,
  shops,
} from '../db/schema.ts';
import { autoReplyJob } from '../features/answering/answering.jobs.ts';
import { FILE_UPLOADED, fileUploaded } from '../features/knowledge/knowledge.events.ts';
import { OUTBOX_MAX_ATTEMPTS, publish } from '../platform/outbox.ts';
import { crashCutoff } from '../platform/recovery.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../test/test-app.ts';

// Work a crash cut off is taken up: at once in embedded mode for what predates the process, after
// its age otherwise; a knowledge file whose job was never queued or was lost is read, or given up.

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

  /** A file stored with its event, as if its process died right after the commit (no relay). */
  async function storedAlone(text: string) {
    const { db } = t.ctx.database;
    const id = randomUUID();
    const storageKey = `shops/${shopId}/knowledge/${id}`;
    await t.ctx.storage.put(storageKey, Buffer.from(text));
    await db.transaction(async (tx) => {
      await tx.insert(knowledgeFiles).values({
        id,
        shopId,
        fileName: 'faq.txt',
        size: text.length,
        mime: 'text/plain',
        storageKey,
        chunkSize: 500,
      });
      await publish(tx, [fileUploaded(id)]);
    });
    return id;
  }
  const fileRow = async (id: string) =>
    (await t.ctx.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id)))[0]!;
  /** As if the event had been relayed `ms` ago, `attempts` times, by a process that died since. */
  const lost = (id: string, ms: number, attempts: number) =>
    t.ctx.database.db
      .update(outbox)
      .set({ claimedAt: new Date(Date.now() - ms), attempts })
      .where(and(eq(outbox.kind, FILE_UPLOADED), eq(outbox.key, id)));

  it('reads an uploaded file at once: its event is relayed after the commit, then removed', async () => {
    const file = await t.app.services.knowledge.add(shopId, {
      fileName: 'faq.txt',
      data: Buffer.from('We ship to Penang in 2 to 3 working days.'),
      mime: 'text/plain',
      chunkSize: 500,
    });
    await t.ctx.queue.idle(30_000);
    expect(await fileRow(file.id)).toMatchObject({ status: 'ready', progress: 100, chunkCount: 1 });
    expect(await t.ctx.database.db.select().from(outbox).where(eq(outbox.key, file.id))).toEqual([]);
  });

  it('reads a file stored by a process that died before relaying its event (the next relay takes it)', async () => {
    const id = await storedAlone('Open daily from 9am to 6pm.');
    await t.app.services.outbox.relay();
    await t.ctx.queue.idle(30_000);
    expect((await fileRow(id)).status).toBe('ready');
  });

  it('reads a file whose job was lost: the sweeper relays its event again', async () => {
    const id = await storedAlone('Returns within 7 days.');
    await lost(id, 10 * 60_000, 1);
    expect(await t.app.services.outbox.sweep()).toMatchObject({ relayed: 1, dead: 0 });
    await t.ctx.queue.idle(30_000);
    expect((await fileRow(id)).status).toBe('ready');
  });

  it('gives up, with the reason, a file whose event was relayed its last time', async () => {
    const id = await storedAlone('Gift wrap costs RM5.');
    await lost(id, 10 * 60_000, OUTBOX_MAX_ATTEMPTS);
    expect(await t.app.services.outbox.sweep()).toMatchObject({ relayed: 0, dead: 1 });
    expect(await fileRow(id)).toMatchObject({
      status: 'failed',
      error: messages.knowledge.failed.interrupted,
    });
    const dead = await t.ctx.database.db.select().from(deadJobs).where(eq(deadJobs.name, 'knowledge.ingest'));
    expect(dead.map((d) => d.payload)).toContainEqual({ fileId: id });
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

  /** A visitor's question to a new website shop with the bot on. */
  async function asked(session: string, text: string) {
    const { headers } = await signUp(t.app);
    const shopId = await createWebsiteShop(t.app, headers);
    const { db } = t.ctx.database;
    await db.update(shops).set({ defaultBotStatus: true }).where(eq(shops.id, shopId));
    const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
    const stored = await t.app.services.inbox.ingest(shop!, {
      conversation: { externalId: session, customerId: session, customerName: 'Visitor' },
      message: {
        externalId: `${session}-q`,
        sender: 'customer',
        content: { kind: 'text', text },
        sentAt: new Date(),
      },
    });
    return stored!.message;
  }

  /** The bot's reply an earlier attempt stored, 30 s ago, and died before sending. */
  async function leftPending(question: { id: string; shopId: string; conversationId: string }, text: string) {
    const [pending] = await t.ctx.database.db
      .insert(messageRows)
      .values({
        shopId: question.shopId,
        conversationId: question.conversationId,
        sender: 'bot',
        text,
        content: { kind: 'text', text },
        status: 'pending',
        replyTo: question.id,
        createdAt: new Date(Date.now() - 30_000),
      })
      .returning();
    return pending!;
  }

  /** The question's job run again; what answers it afterwards. */
  async function runAgain(questionId: string) {
    await t.ctx.queue.enqueue(autoReplyJob, { messageId: questionId });
    await t.ctx.queue.idle(30_000);
    return t.ctx.database.db.select().from(messageRows).where(eq(messageRows.replyTo, questionId));
  }

  it('is settled when the job runs again, and no second reply is made', async () => {
    const question = await asked('orphan1', 'are you open on Sunday?');
    const pending = await leftPending(question, 'Yes, 10am to 4pm');
    expect(await runAgain(question.id)).toEqual([
      expect.objectContaining({ id: pending.id, status: 'sent' }),
    ]);
  });

  it("sends the bot's handover reply that died with its attempt, though the chat is handed over now", async () => {
    const question = await asked('orphan2', 'I want to speak to a person');
    // The first attempt committed the handover with the reply telling the shopper, then died.
    await t.ctx.database.db
      .update(conversations)
      .set({ handedOver: true, handoverReason: 'The shopper asked for a person' })
      .where(eq(conversations.id, question.conversationId));
    const pending = await leftPending(question, 'Someone from the shop will reply here soon.');
    expect(await runAgain(question.id)).toEqual([
      expect.objectContaining({ id: pending.id, status: 'sent' }),
    ]);
  });
});

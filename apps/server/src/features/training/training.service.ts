import { messages, type Topic, type TopicVoucher } from '@balas/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { topicEntries, topics } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../shops/shop-guard.ts';
import { bumpTraining } from '../shops/training-version.ts';

type Kind = 'categorization' | 'knowledge';

export function createTrainingService(db: Db) {
  async function listTopics(shopId: string): Promise<Topic[]> {
    const rows = await db
      .select()
      .from(topics)
      .where(eq(topics.shopId, shopId))
      .orderBy(asc(topics.createdAt));
    if (rows.length === 0) return [];
    const entries = await db
      .select()
      .from(topicEntries)
      .where(
        inArray(
          topicEntries.topicId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(topicEntries.position));
    return rows.map((t) => ({
      id: t.id,
      name: t.name,
      type: t.type,
      createdAt: t.createdAt.toISOString(),
      GPTInformation: entries
        .filter((e) => e.topicId === t.id && e.kind === 'categorization')
        .map((e) => ({ id: e.id, info: e.text })),
      GPTResponse: entries
        .filter((e) => e.topicId === t.id && e.kind === 'knowledge')
        .map((e) => ({ id: e.id, info: e.text })),
      voucher: t.voucher ?? null,
    }));
  }

  async function getTopic(shopId: string, topicId: string): Promise<Topic> {
    if (!isUuid(topicId)) throw notFound('Topic not found');
    const all = await listTopics(shopId);
    const found = all.find((t) => t.id === topicId);
    if (!found) throw notFound('Topic not found');
    return found;
  }

  return {
    listTopics,
    getTopic,

    async createTopic(shopId: string, body: { name: string; type?: string | undefined }): Promise<Topic> {
      const [row] = await db
        .insert(topics)
        .values({ shopId, name: body.name, type: body.type || 'Shopee' })
        .returning();
      await bumpTraining(db, shopId);
      return getTopic(shopId, row!.id);
    },

    /** Sets the voucher the topic offers (already checked against the platform), or clears it. */
    async setVoucher(shopId: string, topicId: string, voucher: TopicVoucher | null): Promise<Topic> {
      await getTopic(shopId, topicId);
      await db
        .update(topics)
        .set({ voucher })
        .where(and(eq(topics.id, topicId), eq(topics.shopId, shopId)));
      return getTopic(shopId, topicId);
    },

    async deleteTopic(shopId: string, topicId: string): Promise<void> {
      const topic = await getTopic(shopId, topicId);
      if (topic.GPTInformation.length > 0 || topic.GPTResponse.length > 0) {
        throw new AppError('conflict', messages.topics.deleteBlocked);
      }
      await db.delete(topics).where(and(eq(topics.id, topicId), eq(topics.shopId, shopId)));
      await bumpTraining(db, shopId);
    },

    /** Replaces all entries of one kind in one transaction: a failure leaves the old ones intact. */
    async replaceEntries(shopId: string, topicId: string, kind: Kind, texts: string[]): Promise<Topic> {
      await getTopic(shopId, topicId);
      await db.transaction(async (tx) => {
        await tx
          .delete(topicEntries)
          .where(and(eq(topicEntries.topicId, topicId), eq(topicEntries.kind, kind)));
        if (texts.length > 0) {
          await tx
            .insert(topicEntries)
            .values(texts.map((text, position) => ({ topicId, kind, text, position })));
        }
        await bumpTraining(tx, shopId);
      });
      return getTopic(shopId, topicId);
    },

    async deleteEntry(shopId: string, topicId: string, kind: Kind, entryId: string): Promise<void> {
      await getTopic(shopId, topicId);
      if (!isUuid(entryId)) throw notFound('Entry not found');
      const deleted = await db
        .delete(topicEntries)
        .where(
          and(eq(topicEntries.id, entryId), eq(topicEntries.topicId, topicId), eq(topicEntries.kind, kind)),
        )
        .returning({ id: topicEntries.id });
      if (deleted.length === 0) throw notFound('Entry not found');
      await bumpTraining(db, shopId);
    },
  };
}

export type TrainingService = ReturnType<typeof createTrainingService>;

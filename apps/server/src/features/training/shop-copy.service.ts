import { glossary, messages, type ShopCopyPreview, type ShopCopyResult, type Topic } from '@balas/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  knowledgeFiles,
  productInfo,
  productInfoProducts,
  products,
  type ShopRow,
  shops,
  topicEntries,
  topics,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { type Outbox, publish } from '../../platform/outbox.ts';
import { fileCopied } from '../knowledge/knowledge.events.ts';
import type { FileRow, KnowledgeService } from '../knowledge/knowledge.service.ts';
import { findOwnedShop } from '../shops/shop-guard.ts';
import { bumpTraining } from '../shops/training-version.ts';
import type { TrainingService } from './training.service.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A product's name as both shops are matched on: case, and runs of spaces, do not count. */
const nameKey = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();
/** The same in SQL, over `products.name`. */
const nameKeySql = sql`lower(btrim(regexp_replace(${products.name}, '\\s+', ' ', 'g')))`;
const fileKey = (f: { fileName: string; size: number }) => `${f.size}:${f.fileName}`;
const infoKey = (i: { title: string; description: string }) => `${i.title}\u0000${i.description}`;

interface CopiedBytes {
  from: FileRow;
  id: string;
  storageKey: string;
  discard: () => Promise<void>;
}

interface InfoToCopy {
  title: string;
  description: string;
  /** The target shop's product ids (external ids) the entry is linked to. */
  productIds: string[];
}

interface Plan {
  source: ShopRow;
  blocked: string | null;
  topics: Topic[];
  files: { copy: FileRow[]; notReady: number; alreadyHere: number };
  info: { copy: InfoToCopy[]; unmatched: number; products: number };
}

/**
 * Copy from another shop of the same merchant (spec §5, issue 26): the topics with their entries, the
 * ready knowledge files with their passages, and product information for the products both shops sell
 * (matched by name: the two shops' products have their own ids on their platforms). Only into a shop
 * without topics (spec §5); a file or an entry the shop already has is not copied twice.
 */
export function createShopCopy(
  ctx: AppContext,
  deps: { training: TrainingService; knowledge: KnowledgeService; outbox: Pick<Outbox, 'nudge'> },
) {
  const { db } = ctx.database;

  /** Files of the target shop already there, by name and size. */
  const targetFileKeys = async (exec: Pick<Db, 'select'>, shopId: string) =>
    new Set(
      (
        await exec
          .select({ fileName: knowledgeFiles.fileName, size: knowledgeFiles.size })
          .from(knowledgeFiles)
          .where(eq(knowledgeFiles.shopId, shopId))
      ).map(fileKey),
    );
  const targetInfoKeys = async (exec: Pick<Db, 'select'>, shopId: string) =>
    new Set(
      (
        await exec
          .select({ title: productInfo.title, description: productInfo.description })
          .from(productInfo)
          .where(eq(productInfo.shopId, shopId))
      ).map(infoKey),
    );

  async function planInfo(sourceId: string, shopId: string) {
    const infos = await db
      .select({ id: productInfo.id, title: productInfo.title, description: productInfo.description })
      .from(productInfo)
      .where(eq(productInfo.shopId, sourceId))
      .orderBy(productInfo.createdAt);
    if (infos.length === 0) return { copy: [], unmatched: 0, products: 0 };
    const links = await db
      .select({ infoId: productInfoProducts.infoId, productId: productInfoProducts.productId })
      .from(productInfoProducts)
      .where(eq(productInfoProducts.shopId, sourceId));
    const linked = [...new Set(links.map((l) => l.productId))];
    const sourceNames = new Map(
      (linked.length
        ? await db
            .select({ id: products.externalId, name: products.name })
            .from(products)
            .where(and(eq(products.shopId, sourceId), inArray(products.externalId, linked)))
        : []
      ).map((p) => [p.id, nameKey(p.name)]),
    );
    const keys = [...new Set(sourceNames.values())].filter(Boolean);
    // Only the target's products of those names are read, however large its catalogue.
    const byName = new Map<string, string[]>();
    if (keys.length > 0) {
      const matches = await db
        .select({ id: products.externalId, name: products.name })
        .from(products)
        .where(
          and(
            eq(products.shopId, shopId),
            sql`${nameKeySql} in (${sql.join(
              keys.map((k) => sql`${k}`),
              sql`, `,
            )})`,
          ),
        );
      for (const m of matches) byName.set(nameKey(m.name), [...(byName.get(nameKey(m.name)) ?? []), m.id]);
    }
    const there = await targetInfoKeys(db, shopId);
    const copy: InfoToCopy[] = [];
    let unmatched = 0;
    for (const info of infos) {
      const productIds = [
        ...new Set(
          links
            .filter((l) => l.infoId === info.id)
            .flatMap((l) => byName.get(sourceNames.get(l.productId) ?? '') ?? []),
        ),
      ].sort();
      if (productIds.length === 0) unmatched++;
      else if (!there.has(infoKey(info)))
        copy.push({ title: info.title, description: info.description, productIds });
    }
    return { copy, unmatched, products: new Set(copy.flatMap((i) => i.productIds)).size };
  }

  async function plan(merchantId: string, shopId: string, fromShopId: string): Promise<Plan> {
    const source = await findOwnedShop(db, merchantId, fromShopId);
    if (!source) throw notFound('Shop not found');
    if (source.id === shopId)
      throw new AppError('unprocessable', glossary.copy.sameShop, { fromShopId: glossary.copy.sameShop });
    const [hasTopics] = await db
      .select({ id: topics.id })
      .from(topics)
      .where(eq(topics.shopId, shopId))
      .limit(1);
    const sourceFiles = await db
      .select()
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.shopId, source.id))
      .orderBy(knowledgeFiles.createdAt);
    const there = await targetFileKeys(db, shopId);
    const ready = sourceFiles.filter((f) => f.status === 'ready');
    return {
      source,
      blocked: hasTopics ? messages.topics.copyBlocked : null,
      topics: await deps.training.listTopics(source.id),
      files: {
        copy: ready.filter((f) => !there.has(fileKey(f))),
        notReady: sourceFiles.length - ready.length,
        alreadyHere: ready.filter((f) => there.has(fileKey(f))).length,
      },
      info: await planInfo(source.id, shopId),
    };
  }

  /** Inserts the topics with their entries, keeping the source's order. */
  async function insertTopics(tx: Tx, shopId: string, list: Topic[]) {
    if (list.length === 0) return;
    const base = Date.now();
    const rows = list.map((t, i) => ({
      id: crypto.randomUUID(),
      shopId,
      name: t.name,
      type: t.type,
      voucher: t.voucher,
      // One transaction has one now(): each its own moment, so the list keeps its order.
      createdAt: new Date(base + i),
    }));
    await tx.insert(topics).values(rows);
    const entries = list.flatMap((t, i) => [
      ...t.GPTInformation.map((e, position) => ({
        topicId: rows[i]!.id,
        kind: 'categorization' as const,
        text: e.info,
        position,
      })),
      ...t.GPTResponse.map((e, position) => ({
        topicId: rows[i]!.id,
        kind: 'knowledge' as const,
        text: e.info,
        position,
      })),
    ]);
    if (entries.length > 0) await tx.insert(topicEntries).values(entries);
  }

  async function insertInfo(tx: Tx, shopId: string, list: InfoToCopy[]) {
    if (list.length === 0) return;
    const rows = list.map((i) => ({
      id: crypto.randomUUID(),
      shopId,
      title: i.title,
      description: i.description,
    }));
    await tx.insert(productInfo).values(rows);
    await tx
      .insert(productInfoProducts)
      .values(
        list.flatMap((i, n) => i.productIds.map((productId) => ({ infoId: rows[n]!.id, shopId, productId }))),
      );
  }

  return {
    async preview(merchantId: string, shopId: string, fromShopId: string): Promise<ShopCopyPreview> {
      const p = await plan(merchantId, shopId, fromShopId);
      return {
        from: { id: p.source.id, name: p.source.name },
        blocked: p.blocked,
        topics: {
          count: p.topics.length,
          questions: p.topics.reduce((n, t) => n + t.GPTInformation.length, 0),
          answers: p.topics.reduce((n, t) => n + t.GPTResponse.length, 0),
        },
        files: {
          count: p.files.copy.length,
          bytes: p.files.copy.reduce((n, f) => n + f.size, 0),
          passages: p.files.copy.reduce((n, f) => n + f.chunkCount, 0),
          notReady: p.files.notReady,
          alreadyHere: p.files.alreadyHere,
        },
        productInfo: { entries: p.info.copy.length, products: p.info.products, unmatched: p.info.unmatched },
      };
    },

    /**
     * Copies what the preview listed. The bytes of the files are copied first; the rows (topics,
     * entries, product information, files) in one transaction that holds the shop's row, so two copies
     * at once cannot both pass the checks; each file's passages are copied by a job.
     */
    async copy(merchantId: string, shopId: string, fromShopId: string): Promise<ShopCopyResult> {
      const p = await plan(merchantId, shopId, fromShopId);
      if (p.blocked) throw new AppError('conflict', p.blocked);
      const bytes: CopiedBytes[] = [];
      let stored: CopiedBytes[] = [];
      let copied: ShopCopyResult;
      try {
        for (const from of p.files.copy)
          bytes.push({ from, ...(await deps.knowledge.copyBytes(from, shopId)) });
        copied = await db.transaction(async (tx) => {
          await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, shopId)).for('update');
          const [topic] = await tx
            .select({ id: topics.id })
            .from(topics)
            .where(eq(topics.shopId, shopId))
            .limit(1);
          if (topic) throw new AppError('conflict', messages.topics.copyBlocked);
          // What another copy brought since the plan was made is not copied twice.
          const files = await targetFileKeys(tx, shopId);
          const infos = await targetInfoKeys(tx, shopId);
          stored = bytes.filter((b) => !files.has(fileKey(b.from)));
          const newInfo = p.info.copy.filter((i) => !infos.has(infoKey(i)));
          await insertTopics(tx, shopId, p.topics);
          await insertInfo(tx, shopId, newInfo);
          if (stored.length > 0)
            await tx.insert(knowledgeFiles).values(
              stored.map((b) => ({
                id: b.id,
                shopId,
                fileName: b.from.fileName,
                size: b.from.size,
                mime: b.from.mime,
                storageKey: b.storageKey,
                chunkSize: b.from.chunkSize,
              })),
            );
          await publish(
            tx,
            stored.map((b) => fileCopied(b.id, b.from.id)),
          );
          await bumpTraining(tx, shopId);
          return { topics: p.topics.length, files: stored.length, productInfo: newInfo.length };
        });
      } catch (error) {
        for (const b of bytes) await b.discard();
        throw error;
      }
      for (const b of bytes) if (!stored.includes(b)) await b.discard();
      if (stored.length > 0) await deps.outbox.nudge();
      return copied;
    },
  };
}

export type ShopCopy = ReturnType<typeof createShopCopy>;

import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { type KnowledgeFile, messages } from '@balas/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { knowledgeChunks, knowledgeFiles, shops } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { type Outbox, publish } from '../../platform/outbox.ts';
import { isUuid } from '../shops/shop-guard.ts';
import { bumpTraining } from '../shops/training-version.ts';
import { type DocumentKind, ExtractionError, readDocument } from './extract.ts';
import {
  FILE_COPIED,
  FILE_UPLOADED,
  type FileCopiedPayload,
  type FileUploadedPayload,
  fileUploaded,
} from './knowledge.events.ts';
import { copyFileJob, ingestFileJob } from './knowledge.jobs.ts';

/** The kind of a stored file, from the type its upload was sniffed as. */
export function kindOfMime(mime: string): DocumentKind {
  if (mime === 'application/pdf') return 'pdf';
  if (mime.includes('wordprocessingml')) return 'docx';
  if (mime === 'text/csv') return 'csv';
  if (mime === 'application/json') return 'json';
  return 'text';
}

/**
 * Chunks per INSERT. Each statement binds the chunk texts as one text[] parameter that the database
 * unnests, instead of four parameters per row (it parses and plans in a fraction of the time). The
 * statements are not one transaction, and requests come first between them: on PGlite a
 * statement runs on the event loop and a transaction holds the database until it ends, so a
 * 6,000-chunk file stored at once kept every request (and /api/health) waiting for a second or more.
 * 50 chunks of 500 characters take about 10 ms there (250 took 30-100 ms on a busy machine).
 */
const CHUNKS_PER_INSERT = 50;
/** How often (in batches) the file's progress is written while its chunks are stored. */
const PROGRESS_EVERY = 20;
/**
 * Chunks per INSERT ... SELECT when a file is copied from another shop: no parameters to parse, a
 * range of the source's (file, ordinal) index; about 10 ms on PGlite.
 */
const CHUNKS_PER_COPY = 200;

export type FileRow = typeof knowledgeFiles.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows an INSERT ... RETURNING gave back (PGlite and node-postgres both answer `rows`). */
const affected = (result: unknown) => (result as { rows: unknown[] }).rows.length;

const toFile = (row: FileRow): KnowledgeFile => ({
  id: row.id,
  fileName: row.fileName,
  size: row.size,
  created: row.createdAt.toISOString(),
  key: row.storageKey,
  status: row.status,
  progress: row.progress,
  chunkCount: row.chunkCount,
  error: row.error,
});

export function createKnowledgeService(ctx: AppContext, deps: { outbox: Pick<Outbox, 'nudge'> }) {
  const { db } = ctx.database;

  async function ownedFile(merchantId: string, fileId: string): Promise<FileRow> {
    if (!isUuid(fileId)) throw notFound('File not found');
    const [row] = await db
      .select({ file: knowledgeFiles })
      .from(knowledgeFiles)
      .innerJoin(shops, eq(shops.id, knowledgeFiles.shopId))
      .where(and(eq(knowledgeFiles.id, fileId), eq(shops.merchantId, merchantId)));
    if (!row) throw notFound('File not found');
    return row.file;
  }

  const service = {
    ownedFile,

    async fileById(fileId: string): Promise<FileRow | null> {
      const [row] = await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, fileId));
      return row ?? null;
    },

    async list(shopId: string): Promise<KnowledgeFile[]> {
      const rows = await db
        .select()
        .from(knowledgeFiles)
        .where(eq(knowledgeFiles.shopId, shopId))
        .orderBy(desc(knowledgeFiles.createdAt));
      return rows.map(toFile);
    },

    /** Stores the upload and its row, with the event that has it read (a job, relayed at once). */
    async add(shopId: string, upload: { fileName: string; data: Buffer; mime: string; chunkSize: number }) {
      const id = randomUUID();
      const storageKey = `shops/${shopId}/knowledge/${id}`;
      await ctx.storage.put(storageKey, upload.data);
      let row: FileRow | undefined;
      try {
        row = await db.transaction(async (tx) => {
          const [stored] = await tx
            .insert(knowledgeFiles)
            .values({
              id,
              shopId,
              fileName: upload.fileName,
              size: upload.data.length,
              mime: upload.mime,
              storageKey,
              chunkSize: upload.chunkSize,
            })
            .returning();
          await publish(tx, [fileUploaded(id)]);
          return stored!;
        });
      } catch (error) {
        await ctx.storage.remove(storageKey);
        throw error;
      }
      await deps.outbox.nudge();
      return toFile(row);
    },

    read: (file: FileRow) => ctx.storage.read(file.storageKey),

    /**
     * A file whose text is already read and chunked (a website page, read in its import's reading
     * thread): its bytes are stored, then one transaction stores its row (ready), its chunks, what
     * `within` writes with it (the page pointing at it) and removes the file it `replaces`. The bot
     * reads the old text or the new one, never neither. A page's chunks are bounded (its text is), so
     * the transaction is: at most a few INSERTs of CHUNKS_PER_INSERT. Returns the new file's id.
     */
    async addRead(
      shopId: string,
      file: { fileName: string; data: Buffer; mime: string; chunkSize: number; chunks: string[] },
      options: { replaces?: string | null; within?: (tx: Tx, fileId: string) => Promise<void> } = {},
    ): Promise<string> {
      const id = randomUUID();
      const storageKey = `shops/${shopId}/knowledge/${id}`;
      await ctx.storage.put(storageKey, file.data);
      const started = performance.now();
      let replaced: FileRow | undefined;
      try {
        await db.transaction(async (tx) => {
          await tx.insert(knowledgeFiles).values({
            id,
            shopId,
            fileName: file.fileName,
            size: file.data.length,
            mime: file.mime,
            storageKey,
            chunkSize: file.chunkSize,
            status: 'ready',
            progress: 100,
            chunkCount: file.chunks.length,
          });
          for (let from = 0; from < file.chunks.length; from += CHUNKS_PER_INSERT) {
            await tx.execute(sql`
              insert into ${knowledgeChunks} (file_id, shop_id, ordinal, text)
              select ${id}::uuid, ${shopId}::uuid, ${from}::int + chunk.n::int - 1, chunk.text
              from unnest(${sql.param(file.chunks.slice(from, from + CHUNKS_PER_INSERT))}::text[]) with ordinality as chunk(text, n)`);
          }
          await options.within?.(tx, id);
          if (options.replaces) {
            [replaced] = await tx
              .delete(knowledgeFiles)
              .where(and(eq(knowledgeFiles.id, options.replaces), eq(knowledgeFiles.shopId, shopId)))
              .returning();
          }
          await bumpTraining(tx, shopId);
        });
      } catch (error) {
        await ctx.storage.remove(storageKey);
        throw error;
      }
      if (replaced) await ctx.storage.remove(replaced.storageKey);
      // As in ingest: on PGlite the transaction ran on the event loop, so requests get as long again.
      if (ctx.database.kind === 'pglite') await sleep(performance.now() - started);
      else await nextTurn();
      return id;
    },

    /**
     * The bytes of another shop's file under a new id and key of `shopId` (the caller stores its row
     * with `fileCopied(...)` published beside it, then nudges the outbox); `discard` removes them if the
     * row is not stored after all.
     */
    async copyBytes(file: FileRow, shopId: string) {
      const id = randomUUID();
      const storageKey = `shops/${shopId}/knowledge/${id}`;
      await ctx.storage.put(storageKey, await ctx.storage.readBuffer(file.storageKey));
      return { id, storageKey, discard: () => ctx.storage.remove(storageKey) };
    },

    /**
     * Copies the chunks of a ready file into its copy (a 'processing' row of another shop) a range at
     * a time, then makes the copy ready. When the source is gone or changed meanwhile, the copy is read
     * from its own bytes like an upload.
     */
    async copyChunks(fileId: string, fromFileId: string): Promise<void> {
      const [file] = await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, fileId));
      if (file?.status !== 'processing') return;
      const [source] = await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, fromFileId));
      const readItself = () => service.ingest(fileId);
      if (source?.status !== 'ready') return readItself();
      // A retried job starts from a clean slate.
      await db.delete(knowledgeChunks).where(eq(knowledgeChunks.fileId, fileId));
      let copied = 0;
      for (let from = 0; from < source.chunkCount; from += CHUNKS_PER_COPY) {
        const started = performance.now();
        const rows = await db.execute(sql`
          insert into ${knowledgeChunks} (file_id, shop_id, ordinal, text)
          select ${fileId}::uuid, ${file.shopId}::uuid, ordinal, text from ${knowledgeChunks}
          where file_id = ${fromFileId}::uuid and ordinal >= ${from} and ordinal < ${from + CHUNKS_PER_COPY}
          returning 1`);
        copied += affected(rows);
        await db
          .update(knowledgeFiles)
          .set({ progress: Math.min(99, Math.floor((100 * (from + CHUNKS_PER_COPY)) / source.chunkCount)) })
          .where(eq(knowledgeFiles.id, fileId));
        // As in ingest: on PGlite the statement ran on the event loop, so requests get as long again.
        if (ctx.database.kind === 'pglite') await sleep(performance.now() - started);
        else await nextTurn();
      }
      if (copied !== source.chunkCount) return readItself();
      await db.transaction(async (tx) => {
        await tx
          .update(knowledgeFiles)
          .set({ status: 'ready', progress: 100, chunkCount: copied, error: null })
          .where(eq(knowledgeFiles.id, fileId));
        await bumpTraining(tx, file.shopId);
      });
    },

    async remove(file: FileRow): Promise<void> {
      await db.delete(knowledgeFiles).where(eq(knowledgeFiles.id, file.id));
      await bumpTraining(db, file.shopId);
      await ctx.storage.remove(file.storageKey);
    },

    /**
     * Reads and chunks one file (in the ingestion thread) and stores its chunks; a bad document ends
     * 'failed' with the reason. Chunks are stored batch by batch while the file is 'processing', when
     * nothing reads them (the bot reads the chunks of ready files), then the file turns 'ready' in one
     * short transaction.
     */
    async ingest(fileId: string): Promise<void> {
      const [file] = await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, fileId));
      if (file?.status !== 'processing') return;
      const kind = kindOfMime(file.mime);
      const setProgress = (progress: number) =>
        db.update(knowledgeFiles).set({ progress }).where(eq(knowledgeFiles.id, fileId));
      try {
        const started = performance.now();
        const data = await ctx.storage.readBuffer(file.storageKey);
        await setProgress(10);
        const chunks = await readDocument(data, kind, { fileName: file.fileName, size: file.chunkSize });
        const read = performance.now();
        await setProgress(60);
        // A retried job starts from a clean slate.
        await db.delete(knowledgeChunks).where(eq(knowledgeChunks.fileId, fileId));
        for (let from = 0, batch = 1; from < chunks.count; from += CHUNKS_PER_INSERT, batch++) {
          const batchStarted = performance.now();
          await db.execute(sql`
            insert into ${knowledgeChunks} (file_id, shop_id, ordinal, text)
            select ${fileId}::uuid, ${file.shopId}::uuid, ${from}::int + chunk.n::int - 1, chunk.text
            from unnest(${sql.param(chunks.slice(from, from + CHUNKS_PER_INSERT))}::text[]) with ordinality as chunk(text, n)`);
          if (batch % PROGRESS_EVERY === 0) await setProgress(60 + Math.floor((39 * from) / chunks.count));
          // PGlite ran the statement on the event loop: as long again is left to requests, so the
          // file takes at most half of it. PostgreSQL ran it elsewhere.
          if (ctx.database.kind === 'pglite') await sleep(performance.now() - batchStarted);
          else await nextTurn();
        }
        await db.transaction(async (tx) => {
          await tx
            .update(knowledgeFiles)
            .set({ status: 'ready', progress: 100, chunkCount: chunks.count, error: null })
            .where(eq(knowledgeFiles.id, fileId));
          await bumpTraining(tx, file.shopId);
        });
        const ms = (to: number, from: number) => Math.round(to - from);
        ctx.log.info(
          {
            fileId,
            bytes: data.length,
            chunks: chunks.count,
            readMs: ms(read, started),
            storeMs: ms(performance.now(), read),
          },
          'knowledge file ingested',
        );
      } catch (error) {
        if (!(error instanceof ExtractionError)) throw error;
        await db
          .update(knowledgeFiles)
          .set({ status: 'failed', progress: 100, error: error.message })
          .where(eq(knowledgeFiles.id, fileId));
      }
    },

    /**
     * Marks a file still being read failed: its event was relayed until the outbox gave it up (a job
     * that kept failing on an unexpected error, or kept being cut off by crashes).
     */
    async markFailed(fileId: string, reason: string) {
      const failed = await db
        .update(knowledgeFiles)
        .set({ status: 'failed', progress: 100, error: reason })
        .where(and(eq(knowledgeFiles.id, fileId), eq(knowledgeFiles.status, 'processing')))
        .returning({ id: knowledgeFiles.id });
      // Chunks a failed attempt had stored (a file read meanwhile keeps its own).
      if (failed.length > 0) await db.delete(knowledgeChunks).where(eq(knowledgeChunks.fileId, fileId));
    },

    async chunksOf(fileId: string) {
      return db
        .select({ ordinal: knowledgeChunks.ordinal, text: knowledgeChunks.text })
        .from(knowledgeChunks)
        .where(eq(knowledgeChunks.fileId, fileId))
        .orderBy(asc(knowledgeChunks.ordinal));
    },
  };
  return service;
}

export type KnowledgeService = ReturnType<typeof createKnowledgeService>;

/**
 * The knowledge jobs, subscribed to the files' events (registered in jobs.ts). A file whose event the
 * outbox gave up on ends failed with the reason, instead of 'processing' for ever.
 */
export const knowledgeJobHandlers = (outbox: Pick<Outbox, 'subscribe'>, knowledge: KnowledgeService) => {
  const giveUp = ({ fileId }: { fileId: string }) =>
    knowledge.markFailed(fileId, messages.knowledge.failed.interrupted);
  return [
    outbox.subscribe<FileUploadedPayload>({
      kinds: [FILE_UPLOADED],
      job: ingestFileJob,
      keyOf: (p) => p.fileId,
      ack: 'on-success',
      handle: ({ fileId }) => knowledge.ingest(fileId),
      onDead: giveUp,
    }),
    outbox.subscribe<FileCopiedPayload>({
      kinds: [FILE_COPIED],
      job: copyFileJob,
      keyOf: (p) => p.fileId,
      ack: 'on-success',
      handle: ({ fileId, fromFileId }) => knowledge.copyChunks(fileId, fromFileId),
      onDead: giveUp,
    }),
  ];
};

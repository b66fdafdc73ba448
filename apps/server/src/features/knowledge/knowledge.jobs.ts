import { z } from 'zod';
import { bindJob, defineJob } from '../../platform/queue.ts';
import type { KnowledgeService } from './knowledge.service.ts';

/** Reads an uploaded file into chunks the bot answers from. */
export const ingestFileJob = defineJob({
  name: 'knowledge.ingest',
  schema: z.object({ fileId: z.uuid(), kind: z.enum(['pdf', 'docx', 'text', 'csv', 'json']) }),
  attempts: 3,
  backoffMs: 2000,
});

/** Copies a ready file's chunks into its copy in another shop (a copy from another shop). */
export const copyFileJob = defineJob({
  name: 'knowledge.copy-file',
  schema: z.object({ fileId: z.uuid(), fromFileId: z.uuid() }),
  attempts: 3,
  backoffMs: 2000,
});

/** Scheduled (and at start): files left 'processing' by a crash are queued again, or given up. */
export const sweepStuckFilesJob = defineJob({
  name: 'knowledge.sweep-stuck',
  schema: z.object({}),
  attempts: 1,
});

export const knowledgeJobHandlers = (knowledge: KnowledgeService) => [
  bindJob(ingestFileJob, ({ fileId, kind }) => knowledge.ingest(fileId, kind)),
  bindJob(copyFileJob, ({ fileId, fromFileId }) => knowledge.copyChunks(fileId, fromFileId)),
  bindJob(sweepStuckFilesJob, async () => {
    await knowledge.sweepStuck();
  }),
];

import { z } from 'zod';
import { defineJob } from '../../platform/queue.ts';

// Definitions only (name, payload, retries): they import no service, so the services that queue
// them are imported by nothing here. The handlers are bound beside the service (knowledge.service.ts).

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

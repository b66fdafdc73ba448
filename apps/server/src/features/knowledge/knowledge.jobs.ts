import { z } from 'zod';
import { defineJob } from '../../platform/queue.ts';

// Definitions only (name, payload, retries): they import no service, so the services that publish
// their events are imported by nothing here. The handlers subscribe beside the service
// (knowledge.service.ts); a job whose every attempt failed is relayed again by the outbox's sweeper.

/** Reads an uploaded file into chunks the bot answers from (its kind is read from its stored type). */
export const ingestFileJob = defineJob({
  name: 'knowledge.ingest',
  schema: z.object({ fileId: z.uuid() }),
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

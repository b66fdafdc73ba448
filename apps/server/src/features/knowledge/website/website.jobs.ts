import { z } from 'zod';
import { defineJob } from '../../../platform/queue.ts';

// Definitions only: the handlers are bound beside the service (website.service.ts), so nothing here
// imports the service that queues these jobs.

/** One import of a website source (on demand, on its schedule, or taken up after a crash). */
export const importWebsiteJob = defineJob({
  name: 'knowledge.website-import',
  schema: z.object({ sourceId: z.uuid() }),
  attempts: 2,
  backoffMs: 30_000,
});

/** Scheduled: queues the sources whose next import is due, and imports a lost process left behind. */
export const queueDueWebsitesJob = defineJob({
  name: 'knowledge.website-due',
  schema: z.object({}),
  attempts: 1,
});

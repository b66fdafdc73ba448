import { z } from 'zod';
import { bindJob, defineJob } from '../../platform/queue.ts';
import type { InsightsRollup } from './insights.rollup.ts';

/** Scheduled: recomputes the chats of conversations that changed since the last run. */
export const refreshInsightsJob = defineJob({
  name: 'insights.refresh',
  schema: z.object({}),
  attempts: 1,
});

export const insightsJobHandlers = (rollup: InsightsRollup) => [
  // Within the 15-second interval, so runs rarely wait on each other's lock.
  bindJob(refreshInsightsJob, async () => {
    await rollup.refresh({ budgetMs: 10_000 });
  }),
];

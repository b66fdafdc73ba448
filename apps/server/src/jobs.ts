import type { AppContext } from './context.ts';
import { answeringJobHandlers } from './features/answering/answering.jobs.ts';
import {
  compactTalliesJob,
  inboxJobHandlers,
  RAISE_DRAFTS_EVERY_MS,
  raiseDueDraftsJob,
  wakeSnoozedJob,
} from './features/inbox/inbox.jobs.ts';
import { insightsJobHandlers, refreshInsightsJob } from './features/insights/insights.jobs.ts';
import { knowledgeJobHandlers } from './features/knowledge/knowledge.service.ts';
import { queueDueWebsitesJob } from './features/knowledge/website/website.jobs.ts';
import { websiteJobHandlers } from './features/knowledge/website/website.service.ts';
import { productsJobHandlers, resyncCataloguesJob } from './features/products/products.jobs.ts';
import { pushJobHandlers } from './features/push/push.jobs.ts';
import { refreshTokensJob, shopsJobHandlers } from './features/shops/shops.jobs.ts';
import {
  sweepTestsJob,
  TESTS_SWEEP_EVERY_MS,
  testQuestionsJobHandlers,
} from './features/test-questions/test-questions.jobs.ts';
import { prunePushesJob, repairGapsJob, webhooksJobHandlers } from './features/webhooks/webhooks.jobs.ts';
import { sweepOutboxJob } from './platform/outbox.ts';
import { bindJob, type JobDefinition } from './platform/queue.ts';
import type { Services } from './services.ts';

const REFRESH_EVERY_MS = 10 * 60 * 1000;
const GAP_REPAIR_EVERY_MS = 10 * 60 * 1000;
/** How often shops are checked for a catalogue re-sync (each is re-synced 6 h after its last sync). */
const CATALOGUE_CHECK_EVERY_MS = 30 * 60 * 1000;
/** How fresh the Insights chats are (decision 0010). */
const INSIGHTS_REFRESH_EVERY_MS = 15 * 1000;
/** How often outbox events whose job a crash or a flushed queue lost are relayed again (or given up). */
const RECOVERY_EVERY_MS = 60 * 1000;
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;
/** How late a snoozed conversation may come back (and reach the dashboards). */
const WAKE_SNOOZED_EVERY_MS = 30 * 1000;
/** How many count rows a busy shop gathers: one per change of its counts between runs. */
const COMPACT_TALLIES_EVERY_MS = 30 * 1000;
/** How late a website's scheduled re-import may start (and a lost import be taken up). */
const WEBSITE_DUE_EVERY_MS = 5 * 60 * 1000;

/** Scheduled jobs of earlier versions, no longer bound: their schedules and queued runs are removed. */
const RETIRED_JOBS = ['inbox.reconcile-pending', 'knowledge.sweep-stuck'];

/** Binds every feature's job handlers (API and worker processes alike) and starts the schedules. */
export async function registerJobs(ctx: AppContext, services: Services, options: { schedule: boolean }) {
  ctx.queue.register([
    ...shopsJobHandlers(ctx, services),
    ...knowledgeJobHandlers(services.outbox, services.knowledge),
    ...websiteJobHandlers(services.website),
    ...productsJobHandlers(ctx, services.catalogue),
    ...inboxJobHandlers(services.outbox, services.platformRead, services.pendingReplies, services.inbox),
    ...answeringJobHandlers(services.outbox, { autoReply: services.autoReply, inbox: services.inbox }),
    ...webhooksJobHandlers(ctx, {
      sync: services.sync,
      outbox: services.outbox,
      platforms: services.platforms,
    }),
    ...insightsJobHandlers(services.insightsRollup),
    ...pushJobHandlers(services.push),
    ...testQuestionsJobHandlers(services.tests),
    bindJob(sweepOutboxJob, async () => {
      await services.outbox.sweep();
    }),
  ]);
  // Every event kind has its subscriber now: relay what waits, and look for other processes' events.
  if (options.schedule) services.outbox.start();
  else services.outbox.nudge();
  if (options.schedule) {
    // Sweeps an earlier version scheduled that the outbox's sweeper replaced (decision 0033).
    await ctx.queue.retire(RETIRED_JOBS);
    // Everything scheduled also runs at start: what the last process left unfinished is taken up
    // now, and a daily job (retention) does not wait a day of uptime for its first run.
    const schedules: [JobDefinition<Record<string, never>>, number][] = [
      [refreshTokensJob, REFRESH_EVERY_MS],
      [resyncCataloguesJob, CATALOGUE_CHECK_EVERY_MS],
      [refreshInsightsJob, INSIGHTS_REFRESH_EVERY_MS],
      [prunePushesJob, PRUNE_EVERY_MS],
      [wakeSnoozedJob, WAKE_SNOOZED_EVERY_MS],
      [raiseDueDraftsJob, RAISE_DRAFTS_EVERY_MS],
      [compactTalliesJob, COMPACT_TALLIES_EVERY_MS],
      [sweepOutboxJob, RECOVERY_EVERY_MS],
      // A training change's test questions run within this (decision 0023).
      [sweepTestsJob, TESTS_SWEEP_EVERY_MS],
      [queueDueWebsitesJob, WEBSITE_DUE_EVERY_MS],
      // Pushes the platform gave up on while the server was down are in its lost-push list now.
      [repairGapsJob, GAP_REPAIR_EVERY_MS],
    ];
    for (const [job, everyMs] of schedules) {
      await ctx.queue.every(job, everyMs, {});
      await ctx.queue.enqueue(job, {}, { jobId: 'start' });
    }
  }
}

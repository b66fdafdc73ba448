import type { AppContext } from './context.ts';
import { answeringJobHandlers } from './features/answering/answering.jobs.ts';
import { inboxJobHandlers } from './features/inbox/inbox.jobs.ts';
import { insightsJobHandlers, refreshInsightsJob } from './features/insights/insights.jobs.ts';
import { knowledgeJobHandlers } from './features/knowledge/knowledge.jobs.ts';
import { productsJobHandlers, resyncCataloguesJob } from './features/products/products.jobs.ts';
import { refreshTokensJob, shopsJobHandlers } from './features/shops/shops.jobs.ts';
import { repairGapsJob, webhooksJobHandlers } from './features/webhooks/webhooks.jobs.ts';
import type { Services } from './services.ts';

const REFRESH_EVERY_MS = 10 * 60 * 1000;
const GAP_REPAIR_EVERY_MS = 10 * 60 * 1000;
/** How often shops are checked for a catalogue re-sync (each is re-synced 6 h after its last sync). */
const CATALOGUE_CHECK_EVERY_MS = 30 * 60 * 1000;
/** How fresh the Insights chats are (decision 0010). */
const INSIGHTS_REFRESH_EVERY_MS = 15 * 1000;

/** Binds every feature's job handlers (API and worker processes alike) and starts the schedules. */
export async function registerJobs(ctx: AppContext, services: Services, options: { schedule: boolean }) {
  ctx.queue.register([
    ...shopsJobHandlers(ctx, services),
    ...knowledgeJobHandlers(services.knowledge),
    ...productsJobHandlers(ctx, services.catalogue),
    ...inboxJobHandlers(services.platformRead),
    ...answeringJobHandlers(services.autoReply),
    ...webhooksJobHandlers(ctx, { sync: services.sync, shopee: services.clients.shopee }),
    ...insightsJobHandlers(services.insightsRollup),
  ]);
  if (options.schedule) {
    await ctx.queue.every(refreshTokensJob, REFRESH_EVERY_MS, {});
    await ctx.queue.every(repairGapsJob, GAP_REPAIR_EVERY_MS, {});
    await ctx.queue.every(resyncCataloguesJob, CATALOGUE_CHECK_EVERY_MS, {});
    await ctx.queue.every(refreshInsightsJob, INSIGHTS_REFRESH_EVERY_MS, {});
  }
}

import type { AppContext } from './context.ts';
import type { Services } from './services.ts';

const REFRESH_EVERY_MS = 10 * 60 * 1000;
const GAP_REPAIR_EVERY_MS = 10 * 60 * 1000;
/** How often shops are checked for a catalogue re-sync (each is re-synced 6 h after its last sync). */
const CATALOGUE_CHECK_EVERY_MS = 30 * 60 * 1000;
/** How fresh the Insights chats are (decision 0009). */
const INSIGHTS_REFRESH_EVERY_MS = 15 * 1000;

/** Registers every feature's job definitions (API and worker processes alike) and the schedules. */
export async function registerJobs(ctx: AppContext, services: Services, options: { schedule: boolean }) {
  const { shops, knowledge, products, inbox, answering, webhooks, insights } = services.jobs;
  ctx.queue.register([
    shops.refreshTokens,
    shops.firstSync,
    knowledge.ingest,
    inbox.readOnPlatform,
    answering.autoReply,
    webhooks.processEvent,
    webhooks.repairGaps,
    products.syncCatalogue,
    products.resyncCatalogues,
    insights.refresh,
  ]);
  if (options.schedule) {
    await ctx.queue.every(shops.refreshTokens, REFRESH_EVERY_MS, {});
    await ctx.queue.every(webhooks.repairGaps, GAP_REPAIR_EVERY_MS, {});
    await ctx.queue.every(products.resyncCatalogues, CATALOGUE_CHECK_EVERY_MS, {});
    await ctx.queue.every(insights.refresh, INSIGHTS_REFRESH_EVERY_MS, {});
  }
}

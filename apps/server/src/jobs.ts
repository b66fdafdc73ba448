import type { AppContext } from './context.ts';
import type { Services } from './services.ts';

const REFRESH_EVERY_MS = 10 * 60 * 1000;

/** Registers every feature's job definitions (API and worker processes alike) and the schedules. */
export async function registerJobs(ctx: AppContext, services: Services, options: { schedule: boolean }) {
  const { shops, knowledge, answering } = services.jobs;
  ctx.queue.register([shops.refreshTokens, shops.firstSync, knowledge.ingest, answering.autoReply]);
  if (options.schedule) await ctx.queue.every(shops.refreshTokens, REFRESH_EVERY_MS, {});
}

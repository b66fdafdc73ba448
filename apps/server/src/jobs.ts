import type { AppContext } from './context.ts';

/** Every job definition of every feature, registered in API and worker processes alike. */
export async function registerJobs(ctx: AppContext, _options: { schedule: boolean }): Promise<void> {
  ctx.queue.register([]);
}

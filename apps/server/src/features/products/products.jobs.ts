import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { shops } from '../../db/schema.ts';
import { bindJob, defineJob } from '../../platform/queue.ts';
import type { CatalogueSync } from './catalogue-sync.ts';

/** A connected shop's catalogue is read again from the platform this long after its last sync. */
export const CATALOGUE_RESYNC_AFTER_MS = 6 * 60 * 60 * 1000;

export const syncCatalogueJob = defineJob({
  name: 'products.sync-catalogue',
  schema: z.object({ shopId: z.uuid() }),
  attempts: 3,
  backoffMs: 5000,
});

/**
 * Scheduled: one catalogue sync per connected marketplace shop whose last sync is older than
 * CATALOGUE_RESYNC_AFTER_MS, or that never finished one (its first sync failed). Being driven by
 * the last sync rather than by a six-hour timer, it also holds across restarts of the process.
 */
export const resyncCataloguesJob = defineJob({
  name: 'products.resync-catalogues',
  schema: z.object({}),
  attempts: 1,
});

export function productsJobHandlers(ctx: AppContext, catalogue: CatalogueSync) {
  return [
    bindJob(syncCatalogueJob, async ({ shopId }) => {
      const [shop] = await ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
      if (shop?.status !== 'active' || shop.provider === 'website') return;
      await catalogue.syncShop(shop);
    }),
    bindJob(resyncCataloguesJob, async () => {
      const now = Date.now();
      const due = await catalogue.dueShops(new Date(now - CATALOGUE_RESYNC_AFTER_MS));
      // A sync still waiting for the same last sync is not queued twice within the hour; one that
      // failed is tried again the next hour.
      const hour = Math.floor(now / (60 * 60 * 1000));
      for (const shop of due) {
        const jobId = `${shop.id}-${shop.lastSyncAt?.getTime() ?? 'never'}-${hour}`;
        await ctx.queue.enqueue(syncCatalogueJob, { shopId: shop.id }, { jobId });
      }
    }),
  ];
}

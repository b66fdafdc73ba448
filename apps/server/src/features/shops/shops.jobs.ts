import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { ShopRow } from '../../db/schema.ts';
import { shops } from '../../db/schema.ts';
import { bindJob, defineJob } from '../../platform/queue.ts';
import type { ShopsService } from './shops.service.ts';

/** Refresh tokens this long before they expire (Shopee access tokens live 4 hours). */
export const REFRESH_MARGIN_MS = 45 * 60 * 1000;

/** Scheduled: every shop whose token expires soon is refreshed. */
export const refreshTokensJob = defineJob({
  name: 'shops.refresh-tokens',
  lane: 'reply',
  schema: z.object({}),
  attempts: 1,
});

/** After a marketplace shop is authorized: what it already has on the platform is imported. */
export const firstSyncJob = defineJob({
  name: 'shops.first-sync',
  // authorizedAt: when the merchant connected the shop (absent from jobs queued before it existed).
  schema: z.object({ shopId: z.uuid(), authorizedAt: z.iso.datetime().optional() }),
  attempts: 5,
});

export function shopsJobHandlers(
  ctx: AppContext,
  services: { shops: ShopsService; syncShop: (shop: ShopRow, authorizedAt?: Date) => Promise<void> },
) {
  return [
    bindJob(refreshTokensJob, async () => {
      for (const shop of await services.shops.dueForRefresh(REFRESH_MARGIN_MS)) {
        try {
          await services.shops.refresh(shop);
        } catch (error) {
          // Transient platform trouble: the next run tries again well before expiry.
          ctx.log.warn({ shopId: shop.id, err: error }, 'token refresh failed');
        }
      }
    }),
    bindJob(firstSyncJob, async ({ shopId, authorizedAt }) => {
      const [shop] = await ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
      if (shop?.status !== 'active') return;
      await services.syncShop(shop, authorizedAt ? new Date(authorizedAt) : undefined);
      await ctx.database.db.update(shops).set({ lastSyncAt: new Date() }).where(eq(shops.id, shopId));
    }),
  ];
}

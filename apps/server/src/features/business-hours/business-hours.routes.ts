import { businessHours, dataOf, defaultBusinessHours, shopTimeZone } from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { InboxService } from '../inbox/inbox.service.ts';
import { type Owned, type ShopRow, shopGuard } from '../shops/shop-guard.ts';

/** A shop's business hours (issue 28.7, decision 0025): weekly hours, time zone and holidays. */
export const businessHoursRoutes: FastifyPluginAsyncZod<{
  inbox: Pick<InboxService, 'setBusinessHours'>;
  owned: Owned;
}> = async (app, { inbox, owned }) => {
  const tags = ['shops'];
  const params = z.object({ shopId: z.string().max(100) });
  // Never set: the default the page starts from (off, weekdays 9-18, Malaysia's holidays).
  const hoursOf = (shop: ShopRow) => shop.businessHours ?? defaultBusinessHours(shopTimeZone(shop.region));

  app.get(
    '/shops/:shopId/business-hours',
    {
      preHandler: shopGuard(owned.shop, { param: 'shopId' }),
      schema: { tags, params, response: { 200: dataOf(businessHours) } },
    },
    async (request) => ({ data: hoursOf(request.shop) }),
  );

  app.put(
    '/shops/:shopId/business-hours',
    {
      preHandler: shopGuard(owned.shop, { param: 'shopId' }),
      schema: { tags, params, body: businessHours, response: { 200: dataOf(businessHours) } },
    },
    async (request) => {
      const holidays = [...request.body.holidays].sort((a, b) => a.date.localeCompare(b.date));
      const updated = await inbox.setBusinessHours(request.shop, { ...request.body, holidays });
      owned.forgetShop(updated.id);
      return { data: hoursOf(updated) };
    },
  );
};

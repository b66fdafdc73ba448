import { parseLazadaPush, parseShopeePush } from '@balas/marketplaces';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { shops, webhookEvents } from '../../db/schema.ts';
import { defineJob } from '../../platform/queue.ts';
import { fromShopee, type SyncService } from '../inbox/sync.service.ts';

/** Turns a stored push into conversation and message updates; customer messages go on to the bot. */
export function createWebhookJobs(
  ctx: AppContext,
  deps: { sync: SyncService; autoReply: (messageId: string) => Promise<void> },
) {
  const { db } = ctx.database;
  const shopBy = async (provider: 'shopee' | 'lazada', externalId: string) => {
    const [shop] = await db
      .select()
      .from(shops)
      .where(and(eq(shops.provider, provider), eq(shops.externalId, externalId), eq(shops.status, 'active')));
    return shop;
  };

  const processEvent = defineJob({
    name: 'webhooks.process-event',
    schema: z.object({ eventId: z.uuid() }),
    attempts: 5,
    backoffMs: 1000,
    async handle({ eventId }) {
      const [event] = await db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.id, eventId), isNull(webhookEvents.processedAt)));
      if (!event) return;
      const raw = (event.payload as { raw: string }).raw;
      if (event.provider === 'shopee') {
        const push = parseShopeePush(raw);
        const shop = await shopBy('shopee', push.shopId);
        if (shop && push.kind === 'message') {
          await deps.sync.store(
            shop,
            fromShopee(shop, push.message, { from: push.fromUserName, to: push.toUserName }),
            deps.autoReply,
          );
        } else if (shop && push.kind === 'notification') {
          await deps.sync.syncConversations(shop, { conversations: 10, onNew: deps.autoReply });
        }
      } else {
        const push = parseLazadaPush(raw);
        const shop = await shopBy('lazada', push.sellerId);
        if (shop && push.kind === 'session')
          await deps.sync.syncLazadaSession(shop, push.sessionId, deps.autoReply);
      }
      await db.update(webhookEvents).set({ processedAt: new Date() }).where(eq(webhookEvents.id, eventId));
    },
  });

  /** Gap repair: a missed push is caught up from the platforms' list calls. */
  const repairGaps = defineJob({
    name: 'webhooks.repair-gaps',
    schema: z.object({}),
    attempts: 1,
    async handle() {
      const active = await db.select().from(shops).where(eq(shops.status, 'active'));
      for (const shop of active.filter((s) => s.provider !== 'website')) {
        try {
          await deps.sync.syncConversations(shop, { conversations: 10, onNew: deps.autoReply });
        } catch (error) {
          ctx.log.warn({ shopId: shop.id, err: error }, 'gap repair failed');
        }
      }
    },
  });

  return { processEvent, repairGaps };
}

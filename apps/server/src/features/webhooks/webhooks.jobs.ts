import { parseLazadaPush, parseShopeePush } from '@balas/marketplaces';
import { and, eq, isNull, sql } from 'drizzle-orm';
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
  // Every push runs these: built and prepared once.
  const activeShop = db
    .select()
    .from(shops)
    .where(
      and(
        eq(shops.provider, sql.placeholder('provider')),
        eq(shops.externalId, sql.placeholder('externalId')),
        eq(shops.status, 'active'),
      ),
    )
    .prepare('webhooks_active_shop');
  const unprocessedEvent = db
    .select()
    .from(webhookEvents)
    .where(and(eq(webhookEvents.id, sql.placeholder('eventId')), isNull(webhookEvents.processedAt)))
    .prepare('webhooks_unprocessed_event');
  const markProcessed = db
    .update(webhookEvents)
    .set({ processedAt: sql`now()` })
    .where(eq(webhookEvents.id, sql.placeholder('eventId')))
    .prepare('webhooks_mark_processed');
  const shopBy = async (provider: 'shopee' | 'lazada', externalId: string) =>
    (await activeShop.execute({ provider, externalId }))[0];

  const processEvent = defineJob({
    name: 'webhooks.process-event',
    schema: z.object({ eventId: z.uuid() }),
    attempts: 5,
    backoffMs: 1000,
    async handle({ eventId }) {
      const [event] = await unprocessedEvent.execute({ eventId });
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
      await markProcessed.execute({ eventId });
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

import { parseLazadaPush, parseShopeePush, type ShopeeClient, type ShopeePush } from '@balas/marketplaces';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { shops, webhookEvents } from '../../db/schema.ts';
import { bindJob, defineJob } from '../../platform/queue.ts';
import { autoReplyJob } from '../answering/answering.jobs.ts';
import { fromShopee, type SyncService } from '../inbox/sync.service.ts';

/** Pages of Shopee's lost-push list read per gap repair (100 pushes a page). */
const LOST_PUSH_PAGES = 20;

/** Turns a stored push into conversation and message updates; customer messages go on to the bot. */
export const processEventJob = defineJob({
  name: 'webhooks.process-event',
  schema: z.object({ eventId: z.uuid() }),
  attempts: 5,
  backoffMs: 1000,
});

/**
 * Scheduled gap repair: Shopee's lost pushes are replayed, then the platforms' list calls catch up
 * whatever no list names (Lazada keeps no lost-push list; Shopee's forgets after 3 days).
 */
export const repairGapsJob = defineJob({
  name: 'webhooks.repair-gaps',
  schema: z.object({}),
  attempts: 1,
});

export function webhooksJobHandlers(
  ctx: AppContext,
  deps: {
    sync: SyncService;
    /** Shopee's partner-level list of pushes it could not deliver to us. */
    shopee: Pick<ShopeeClient, 'getLostPushMessage' | 'confirmConsumedLostPushMessage'>;
  },
) {
  const { db } = ctx.database;
  const autoReply = (messageId: string) =>
    ctx.queue.enqueue(autoReplyJob, { messageId }, { jobId: messageId });
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

  /** A push, delivered or replayed from the lost-push list; messages are stored once either way. */
  async function handleShopeePush(push: ShopeePush) {
    const shop = await shopBy('shopee', push.shopId);
    if (shop && push.kind === 'message') {
      await deps.sync.store(
        shop,
        fromShopee(shop, push.message, { from: push.fromUserName, to: push.toUserName }),
        autoReply,
      );
    } else if (shop && push.kind === 'notification') {
      await deps.sync.syncConversations(shop, { conversations: 10, onNew: autoReply });
    }
  }

  /** Shopee keeps the pushes it could not deliver for 3 days: each page is handled, then confirmed. */
  async function replayLostShopeePushes() {
    for (let page = 0; page < LOST_PUSH_PAGES; page++) {
      const lost = await deps.shopee.getLostPushMessage();
      if (lost.pushes.length === 0) return;
      for (const push of lost.pushes) await handleShopeePush(push);
      await deps.shopee.confirmConsumedLostPushMessage(lost.lastMessageId);
      if (!lost.hasNextPage) return;
    }
  }

  const processEvent = bindJob(processEventJob, async ({ eventId }) => {
    const [event] = await unprocessedEvent.execute({ eventId });
    if (!event) return;
    const raw = (event.payload as { raw: string }).raw;
    if (event.provider === 'shopee') {
      await handleShopeePush(parseShopeePush(raw));
    } else {
      const push = parseLazadaPush(raw);
      const shop = await shopBy('lazada', push.sellerId);
      if (shop && push.kind === 'session') await deps.sync.syncLazadaSession(shop, push.sessionId, autoReply);
    }
    await markProcessed.execute({ eventId });
  });

  const repairGaps = bindJob(repairGapsJob, async () => {
    try {
      await replayLostShopeePushes();
    } catch (error) {
      ctx.log.warn({ err: error }, 'lost Shopee pushes could not be replayed');
    }
    const active = await db.select().from(shops).where(eq(shops.status, 'active'));
    for (const shop of active.filter((s) => s.provider !== 'website')) {
      try {
        await deps.sync.syncConversations(shop, { conversations: 10, onNew: autoReply });
      } catch (error) {
        ctx.log.warn({ shopId: shop.id, err: error }, 'gap repair failed');
      }
    }
  });

  return [processEvent, repairGaps];
}

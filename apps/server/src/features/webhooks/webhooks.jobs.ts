import { normalizeInput } from '@balas/contracts';
import { parseLazadaPush, parseShopeePush, type ShopeeClient, type ShopeePush } from '@balas/marketplaces';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { deadJobs, shops, webhookEvents } from '../../db/schema.ts';
import type { Outbox } from '../../platform/outbox.ts';
import { bindJob, defineJob, errorText } from '../../platform/queue.ts';
import { incomingFromShopee } from '../../platforms/shopee/shopee.platform.ts';
import type { SyncService } from '../inbox/sync.service.ts';
import { PUSH_RECEIVED } from './webhook-events.ts';

/** Pages of Shopee's lost-push list read per gap repair (100 pushes a page). */
const LOST_PUSH_PAGES = 20;
/**
 * Turns a stored push into conversation and message updates; customer messages go on to the bot.
 * The job of the `push.received` outbox event (a lost one is relayed again by the outbox's sweeper).
 */
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

/** Scheduled daily: processed pushes older than the retention period are deleted. */
export const prunePushesJob = defineJob({
  name: 'webhooks.prune',
  schema: z.object({}),
  attempts: 1,
});

export function webhooksJobHandlers(
  ctx: AppContext,
  deps: {
    sync: SyncService;
    outbox: Pick<Outbox, 'subscribe'>;
    /** Shopee's partner-level list of pushes it could not deliver to us. */
    shopee: Pick<ShopeeClient, 'getLostPushMessage' | 'confirmConsumedLostPushMessage'>;
  },
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

  /** A push, delivered or replayed from the lost-push list; messages are stored once either way. */
  async function handleShopeePush(push: ShopeePush) {
    const shop = await shopBy('shopee', push.shopId);
    if (shop && push.kind === 'message') {
      await deps.sync.store(
        shop,
        incomingFromShopee(shop, push.message, { from: push.fromUserName, to: push.toUserName }),
        true,
      );
    } else if (shop && push.kind === 'notification') {
      await deps.sync.syncConversations(shop, { conversations: 10, answer: true });
    }
  }

  /** Shopee keeps the pushes it could not deliver for 3 days: each page is handled, then confirmed. */
  async function replayLostShopeePushes() {
    for (let page = 0; page < LOST_PUSH_PAGES; page++) {
      const lost = await deps.shopee.getLostPushMessage();
      if (lost.pushes.length === 0) return;
      // One bad push must not hold back the others at every run: it is kept as a dead job.
      for (const push of lost.pushes) {
        try {
          await handleShopeePush(normalizeInput(push));
        } catch (error) {
          ctx.log.error({ err: error, shopId: push.shopId }, 'a lost Shopee push could not be handled');
          await db
            .insert(deadJobs)
            .values({ name: 'webhooks.lost-push', payload: push, attempts: 1, error: errorText(error) });
        }
      }
      await deps.shopee.confirmConsumedLostPushMessage(lost.lastMessageId);
      if (!lost.hasNextPage) return;
    }
  }

  async function processPush({ eventId }: { eventId: string }) {
    const [event] = await unprocessedEvent.execute({ eventId });
    if (!event) return;
    const raw = (event.payload as { raw: string }).raw;
    // Every id of a push is looked up or stored: NUL and half surrogates go, as in every request.
    if (event.provider === 'shopee') {
      await handleShopeePush(normalizeInput(parseShopeePush(raw)));
    } else {
      const push = normalizeInput(parseLazadaPush(raw));
      const shop = await shopBy('lazada', push.sellerId);
      if (shop && push.kind === 'session')
        await deps.sync.syncConversation(shop, push.sessionId, { answer: true });
    }
    await markProcessed.execute({ eventId });
  }
  const processEvent = deps.outbox.subscribe({
    kinds: [PUSH_RECEIVED],
    job: processEventJob,
    keyOf: (p) => p.eventId,
    ack: 'on-success',
    handle: processPush,
    // Given up (kept in dead_jobs by the outbox): the push is no longer waiting.
    onDead: async ({ eventId }) => {
      ctx.log.error({ eventId }, 'a push was given up');
      await db
        .update(webhookEvents)
        .set({ processedAt: sql`now()`, error: 'given up after repeated failures' })
        .where(eq(webhookEvents.id, eventId));
    },
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
        await deps.sync.syncConversations(shop, { conversations: 10, answer: true });
      } catch (error) {
        ctx.log.warn({ shopId: shop.id, err: error }, 'gap repair failed');
      }
    }
  });

  const prunePushes = bindJob(prunePushesJob, async () => {
    const before = new Date(Date.now() - ctx.config.webhookRetentionDays * 24 * 3600 * 1000);
    await db
      .delete(webhookEvents)
      .where(and(isNotNull(webhookEvents.processedAt), lt(webhookEvents.processedAt, before)));
  });

  return [processEvent, repairGaps, prunePushes];
}

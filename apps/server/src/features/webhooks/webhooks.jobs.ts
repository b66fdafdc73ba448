import { normalizeInput } from '@balas/contracts';
import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { deadJobs, shops, webhookEvents } from '../../db/schema.ts';
import { acknowledge, type Outbox } from '../../platform/outbox.ts';
import { bindJob, defineJob, errorText } from '../../platform/queue.ts';
import type { LostPushes, PlatformId, PlatformPush } from '../../platforms/platform.ts';
import type { Platforms } from '../../platforms/registry.ts';
import type { SyncService } from '../inbox/sync.service.ts';
import { createWebhookEvents, PUSH_RECEIVED } from './webhook-events.ts';

/** Pages of a platform's lost-push list read per gap repair (Shopee: 100 pushes a page). */
const LOST_PUSH_PAGES = 20;
/** Earlier pushes still waiting that a message push's job looks through for its conversation's. */
const EARLIER_PUSHES = 20;
/**
 * Turns a stored push into conversation and message updates; customer messages go on to the bot.
 * The job of the `push.received` outbox event (a lost one is relayed again by the outbox's sweeper).
 */
export const processEventJob = defineJob({
  name: 'webhooks.process-event',
  lane: 'reply',
  schema: z.object({ eventId: z.uuid() }),
  attempts: 5,
  backoffMs: 1000,
});

/**
 * Scheduled gap repair: the lost pushes of the platforms that keep them are replayed (Shopee's,
 * for 3 days), then the platforms' list calls catch up whatever no list names.
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
    /** Each push is decoded by its platform's adapter; lost pushes come from those that keep them. */
    platforms: Pick<Platforms, 'of' | 'all'>;
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
  // Received before a push (within a minute: an older one waiting is its own job's, or the sweeper's).
  const earlierWaiting = db
    .select({ id: webhookEvents.id, payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, sql.placeholder('provider')),
        isNull(webhookEvents.processedAt),
        sql`${webhookEvents.receivedAt} < (select received_at from webhook_events where id = ${sql.placeholder('eventId')})`,
        sql`${webhookEvents.receivedAt} > (select received_at - interval '1 minute' from webhook_events where id = ${sql.placeholder('eventId')})`,
      ),
    )
    .orderBy(webhookEvents.receivedAt)
    .limit(EARLIER_PUSHES)
    .prepare('webhooks_earlier_waiting');
  const events = createWebhookEvents(db);
  const shopBy = async (provider: PlatformId, externalId: string) =>
    (await activeShop.execute({ provider, externalId }))[0];

  /** A push, delivered or replayed from a lost-push list; messages are stored once either way. */
  async function handlePush(provider: PlatformId, push: PlatformPush) {
    if (push.kind === 'ignored') return;
    const shop = await shopBy(provider, push.shopExternalId);
    if (!shop) return;
    if (push.kind === 'message') await deps.sync.store(shop, push.incoming, true);
    else if (push.kind === 'conversation')
      await deps.sync.syncConversation(shop, push.conversationExternalId, { answer: true });
    else await deps.sync.syncConversations(shop, { conversations: 10, answer: true });
  }

  /** A platform's kept pushes (Shopee: 3 days): each page is handled, then confirmed. */
  async function replayLostPushes(provider: PlatformId, lostPushes: LostPushes) {
    for (let page = 0; page < LOST_PUSH_PAGES; page++) {
      const lost = await lostPushes.page();
      if (lost.pushes.length === 0) return;
      // One bad push must not hold back the others at every run: it is kept as a dead job.
      for (const push of lost.pushes) {
        try {
          await handlePush(provider, normalizeInput(push.decode()));
        } catch (error) {
          ctx.log.error({ err: error, provider }, 'a lost push could not be handled');
          await db.insert(deadJobs).values({
            name: 'webhooks.lost-push',
            payload: push.native,
            attempts: 1,
            error: errorText(error),
          });
        }
      }
      await lost.confirm();
      if (!lost.hasNextPage) return;
    }
  }

  /**
   * A shopper's order card and the question after it come as two pushes whose jobs may run at once:
   * the question would be decided before the card is stored, without it. The earlier pushes of the
   * same conversation still waiting are handled first (a message is stored once, whichever job
   * stores it; one that cannot be read is left to its own job).
   */
  async function handleEarlierOfConversation(
    provider: PlatformId,
    decode: (raw: string) => PlatformPush,
    eventId: string,
    push: PlatformPush,
  ) {
    if (push.kind !== 'message') return;
    for (const earlier of await earlierWaiting.execute({ provider, eventId })) {
      let decoded: PlatformPush;
      try {
        decoded = normalizeInput(decode((earlier.payload as { raw: string }).raw));
      } catch {
        continue;
      }
      if (
        decoded.kind !== 'message' ||
        decoded.shopExternalId !== push.shopExternalId ||
        decoded.incoming.conversation.externalId !== push.incoming.conversation.externalId
      )
        continue;
      await handlePush(provider, decoded);
      await events.processed(earlier.id);
    }
  }

  async function processPush({ eventId }: { eventId: string }) {
    const [event] = await unprocessedEvent.execute({ eventId });
    // Handled already (a relay beside a job that was slow to finish): only its event is left.
    if (!event) return acknowledge(db, [PUSH_RECEIVED], eventId);
    const raw = (event.payload as { raw: string }).raw;
    const decode = deps.platforms.of(event.provider).decodePush;
    if (!decode) throw new Error(`${event.provider} takes no pushes`);
    // Every id of a push is looked up or stored: NUL and half surrogates go, as in every request.
    const push = normalizeInput(decode(raw));
    await handleEarlierOfConversation(event.provider, decode, eventId, push);
    await handlePush(event.provider, push);
    await events.processed(eventId);
  }
  const processEvent = deps.outbox.subscribe({
    kinds: [PUSH_RECEIVED],
    job: processEventJob,
    keyOf: (p) => p.eventId,
    // Acknowledged with the mark "processed" (one statement): no read of the event before handling.
    ack: 'by-subscriber',
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
    for (const platform of deps.platforms.all) {
      if (platform.mode === 'off' || !platform.lostPushes) continue;
      try {
        await replayLostPushes(platform.provider, platform.lostPushes);
      } catch (error) {
        ctx.log.warn({ err: error, provider: platform.provider }, 'lost pushes could not be replayed');
      }
    }
    const active = await db.select().from(shops).where(eq(shops.status, 'active'));
    // A channel without pushes (the website) has nothing to catch up on.
    const pushing = new Set(deps.platforms.all.filter((p) => p.decodePush).map((p) => p.provider));
    for (const shop of active.filter((s) => pushing.has(s.provider))) {
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

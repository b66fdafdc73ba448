import {
  DEFAULT_TIME_ZONE,
  type InboxRow,
  inQuietHours,
  PUSH_PREVIEW_CHARS,
  type PushPayload,
  type PushSettings,
  type PushSettingsBody,
  type PushSubscriptionBody,
  pushWords,
} from '@balas/contracts';
import { and, asc, count, eq, inArray, lt, notInArray, sql } from 'drizzle-orm';
import webPush from 'web-push';
import type { AppContext } from '../../context.ts';
import { pushNotified, pushSettings, pushShops, pushSubscriptions, shops } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { type NotifyPayload, notifyJob } from './push.jobs.ts';
import { loadVapidDetails, type VapidDetails } from './vapid-keys.ts';

/** Browsers a merchant may have subscribed; the oldest beyond it is dropped. */
const MAX_DEVICES = 20;
/** How long a push service may take to accept a push. */
const SEND_TIMEOUT_MS = 10_000;
/** A push nobody received within this long is dropped by the push service (the chat waits in the Inbox). */
const TTL_SECONDS = 6 * 60 * 60;

/** What a push service answered for one browser. */
export type SendOutcome = 'sent' | 'gone' | 'failed';

/**
 * Web Push to the merchant's browsers (issue 26.4): a conversation that starts needing the merchant
 * is pushed, through a job, to every browser they subscribed, when its shop is opted in and it is
 * not their quiet hours. web-push signs (VAPID) and encrypts (aes128gcm); the request goes out
 * through fetch, so a subscription may point at any push service, a test's local one included.
 */
export function createPushService(ctx: AppContext, options: { fetch?: typeof fetch } = {}) {
  const { db } = ctx.database;
  const send = options.fetch ?? fetch;
  let vapid: VapidDetails | undefined;
  // Read (or generated) on first use: a process that never pushes never writes the key file.
  const vapidDetails = () => {
    vapid ??= loadVapidDetails(ctx.config);
    return vapid;
  };

  async function ownedShops(merchantId: string) {
    return db
      .select({ id: shops.id, name: shops.name })
      .from(shops)
      .where(eq(shops.merchantId, merchantId))
      .orderBy(asc(shops.createdAt));
  }

  async function settingsOf(merchantId: string): Promise<PushSettings> {
    const [saved] = await db.select().from(pushSettings).where(eq(pushSettings.merchantId, merchantId));
    const opted = await db
      .select({ shopId: pushShops.shopId })
      .from(pushShops)
      .innerJoin(shops, eq(shops.id, pushShops.shopId))
      .where(eq(shops.merchantId, merchantId))
      .orderBy(asc(shops.createdAt));
    const [devices] = await db
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.merchantId, merchantId));
    return {
      shopIds: opted.map((o) => o.shopId),
      quietHours:
        saved?.quietStart && saved.quietEnd ? { start: saved.quietStart, end: saved.quietEnd } : null,
      timeZone: saved?.timeZone ?? DEFAULT_TIME_ZONE,
      publicKey: vapidDetails().publicKey,
      devices: devices?.n ?? 0,
    };
  }

  /** Sends one push to one browser; a browser its push service no longer knows (404/410) is forgotten. */
  async function deliver(
    subscription: typeof pushSubscriptions.$inferSelect,
    payload: PushPayload,
    topic: string,
  ): Promise<SendOutcome> {
    const keys = vapidDetails();
    const request = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: keys.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        urgency: 'high',
        topic,
      },
    );
    try {
      const response = await send(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) {
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
        return 'gone';
      }
      if (response.ok) return 'sent';
      ctx.log.warn({ status: response.status, subscription: subscription.id }, 'push refused');
      return 'failed';
    } catch (error) {
      ctx.log.warn({ err: error, subscription: subscription.id }, 'push not delivered');
      return 'failed';
    }
  }

  return {
    vapidPublicKey: () => vapidDetails().publicKey,
    settings: settingsOf,

    /** Saves the shops that notify and the quiet hours; a shop not the merchant's is a 404. */
    async saveSettings(merchantId: string, body: PushSettingsBody): Promise<PushSettings> {
      const owned = new Set((await ownedShops(merchantId)).map((s) => s.id));
      const chosen = [...new Set(body.shopIds)];
      if (chosen.some((id) => !owned.has(id))) throw notFound('Shop not found');
      await db.transaction(async (tx) => {
        const values = {
          merchantId,
          quietStart: body.quietHours?.start ?? null,
          quietEnd: body.quietHours?.end ?? null,
          timeZone: body.timeZone,
        };
        await tx
          .insert(pushSettings)
          .values(values)
          .onConflictDoUpdate({ target: pushSettings.merchantId, set: values });
        if (owned.size > 0) {
          const others = [...owned].filter((id) => !chosen.includes(id));
          if (others.length > 0) await tx.delete(pushShops).where(inArray(pushShops.shopId, others));
        }
        if (chosen.length > 0)
          await tx
            .insert(pushShops)
            .values(chosen.map((shopId) => ({ shopId })))
            .onConflictDoNothing();
      });
      return settingsOf(merchantId);
    },

    /**
     * Subscribes a browser (its PushSubscription): a browser is one merchant's, so subscribing it
     * again (another merchant signed in there) moves it. Push services speak HTTPS; a plain http
     * endpoint is accepted outside production only (a local push service in tests).
     */
    async subscribe(merchantId: string, body: PushSubscriptionBody): Promise<PushSettings> {
      if (ctx.config.env === 'production' && !body.endpoint.startsWith('https://'))
        throw new AppError('validation', 'A push endpoint must be an https address', {
          endpoint: 'Must be an https address',
        });
      const values = { merchantId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
      await db
        .insert(pushSubscriptions)
        .values(values)
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
      // The newest MAX_DEVICES stay (a browser that was reset leaves its old subscription behind).
      const keep = db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.merchantId, merchantId))
        .orderBy(sql`${pushSubscriptions.createdAt} desc`)
        .limit(MAX_DEVICES);
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.merchantId, merchantId), notInArray(pushSubscriptions.id, keep)));
      return settingsOf(merchantId);
    },

    async unsubscribe(merchantId: string, endpoint: string): Promise<PushSettings> {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.merchantId, merchantId), eq(pushSubscriptions.endpoint, endpoint)));
      return settingsOf(merchantId);
    },

    /**
     * The inbox told the dashboards a conversation changed (after its commit): one that needs the
     * merchant, with a shopper's message they have not read, is queued for a push when its shop is
     * opted in. Never waits for the push; the job does the rest.
     */
    conversationChanged(shop: { id: string }, row: InboxRow) {
      if (row.state !== 'needs_you' || row.unreadCount === 0) return;
      void (async () => {
        const [opted] = await db
          .select({ shopId: pushShops.shopId })
          .from(pushShops)
          .where(eq(pushShops.shopId, shop.id));
        if (!opted) return;
        const payload: NotifyPayload = {
          conversationId: row.id,
          shopId: shop.id,
          messageAt: row.lastMessageAt,
          title: pushWords.notificationTitle(row.shopperName, row.shopName),
          preview: row.lastMessage.slice(0, PUSH_PREVIEW_CHARS),
        };
        await ctx.queue.enqueue(notifyJob, payload, { jobId: `${row.id}:${row.lastMessageAt}` });
      })().catch((error) => ctx.log.warn({ err: error, conversation: row.id }, 'push not queued'));
    },

    /**
     * The job: one push per subscribed browser of the shop's merchant, once per message (whichever
     * process runs it), none in their quiet hours or when the shop was opted out meanwhile. Returns
     * what each browser's push service answered (empty when nothing was sent).
     */
    async notify(payload: NotifyPayload, now = new Date()): Promise<SendOutcome[]> {
      const [shop] = await db
        .select({ merchantId: shops.merchantId })
        .from(shops)
        .innerJoin(pushShops, eq(pushShops.shopId, shops.id))
        .where(eq(shops.id, payload.shopId));
      if (!shop) return [];
      const [saved] = await db
        .select()
        .from(pushSettings)
        .where(eq(pushSettings.merchantId, shop.merchantId));
      const quiet =
        saved?.quietStart && saved.quietEnd ? { start: saved.quietStart, end: saved.quietEnd } : null;
      if (inQuietHours(now, quiet, saved?.timeZone ?? DEFAULT_TIME_ZONE)) return [];
      // Claimed once per newest message: a second job (another process, a re-emitted row) sends nothing.
      const messageAt = new Date(payload.messageAt);
      const claimed = await db
        .insert(pushNotified)
        .values({ conversationId: payload.conversationId, messageAt })
        .onConflictDoUpdate({
          target: pushNotified.conversationId,
          set: { messageAt },
          setWhere: lt(pushNotified.messageAt, messageAt),
        })
        .returning({ id: pushNotified.conversationId });
      if (claimed.length === 0) return [];
      const browsers = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.merchantId, shop.merchantId));
      const message: PushPayload = {
        title: payload.title,
        body: payload.preview,
        // The in-page alert (decision 14) tags by conversation too: on one device they replace each other.
        tag: payload.conversationId,
        url: `/inbox?c=${payload.conversationId}`,
      };
      // The push service keeps only the newest undelivered push of a topic (the conversation's id).
      const topic = payload.conversationId.replaceAll('-', '');
      return Promise.all(browsers.map((b) => deliver(b, message, topic)));
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webhookEvents } from '../../db/schema.ts';

/** The platforms' pushes as stored: once per dedupe key; one stored but never processed is found again. */
export function createWebhookEvents(db: Db) {
  // Built and prepared once: every push runs them.
  const storeEvent = db
    .insert(webhookEvents)
    .values({
      provider: sql.placeholder('provider'),
      dedupeKey: sql.placeholder('dedupeKey'),
      payload: sql.placeholder('payload'),
    })
    .onConflictDoNothing({ target: webhookEvents.dedupeKey })
    .returning({ id: webhookEvents.id })
    .prepare('webhooks_store_event');
  const unprocessedByKey = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.dedupeKey, sql.placeholder('dedupeKey')), isNull(webhookEvents.processedAt)))
    .prepare('webhooks_unprocessed_by_key');
  return {
    /** Stores a push: its event's id, or null when the key was stored before. */
    async store(provider: string, dedupeKey: string, raw: string): Promise<string | null> {
      const [row] = await storeEvent.execute({ provider, dedupeKey, payload: { raw } });
      return row?.id ?? null;
    },
    /** The event stored with this key and not processed yet (the enqueue failed, the process died). */
    async unprocessed(dedupeKey: string): Promise<string | null> {
      const [row] = await unprocessedByKey.execute({ dedupeKey });
      return row?.id ?? null;
    },
  };
}
export type WebhookEvents = ReturnType<typeof createWebhookEvents>;

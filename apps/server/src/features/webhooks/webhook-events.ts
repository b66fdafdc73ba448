import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The outbox event of a stored push (key: its id); `webhooks.process-event` is its job. */
export const PUSH_RECEIVED = 'push.received';

/** The platforms' pushes as stored: once per dedupe key, each with its outbox event. */
export function createWebhookEvents(db: Db) {
  return {
    /**
     * Stores a push and its outbox event in one statement (one transaction: a stored push is always
     * relayed to its job): the event's id, or null when the key was stored before.
     */
    async store(provider: string, dedupeKey: string, raw: string): Promise<string | null> {
      const stored = (await db.execute(sql`with stored as (
          insert into webhook_events (provider, dedupe_key, payload)
          values (${provider}, ${dedupeKey}, ${JSON.stringify({ raw })}::jsonb)
          on conflict (dedupe_key) do nothing
          returning id)
        insert into outbox (kind, key, payload)
          select ${PUSH_RECEIVED}, id::text, jsonb_build_object('eventId', id::text) from stored
        returning key`)) as unknown as { rows: { key: string }[] };
      return stored.rows[0]?.key ?? null;
    },

    /**
     * A push was handled: marked processed, and its outbox event acknowledged in the same
     * statement (the job acknowledges its own event: a push is never published again).
     */
    async processed(eventId: string) {
      await db.execute(sql`with processed as (
          update webhook_events set processed_at = now() where id = ${eventId})
        delete from outbox where kind = ${PUSH_RECEIVED} and key = ${eventId}`);
    },
  };
}
export type WebhookEvents = ReturnType<typeof createWebhookEvents>;

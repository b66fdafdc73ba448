-- Issue 27.2: the last two hand-made outboxes join the one outbox (decision 0033).
-- A reply of the shop stored 'pending' is an event, 'reply.stored', written by the database in the
-- transaction that stores it (or puts a failed one back to pending) and removed in the one that
-- settles it (sent or failed): no statement more per reply. It is relayed only if the reply is still
-- pending 2 minutes on (PENDING_STUCK_AFTER_MS, pinned by a test): a crash cut its send off.
CREATE FUNCTION "reply_stored_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'pending' THEN
    INSERT INTO outbox (kind, key, payload, next_at)
      VALUES ('reply.stored', NEW.id::text, jsonb_build_object('messageId', NEW.id::text),
        now() + interval '2 minutes')
      ON CONFLICT (kind, key) DO UPDATE SET payload = excluded.payload, created_at = now(), next_at = excluded.next_at,
        claimed_at = NULL, attempts = 0, dead_at = NULL, error = NULL;
  ELSE
    DELETE FROM outbox WHERE kind = 'reply.stored' AND key = NEW.id::text;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_reply_stored_insert" AFTER INSERT ON "messages"
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION "reply_stored_event"();--> statement-breakpoint
CREATE TRIGGER "messages_reply_stored_update" AFTER UPDATE OF "status" ON "messages"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND (OLD.status = 'pending' OR NEW.status = 'pending'))
  EXECUTE FUNCTION "reply_stored_event"();--> statement-breakpoint
-- Replies pending now, and files being read now, are owed their events (relayed at the first start).
INSERT INTO "outbox" ("kind", "key", "payload")
  SELECT 'reply.stored', "id"::text, jsonb_build_object('messageId', "id"::text) FROM "messages" WHERE "status" = 'pending'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "outbox" ("kind", "key", "payload")
  SELECT 'file.uploaded', "id"::text, jsonb_build_object('fileId', "id"::text) FROM "knowledge_files" WHERE "status" = 'processing'
  ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP INDEX "messages_pending_idx";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "settle_tries";--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "tried_at";

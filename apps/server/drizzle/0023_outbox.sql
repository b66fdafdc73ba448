-- Issue 27.2: one transactional outbox (decision 0027). Features write the domain events they make
-- true in the same transaction; one relay moves them to the queue, one sweeper re-relays lost ones
-- and keeps dead letters. It replaces the sweeps of answers_due and webhook_events.
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"dead_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_kind_key_uq" ON "outbox" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "outbox_unclaimed_idx" ON "outbox" USING btree ("next_at") WHERE "claimed_at" IS NULL AND "dead_at" IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_claimed_idx" ON "outbox" USING btree ("claimed_at") WHERE "claimed_at" IS NOT NULL AND "dead_at" IS NULL;--> statement-breakpoint
-- What a running installation owes moves onto the outbox: answers still due, shops' passes over
-- waiting shoppers, stored pushes not processed yet (each relayed at the first start).
INSERT INTO "outbox" ("kind", "key", "payload")
	SELECT 'message.received', "message_id"::text, jsonb_build_object('messageId', "message_id"::text) FROM "answers_due"
	ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "outbox" ("kind", "key", "payload")
	SELECT 'shop.bot-enabled', "id"::text, jsonb_build_object('shopId', "id"::text) FROM "shops" WHERE "waiting_pass_at" IS NOT NULL
	ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "outbox" ("kind", "key", "payload")
	SELECT 'push.received', "id"::text, jsonb_build_object('eventId', "id"::text) FROM "webhook_events" WHERE "processed_at" IS NULL
	ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "answers_due" DROP COLUMN "sweeps";--> statement-breakpoint
ALTER TABLE "webhook_events" DROP COLUMN "sweeps";

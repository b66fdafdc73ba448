CREATE TABLE "saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"shortcut" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "handover_code" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "last_from" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "awaiting_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "reply_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "snoozed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "response_window_hours" integer;--> statement-breakpoint
ALTER TABLE "saved_replies" ADD CONSTRAINT "saved_replies_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_replies_merchant_shortcut_uq" ON "saved_replies" USING btree ("merchant_id","shortcut");--> statement-breakpoint
CREATE INDEX "conversations_needs_you_idx" ON "conversations" USING btree ("shop_id","reply_due_at","latest_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"handed_over","bot_enabled","snoozed_until") WHERE resolved_at is null and (handed_over or last_from = 'customer');--> statement-breakpoint
CREATE INDEX "conversations_unread_idx" ON "conversations" USING btree ("shop_id","latest_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"snoozed_until") WHERE resolved_at is null and unread_count > 0;--> statement-breakpoint
CREATE INDEX "conversations_resolved_idx" ON "conversations" USING btree ("shop_id","latest_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE resolved_at is not null;--> statement-breakpoint
CREATE INDEX "conversations_snoozed_idx" ON "conversations" USING btree ("snoozed_until") WHERE snoozed_until is not null;--> statement-breakpoint
CREATE INDEX "conversations_customer_name_trgm_idx" ON "conversations" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_text_trgm_idx" ON "messages" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
UPDATE "conversations" c SET "last_from" = (SELECT m."sender" FROM "messages" m WHERE m."conversation_id" = c."id" ORDER BY m."sent_at" DESC, m."id" DESC LIMIT 1);--> statement-breakpoint
UPDATE "conversations" c SET "handover_code" = (SELECT e."reason" FROM "conversation_events" e WHERE e."conversation_id" = c."id" AND e."kind" = 'handover' ORDER BY e."at" DESC LIMIT 1) WHERE c."handed_over";

DROP INDEX "messages_pending_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "settle_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tried_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_pending_idx" ON "messages" USING btree ("tried_at" NULLS FIRST,"created_at") WHERE status = 'pending';
DROP INDEX "conversations_shop_latest_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_sent_idx";--> statement-breakpoint
CREATE INDEX "conversations_shop_latest_idx" ON "conversations" USING btree ("shop_id","latest_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_conversation_sent_idx" ON "messages" USING btree ("conversation_id","sent_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
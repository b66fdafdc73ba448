CREATE TABLE "answers_due" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sweeps" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "sweeps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "answers_due" ADD CONSTRAINT "answers_due_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "answers_due" ADD CONSTRAINT "answers_due_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_pending_idx" ON "messages" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_events_unprocessed_idx" ON "webhook_events" USING btree ("received_at") WHERE processed_at is null;
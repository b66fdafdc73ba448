-- Issue 28.6 and 28.7: shoppers rate the help, and business hours (decision 0025).
ALTER TABLE "shops" ADD COLUMN "business_hours" jsonb;--> statement-breakpoint
ALTER TABLE "insight_chats" ADD COLUMN "human_open_ms" integer;--> statement-breakpoint
ALTER TABLE "insight_days" ADD COLUMN "ratings_bot" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "insight_days" ADD COLUMN "ratings_agent" integer[] DEFAULT '{0,0,0,0,0}' NOT NULL;--> statement-breakpoint
CREATE TABLE "conversation_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"resolved_at" timestamp with time zone NOT NULL,
	"stars" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"answered_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_ratings_stars_check" CHECK ("stars" BETWEEN 1 AND 5)
);
--> statement-breakpoint
ALTER TABLE "conversation_ratings" ADD CONSTRAINT "conversation_ratings_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_ratings" ADD CONSTRAINT "conversation_ratings_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversation_ratings_resolution_uq" ON "conversation_ratings" USING btree ("conversation_id","resolved_at");--> statement-breakpoint
CREATE INDEX "conversation_ratings_shop_created_idx" ON "conversation_ratings" USING btree ("shop_id","created_at");--> statement-breakpoint
-- A rating changes its day's figures: its hour is queued as vouchers' are (migration 0009).
CREATE FUNCTION "insight_ratings_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "insight_dirty_hours" AS q ("shop_id", "hour")
    SELECT DISTINCT r."shop_id", date_trunc('hour', r."created_at", 'UTC') FROM "changed" r
    WHERE EXISTS (SELECT 1 FROM "shops" s WHERE s."id" = r."shop_id") ORDER BY 1, 2
    ON CONFLICT ("shop_id", "hour") DO UPDATE SET "version" = q."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversation_ratings_insights_insert" AFTER INSERT ON "conversation_ratings"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "insight_ratings_changed"();--> statement-breakpoint
CREATE TRIGGER "conversation_ratings_insights_delete" AFTER DELETE ON "conversation_ratings"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "insight_ratings_changed"();

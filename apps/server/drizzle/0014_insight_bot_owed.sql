CREATE TABLE "shop_bot_switches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"enabled" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_chats" ADD COLUMN "bot_owed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insight_chats" ADD COLUMN "bot_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shop_bot_switches" ADD CONSTRAINT "shop_bot_switches_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_bot_switches_shop_at_idx" ON "shop_bot_switches" USING btree ("shop_id","at");--> statement-breakpoint
-- Each change of a shop's bot switch, as it happens (decision 0010: the bot's first response counts
-- from when the bot was on for the chat). Only real changes: the value before the first one recorded
-- is the opposite of it.
CREATE FUNCTION "shop_bot_switch_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "shop_bot_switches" ("shop_id", "enabled") VALUES (NEW."id", NEW."default_bot_status");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "shops_bot_switch_update" AFTER UPDATE OF "default_bot_status" ON "shops"
  FOR EACH ROW WHEN (OLD."default_bot_status" IS DISTINCT FROM NEW."default_bot_status")
  EXECUTE FUNCTION "shop_bot_switch_changed"();--> statement-breakpoint
-- Chats counted before: the bot's time as it was counted then (from the chat's first message),
-- and the conversations whose own switch or hand-back the record holds are counted again.
UPDATE "insight_chats" SET "bot_owed_at" = "started_at", "bot_answered_at" = "first_bot_at"
  WHERE "first_bot_at" IS NOT NULL;--> statement-breakpoint
INSERT INTO "insight_dirty" AS d ("conversation_id", "shop_id", "since")
  SELECT "conversation_id", "shop_id", min("at") FROM "conversation_events"
  WHERE "kind" IN ('bot_enabled', 'bot_disabled', 'handed_back') GROUP BY 1, 2
  ON CONFLICT ("conversation_id") DO UPDATE SET "since" = least(d."since", excluded."since"), "version" = d."version" + 1;

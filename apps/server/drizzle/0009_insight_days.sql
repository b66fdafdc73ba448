CREATE TABLE "insight_days" (
	"shop_id" uuid NOT NULL,
	"day" date NOT NULL,
	"chats" integer DEFAULT 0 NOT NULL,
	"bot_resolved" integer DEFAULT 0 NOT NULL,
	"handed_over" integer DEFAULT 0 NOT NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	"bot_n" integer DEFAULT 0 NOT NULL,
	"bot_p50" real,
	"bot_p90" real,
	"bot_values" integer[] DEFAULT '{}' NOT NULL,
	"bot_counts" integer[] DEFAULT '{}' NOT NULL,
	"human_n" integer DEFAULT 0 NOT NULL,
	"human_p50" real,
	"human_p90" real,
	"human_values" integer[] DEFAULT '{}' NOT NULL,
	"human_counts" integer[] DEFAULT '{}' NOT NULL,
	"window_answered" integer DEFAULT 0 NOT NULL,
	"window_within" integer DEFAULT 0 NOT NULL,
	"window_unanswered" integer DEFAULT 0 NOT NULL,
	"settled_until" timestamp with time zone,
	"shopper_messages" integer DEFAULT 0 NOT NULL,
	"hourly" integer[] DEFAULT '{}' NOT NULL,
	"vouchers" integer DEFAULT 0 NOT NULL,
	"reasons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sources" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "insight_days_shop_id_day_pk" PRIMARY KEY("shop_id","day")
);
--> statement-breakpoint
CREATE TABLE "insight_dirty_hours" (
	"shop_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_dirty_hours_shop_id_hour_pk" PRIMARY KEY("shop_id","hour")
);
--> statement-breakpoint
CREATE TABLE "insight_versions" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_days" ADD CONSTRAINT "insight_days_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_dirty_hours" ADD CONSTRAINT "insight_dirty_hours_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_versions" ADD CONSTRAINT "insight_versions_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The hours whose shopper messages, vouchers or answer sources changed are queued for the job,
-- which recomputes their days in each shop's time zone (decision 0010).
CREATE OR REPLACE FUNCTION "insight_messages_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "insight_hours" AS h ("shop_id", "hour", "shopper_messages")
    SELECT "shop_id", date_trunc('hour', "sent_at", 'UTC'), count(*) FROM "added"
    WHERE "sender" = 'customer' GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("shop_id", "hour") DO UPDATE SET "shopper_messages" = h."shopper_messages" + excluded."shopper_messages";
  INSERT INTO "insight_dirty_hours" AS q ("shop_id", "hour")
    SELECT DISTINCT "shop_id", date_trunc('hour', "sent_at", 'UTC') FROM "added" WHERE "sender" = 'customer' ORDER BY 1, 2
    ON CONFLICT ("shop_id", "hour") DO UPDATE SET "version" = q."version" + 1;
  INSERT INTO "insight_dirty" AS d ("conversation_id", "shop_id", "since")
    SELECT "conversation_id", "shop_id", min("sent_at") FROM "added" GROUP BY 1, 2 ORDER BY 1
    ON CONFLICT ("conversation_id") DO UPDATE SET "since" = least(d."since", excluded."since"), "version" = d."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "insight_messages_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "insight_hours" h SET "shopper_messages" = h."shopper_messages" - r."n"
    FROM (SELECT "shop_id", date_trunc('hour', "sent_at", 'UTC') AS "hour", count(*) AS "n" FROM "removed"
          WHERE "sender" = 'customer' GROUP BY 1, 2 ORDER BY 1, 2) r
    WHERE h."shop_id" = r."shop_id" AND h."hour" = r."hour";
  INSERT INTO "insight_dirty_hours" AS q ("shop_id", "hour")
    SELECT DISTINCT r."shop_id", date_trunc('hour', r."sent_at", 'UTC') FROM "removed" r
    WHERE r."sender" = 'customer' AND EXISTS (SELECT 1 FROM "shops" s WHERE s."id" = r."shop_id") ORDER BY 1, 2
    ON CONFLICT ("shop_id", "hour") DO UPDATE SET "version" = q."version" + 1;
  INSERT INTO "insight_dirty" AS d ("conversation_id", "shop_id", "since")
    SELECT r."conversation_id", r."shop_id", min(r."sent_at") FROM "removed" r
    WHERE EXISTS (SELECT 1 FROM "conversations" c WHERE c."id" = r."conversation_id")
    GROUP BY 1, 2 ORDER BY 1
    ON CONFLICT ("conversation_id") DO UPDATE SET "since" = least(d."since", excluded."since"), "version" = d."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "insight_answers_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH counted AS (
    SELECT a."shop_id", date_trunc('hour', a."created_at", 'UTC') AS "hour", src."kind", src."name", count(*) AS "n"
    FROM "added" a
    CROSS JOIN LATERAL (
      SELECT DISTINCT e->>'kind' AS "kind", e->>'name' AS "name"
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(a."sources") = 'array' THEN a."sources" ELSE '[]'::jsonb END) e
      WHERE e->>'kind' IN ('topic', 'file') AND coalesce(e->>'name', '') <> ''
    ) src
    WHERE a."handover" IS NULL
      AND EXISTS (SELECT 1 FROM "conversations" c WHERE c."shop_id" = a."shop_id" AND c."external_id" = a."conversation")
    GROUP BY 1, 2, 3, 4
  ), sources AS (
    INSERT INTO "insight_sources" AS s ("shop_id", "hour", "kind", "name", "answers")
      SELECT * FROM counted ORDER BY 1, 2, 3, 4
      ON CONFLICT ("shop_id", "hour", "kind", "name") DO UPDATE SET "answers" = s."answers" + excluded."answers"
  )
  INSERT INTO "insight_dirty_hours" AS q ("shop_id", "hour")
    SELECT DISTINCT "shop_id", "hour" FROM counted ORDER BY 1, 2
    ON CONFLICT ("shop_id", "hour") DO UPDATE SET "version" = q."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "insight_vouchers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "insight_dirty_hours" AS q ("shop_id", "hour")
    SELECT DISTINCT v."shop_id", date_trunc('hour', v."sent_at", 'UTC') FROM "changed" v
    WHERE EXISTS (SELECT 1 FROM "shops" s WHERE s."id" = v."shop_id") ORDER BY 1, 2
    ON CONFLICT ("shop_id", "hour") DO UPDATE SET "version" = q."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "vouchers_sent_insights_insert" AFTER INSERT ON "vouchers_sent"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "insight_vouchers_changed"();--> statement-breakpoint
CREATE TRIGGER "vouchers_sent_insights_delete" AFTER DELETE ON "vouchers_sent"
  REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "insight_vouchers_changed"();--> statement-breakpoint
-- What is already stored: every hour with a count is queued once.
INSERT INTO "insight_dirty_hours" ("shop_id", "hour")
  SELECT "shop_id", "hour" FROM "insight_hours"
  UNION SELECT "shop_id", "hour" FROM "insight_sources"
  UNION SELECT "shop_id", date_trunc('hour', "sent_at", 'UTC') FROM "vouchers_sent";

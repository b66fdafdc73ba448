CREATE TABLE "insight_chats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_shopper_at" timestamp with time zone NOT NULL,
	"shopper_messages" integer NOT NULL,
	"bot_replies" integer NOT NULL,
	"agent_replies" integer NOT NULL,
	"first_bot_at" timestamp with time zone,
	"first_agent_at" timestamp with time zone,
	"handed_over" boolean NOT NULL,
	"handover_reason" text,
	"bot_resolved" boolean NOT NULL,
	"response_deadline" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "insight_dirty" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insight_hours" (
	"shop_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"shopper_messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_hours_shop_id_hour_pk" PRIMARY KEY("shop_id","hour")
);
--> statement-breakpoint
CREATE TABLE "insight_sources" (
	"shop_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "insight_sources_shop_id_hour_kind_name_pk" PRIMARY KEY("shop_id","hour","kind","name")
);
--> statement-breakpoint
CREATE TABLE "knowledge_gap_marks" (
	"answer_id" bigint PRIMARY KEY NOT NULL,
	"shop_id" uuid NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insight_chats" ADD CONSTRAINT "insight_chats_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_chats" ADD CONSTRAINT "insight_chats_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_dirty" ADD CONSTRAINT "insight_dirty_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_dirty" ADD CONSTRAINT "insight_dirty_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_hours" ADD CONSTRAINT "insight_hours_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_sources" ADD CONSTRAINT "insight_sources_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_gap_marks" ADD CONSTRAINT "knowledge_gap_marks_answer_id_bot_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."bot_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_gap_marks" ADD CONSTRAINT "knowledge_gap_marks_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_chats_shop_started_idx" ON "insight_chats" USING btree ("shop_id","started_at");--> statement-breakpoint
CREATE INDEX "insight_chats_conversation_idx" ON "insight_chats" USING btree ("conversation_id","started_at");--> statement-breakpoint
CREATE INDEX "knowledge_gap_marks_shop_idx" ON "knowledge_gap_marks" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "bot_answers_handover_idx" ON "bot_answers" USING btree ("shop_id","created_at") WHERE "bot_answers"."handover" is not null;--> statement-breakpoint
-- Insights rollups (decision 0010). Each statement on messages, conversation_events and
-- bot_answers adjusts the hourly counts and queues the conversations it touched, in its own
-- transaction; the insights.refresh job recomputes queued conversations' chats. Rows are taken in
-- key order so two writers never lock the same rollup rows in opposite orders.
CREATE FUNCTION "insight_messages_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "insight_hours" AS h ("shop_id", "hour", "shopper_messages")
    SELECT "shop_id", date_trunc('hour', "sent_at", 'UTC'), count(*) FROM "added"
    WHERE "sender" = 'customer' GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("shop_id", "hour") DO UPDATE SET "shopper_messages" = h."shopper_messages" + excluded."shopper_messages";
  INSERT INTO "insight_dirty" AS d ("conversation_id", "shop_id", "since")
    SELECT "conversation_id", "shop_id", min("sent_at") FROM "added" GROUP BY 1, 2 ORDER BY 1
    ON CONFLICT ("conversation_id") DO UPDATE SET "since" = least(d."since", excluded."since"), "version" = d."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "insight_messages_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "insight_dirty" AS d ("conversation_id", "shop_id", "since")
    SELECT "conversation_id", "shop_id", min("sent_at") FROM "changed" GROUP BY 1, 2 ORDER BY 1
    ON CONFLICT ("conversation_id") DO UPDATE SET "since" = least(d."since", excluded."since"), "version" = d."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "insight_messages_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "insight_hours" h SET "shopper_messages" = h."shopper_messages" - r."n"
    FROM (SELECT "shop_id", date_trunc('hour', "sent_at", 'UTC') AS "hour", count(*) AS "n" FROM "removed"
          WHERE "sender" = 'customer' GROUP BY 1, 2 ORDER BY 1, 2) r
    WHERE h."shop_id" = r."shop_id" AND h."hour" = r."hour";
  -- A conversation deleted with its messages takes its chats with it: nothing to queue.
  INSERT INTO "insight_dirty" AS d ("conversation_id", "shop_id", "since")
    SELECT r."conversation_id", r."shop_id", min(r."sent_at") FROM "removed" r
    WHERE EXISTS (SELECT 1 FROM "conversations" c WHERE c."id" = r."conversation_id")
    GROUP BY 1, 2 ORDER BY 1
    ON CONFLICT ("conversation_id") DO UPDATE SET "since" = least(d."since", excluded."since"), "version" = d."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_insights_insert" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "insight_messages_added"();--> statement-breakpoint
CREATE TRIGGER "messages_insights_update" AFTER UPDATE ON "messages"
  REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "insight_messages_changed"();--> statement-breakpoint
CREATE TRIGGER "messages_insights_delete" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "insight_messages_removed"();--> statement-breakpoint
CREATE FUNCTION "insight_events_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "insight_dirty" AS d ("conversation_id", "shop_id", "since")
    SELECT "conversation_id", "shop_id", min("at") FROM "added" GROUP BY 1, 2 ORDER BY 1
    ON CONFLICT ("conversation_id") DO UPDATE SET "since" = least(d."since", excluded."since"), "version" = d."version" + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversation_events_insights_insert" AFTER INSERT ON "conversation_events"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "insight_events_added"();--> statement-breakpoint
-- Answers to shoppers only: the simulator's conversations are not conversations of the shop.
CREATE FUNCTION "insight_answers_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "insight_sources" AS s ("shop_id", "hour", "kind", "name", "answers")
    SELECT a."shop_id", date_trunc('hour', a."created_at", 'UTC'), src."kind", src."name", count(*)
    FROM "added" a
    CROSS JOIN LATERAL (
      SELECT DISTINCT e->>'kind' AS "kind", e->>'name' AS "name"
      FROM jsonb_array_elements(CASE WHEN jsonb_typeof(a."sources") = 'array' THEN a."sources" ELSE '[]'::jsonb END) e
      WHERE e->>'kind' IN ('topic', 'file') AND coalesce(e->>'name', '') <> ''
    ) src
    WHERE a."handover" IS NULL
      AND EXISTS (SELECT 1 FROM "conversations" c WHERE c."shop_id" = a."shop_id" AND c."external_id" = a."conversation")
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("shop_id", "hour", "kind", "name") DO UPDATE SET "answers" = s."answers" + excluded."answers";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "bot_answers_insights_insert" AFTER INSERT ON "bot_answers"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "insight_answers_added"();--> statement-breakpoint
-- What is already stored: the triggers' locks hold writers until this migration commits.
INSERT INTO "insight_hours" ("shop_id", "hour", "shopper_messages")
  SELECT "shop_id", date_trunc('hour', "sent_at", 'UTC'), count(*) FROM "messages"
  WHERE "sender" = 'customer' GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "insight_sources" ("shop_id", "hour", "kind", "name", "answers")
  SELECT a."shop_id", date_trunc('hour', a."created_at", 'UTC'), src."kind", src."name", count(*)
  FROM "bot_answers" a
  CROSS JOIN LATERAL (
    SELECT DISTINCT e->>'kind' AS "kind", e->>'name' AS "name"
    FROM jsonb_array_elements(CASE WHEN jsonb_typeof(a."sources") = 'array' THEN a."sources" ELSE '[]'::jsonb END) e
    WHERE e->>'kind' IN ('topic', 'file') AND coalesce(e->>'name', '') <> ''
  ) src
  WHERE a."handover" IS NULL
    AND EXISTS (SELECT 1 FROM "conversations" c WHERE c."shop_id" = a."shop_id" AND c."external_id" = a."conversation")
  GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO "insight_dirty" ("conversation_id", "shop_id", "since")
  SELECT "conversation_id", "shop_id", min("sent_at") FROM "messages" GROUP BY 1, 2;

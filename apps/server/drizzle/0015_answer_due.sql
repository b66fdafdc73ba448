-- Nothing stranded (issue 26.1, decision 0013): a conversation whose shopper wrote last is the bot's
-- only while the bot owes them a decision (an answers_due row of the conversation); otherwise it is
-- in "Needs you", whatever the switch says.
ALTER TABLE "answers_due" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
UPDATE "answers_due" d SET "conversation_id" = m."conversation_id" FROM "messages" m WHERE m."id" = d."message_id";--> statement-breakpoint
ALTER TABLE "answers_due" ALTER COLUMN "conversation_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "answers_due" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "answer_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "waiting_pass_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "answers_due" ADD CONSTRAINT "answers_due_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "answers_due_conversation_idx" ON "answers_due" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "shops_waiting_pass_idx" ON "shops" USING btree ("waiting_pass_at") WHERE waiting_pass_at is not null;--> statement-breakpoint
DROP INDEX "conversations_needs_you_idx";--> statement-breakpoint
CREATE INDEX "conversations_needs_you_idx" ON "conversations" USING btree ("shop_id","reply_due_at","latest_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"handed_over","bot_enabled","answer_due","snoozed_until") WHERE resolved_at is null and (handed_over or last_from = 'customer');--> statement-breakpoint
-- The counts (decision 0015) by the same rule as views.service.ts's viewCondition and inbox-row.ts:
-- needs you = handed over, or the shopper wrote last and the bot owes nothing or is off for the chat;
-- needs_you_if_bot_off = what needs you besides when the shop's switch is off (an inheriting chat
-- whose shopper the bot owes an answer).
CREATE FUNCTION "inbox_tally_of"("resolved_at" timestamptz, "snoozed_until" timestamptz, "handed_over" boolean,
    "last_from" text, "bot_enabled" boolean, "answer_due" boolean, "unread_count" integer,
    OUT "needs_you" integer, OUT "needs_you_if_bot_off" integer, OUT "unread" integer)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT
    CASE WHEN $1 IS NULL AND $2 IS NULL AND ($3 OR ($4 = 'customer' AND ($5 IS FALSE OR NOT $6))) THEN 1 ELSE 0 END,
    CASE WHEN $1 IS NULL AND $2 IS NULL AND NOT $3 AND $4 = 'customer' AND $5 IS NULL AND $6 THEN 1 ELSE 0 END,
    CASE WHEN $1 IS NULL AND $2 IS NULL AND $7 > 0 THEN 1 ELSE 0 END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "inbox_conversations_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inbox_tallies" ("shop_id", "needs_you", "needs_you_if_bot_off", "unread")
    SELECT a."shop_id", sum(t."needs_you"), sum(t."needs_you_if_bot_off"), sum(t."unread")
    FROM "added" a
    CROSS JOIN LATERAL "inbox_tally_of"(a."resolved_at", a."snoozed_until", a."handed_over", a."last_from",
      a."bot_enabled", a."answer_due", a."unread_count") t
    GROUP BY 1
    HAVING sum(t."needs_you") <> 0 OR sum(t."needs_you_if_bot_off") <> 0 OR sum(t."unread") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "inbox_conversations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inbox_tallies" ("shop_id", "needs_you", "needs_you_if_bot_off", "unread")
    SELECT d."shop_id", sum(d."needs_you"), sum(d."needs_you_if_bot_off"), sum(d."unread")
    FROM (
      SELECT a."shop_id", t."needs_you", t."needs_you_if_bot_off", t."unread"
      FROM "after" a
      CROSS JOIN LATERAL "inbox_tally_of"(a."resolved_at", a."snoozed_until", a."handed_over", a."last_from",
        a."bot_enabled", a."answer_due", a."unread_count") t
      UNION ALL
      SELECT b."shop_id", -t."needs_you", -t."needs_you_if_bot_off", -t."unread"
      FROM "before" b
      CROSS JOIN LATERAL "inbox_tally_of"(b."resolved_at", b."snoozed_until", b."handed_over", b."last_from",
        b."bot_enabled", b."answer_due", b."unread_count") t
    ) d
    GROUP BY 1
    HAVING sum(d."needs_you") <> 0 OR sum(d."needs_you_if_bot_off") <> 0 OR sum(d."unread") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "inbox_conversations_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inbox_tallies" ("shop_id", "needs_you", "needs_you_if_bot_off", "unread")
    SELECT r."shop_id", -sum(t."needs_you"), -sum(t."needs_you_if_bot_off"), -sum(t."unread")
    FROM "removed" r
    CROSS JOIN LATERAL "inbox_tally_of"(r."resolved_at", r."snoozed_until", r."handed_over", r."last_from",
      r."bot_enabled", r."answer_due", r."unread_count") t
    WHERE EXISTS (SELECT 1 FROM "shops" s WHERE s."id" = r."shop_id")
    GROUP BY 1
    HAVING sum(t."needs_you") <> 0 OR sum(t."needs_you_if_bot_off") <> 0 OR sum(t."unread") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP FUNCTION "inbox_tally_of"(timestamptz, timestamptz, boolean, text, boolean, integer);--> statement-breakpoint
-- Conversations whose shopper the bot owes a decision now (the rest of them waited with nothing due:
-- they are in "Needs you" from now on), then every shop's counts taken again under the new rule.
UPDATE "conversations" c SET "answer_due" = true
  WHERE EXISTS (SELECT 1 FROM "answers_due" d WHERE d."conversation_id" = c."id");--> statement-breakpoint
DELETE FROM "inbox_tallies";--> statement-breakpoint
INSERT INTO "inbox_tallies" ("shop_id", "needs_you", "needs_you_if_bot_off", "unread")
  SELECT c."shop_id", sum(t."needs_you"), sum(t."needs_you_if_bot_off"), sum(t."unread")
  FROM "conversations" c
  CROSS JOIN LATERAL "inbox_tally_of"(c."resolved_at", c."snoozed_until", c."handed_over", c."last_from",
    c."bot_enabled", c."answer_due", c."unread_count") t
  GROUP BY 1
  HAVING sum(t."needs_you") <> 0 OR sum(t."needs_you_if_bot_off") <> 0 OR sum(t."unread") <> 0;

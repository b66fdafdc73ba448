-- Issues 28.3 and 28.5 (decision 0024): draft mode and the summary for the person who takes over.
-- A bot's draft waits in "bot_drafts" until a person sends, edits and sends, or discards it; the
-- conversation's "draft_until" puts the chat in the Drafts state until its response window runs low,
-- then in Needs you. "handover_summary" is what the person taking over reads first.
CREATE TABLE "bot_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"reply_to" uuid NOT NULL,
	"text" text NOT NULL,
	"confidence" real NOT NULL,
	"handover" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"handled_at" timestamp with time zone,
	"outcome" text,
	"message_id" uuid,
	CONSTRAINT "bot_drafts_reply_to_unique" UNIQUE("reply_to")
);
--> statement-breakpoint
ALTER TABLE "bot_drafts" ADD CONSTRAINT "bot_drafts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_drafts" ADD CONSTRAINT "bot_drafts_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_drafts" ADD CONSTRAINT "bot_drafts_reply_to_messages_id_fk" FOREIGN KEY ("reply_to") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_drafts" ADD CONSTRAINT "bot_drafts_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_drafts_waiting_idx" ON "bot_drafts" USING btree ("conversation_id","created_at") WHERE handled_at is null;--> statement-breakpoint
CREATE INDEX "bot_drafts_shop_waiting_idx" ON "bot_drafts" USING btree ("shop_id","created_at") WHERE handled_at is null;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "draft_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "handover_summary" jsonb;--> statement-breakpoint
DROP TRIGGER "conversations_inbox_insert" ON "conversations";--> statement-breakpoint
DROP TRIGGER "conversations_inbox_update" ON "conversations";--> statement-breakpoint
DROP TRIGGER "conversations_inbox_delete" ON "conversations";--> statement-breakpoint
DROP FUNCTION "inbox_conversations_added"();--> statement-breakpoint
DROP FUNCTION "inbox_conversations_changed"();--> statement-breakpoint
DROP FUNCTION "inbox_conversations_removed"();--> statement-breakpoint
DROP FUNCTION "inbox_tally_of"(timestamptz, timestamptz, timestamptz, timestamptz, boolean, text, boolean, boolean, integer, timestamptz);--> statement-breakpoint
DROP TABLE "inbox_tallies";--> statement-breakpoint
CREATE TABLE "inbox_tallies" (
	"shop_id" uuid NOT NULL,
	"needs_you_on" integer NOT NULL,
	"needs_you_off" integer NOT NULL,
	"drafts" integer NOT NULL,
	"waiting" integer NOT NULL,
	"snoozed" integer NOT NULL,
	"bot_on" integer NOT NULL,
	"bot_off" integer NOT NULL,
	"unread" integer NOT NULL,
	"resolved" integer NOT NULL,
	"all" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_tallies" ADD CONSTRAINT "inbox_tallies_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_tallies_shop_idx" ON "inbox_tallies" USING btree ("shop_id");--> statement-breakpoint
-- The views' indexes (views.service.ts): each holds every column its view's condition reads.
DROP INDEX "conversations_needs_you_idx";--> statement-breakpoint
CREATE INDEX "conversations_needs_you_idx" ON "conversations" USING btree ("shop_id","reply_due_at","latest_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"handed_over","last_from","bot_enabled","answer_due","snoozed_until","woke_at","draft_until") WHERE resolved_at is null and (handed_over or last_from = 'customer' or woke_at is not null or snoozed_until is not null);--> statement-breakpoint
DROP INDEX "conversations_waiting_idx";--> statement-breakpoint
CREATE INDEX "conversations_waiting_idx" ON "conversations" USING btree ("shop_id","latest_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"handed_over","last_from","bot_enabled","answer_due","snoozed_until","woke_at","draft_until") WHERE resolved_at is null and last_from is distinct from 'customer';--> statement-breakpoint
CREATE INDEX "conversations_drafts_idx" ON "conversations" USING btree ("shop_id","latest_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"snoozed_until") WHERE resolved_at is null and draft_until is not null;--> statement-breakpoint
CREATE INDEX "conversations_shop_draft_idx" ON "conversations" USING btree ("shop_id","draft_until") WHERE draft_until is not null;--> statement-breakpoint
-- What a conversation adds to its shop's counts: generated from the one rule (views/inbox-state.ts,
-- `tallyFunctionSql`; its test compares this text). `_on`/`_off`: as the shop's switch is.
CREATE FUNCTION "inbox_tally_of"("resolved_at" timestamptz, "snoozed_until" timestamptz,
    "woke_at" timestamptz, "latest_at" timestamptz, "handed_over" boolean, "last_from" text,
    "bot_enabled" boolean, "answer_due" boolean, "unread_count" integer, "draft_until" timestamptz,
    "moment" timestamptz, OUT "needs_you_on" integer, OUT "needs_you_off" integer, OUT "drafts" integer, OUT "waiting" integer, OUT "snoozed" integer, OUT "bot_on" integer, OUT "bot_off" integer, OUT "unread" integer, OUT "resolved" integer, OUT "all" integer)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT
    case when ((resolved_at is null and (snoozed_until is null or snoozed_until <= moment) and ((draft_until is null or draft_until <= moment) or handed_over) and ((handed_over and last_from is distinct from 'agent') or (last_from = 'customer' and (not coalesce(bot_enabled, true) or not answer_due)) or coalesce(case when snoozed_until <= moment then snoozed_until end, woke_at) >= latest_at))) then 1 else 0 end,
    case when ((resolved_at is null and (snoozed_until is null or snoozed_until <= moment) and ((draft_until is null or draft_until <= moment) or handed_over) and ((handed_over and last_from is distinct from 'agent') or (last_from = 'customer' and (not coalesce(bot_enabled, false) or not answer_due)) or coalesce(case when snoozed_until <= moment then snoozed_until end, woke_at) >= latest_at))) then 1 else 0 end,
    case when (draft_until is not null and ((resolved_at is null) and ((snoozed_until is null or snoozed_until <= moment)))) then 1 else 0 end,
    case when ((resolved_at is null and (snoozed_until is null or snoozed_until <= moment) and ((draft_until is null or draft_until <= moment) or handed_over) and ((not handed_over or last_from = 'agent') and (last_from is distinct from 'customer' or (coalesce(bot_enabled, true) and answer_due)) and coalesce(coalesce(case when snoozed_until <= moment then snoozed_until end, woke_at) < latest_at, true)) and last_from is distinct from 'customer')) then 1 else 0 end,
    case when ((resolved_at is null and (snoozed_until is not null and snoozed_until > moment))) then 1 else 0 end,
    case when (coalesce(bot_enabled, true) and not handed_over and ((resolved_at is null and (snoozed_until is null or snoozed_until <= moment) and ((draft_until is null or draft_until <= moment) or handed_over) and ((not handed_over or last_from = 'agent') and (last_from is distinct from 'customer' or (coalesce(bot_enabled, true) and answer_due)) and coalesce(coalesce(case when snoozed_until <= moment then snoozed_until end, woke_at) < latest_at, true))))) then 1 else 0 end,
    case when (coalesce(bot_enabled, false) and not handed_over and ((resolved_at is null and (snoozed_until is null or snoozed_until <= moment) and ((draft_until is null or draft_until <= moment) or handed_over) and ((not handed_over or last_from = 'agent') and (last_from is distinct from 'customer' or (coalesce(bot_enabled, false) and answer_due)) and coalesce(coalesce(case when snoozed_until <= moment then snoozed_until end, woke_at) < latest_at, true))))) then 1 else 0 end,
    case when (unread_count > 0 and ((resolved_at is null) and ((snoozed_until is null or snoozed_until <= moment)))) then 1 else 0 end,
    case when ((resolved_at is not null)) then 1 else 0 end,
    case when true then 1 else 0 end
$$;--> statement-breakpoint
-- Each statement on conversations adds one row of differences per shop it changed the counts of
-- (decision 0015); a snooze or a draft's time never passes in the tallies ('-infinity'): the counts
-- add the passed ones.
CREATE FUNCTION "inbox_conversations_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inbox_tallies" ("shop_id", "needs_you_on", "needs_you_off", "drafts", "waiting", "snoozed", "bot_on", "bot_off", "unread", "resolved", "all")
    SELECT a."shop_id", sum(t."needs_you_on"), sum(t."needs_you_off"), sum(t."drafts"), sum(t."waiting"), sum(t."snoozed"), sum(t."bot_on"), sum(t."bot_off"), sum(t."unread"), sum(t."resolved"), sum(t."all")
    FROM "added" a
    CROSS JOIN LATERAL "inbox_tally_of"(a."resolved_at", a."snoozed_until", a."woke_at", a."latest_at", a."handed_over", a."last_from",
      a."bot_enabled", a."answer_due", a."unread_count", a."draft_until", '-infinity') t
    GROUP BY 1
    HAVING sum(t."needs_you_on") <> 0 OR sum(t."needs_you_off") <> 0 OR sum(t."drafts") <> 0 OR sum(t."waiting") <> 0 OR sum(t."snoozed") <> 0 OR sum(t."bot_on") <> 0 OR sum(t."bot_off") <> 0 OR sum(t."unread") <> 0 OR sum(t."resolved") <> 0 OR sum(t."all") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "inbox_conversations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inbox_tallies" ("shop_id", "needs_you_on", "needs_you_off", "drafts", "waiting", "snoozed", "bot_on", "bot_off", "unread", "resolved", "all")
    SELECT d."shop_id", sum(d."needs_you_on"), sum(d."needs_you_off"), sum(d."drafts"), sum(d."waiting"), sum(d."snoozed"), sum(d."bot_on"), sum(d."bot_off"), sum(d."unread"), sum(d."resolved"), sum(d."all")
    FROM (
      SELECT a."shop_id", t."needs_you_on", t."needs_you_off", t."drafts", t."waiting", t."snoozed", t."bot_on", t."bot_off", t."unread", t."resolved", t."all"
      FROM "after" a
      CROSS JOIN LATERAL "inbox_tally_of"(a."resolved_at", a."snoozed_until", a."woke_at", a."latest_at", a."handed_over", a."last_from",
      a."bot_enabled", a."answer_due", a."unread_count", a."draft_until", '-infinity') t
      UNION ALL
      SELECT b."shop_id", -t."needs_you_on", -t."needs_you_off", -t."drafts", -t."waiting", -t."snoozed", -t."bot_on", -t."bot_off", -t."unread", -t."resolved", -t."all"
      FROM "before" b
      CROSS JOIN LATERAL "inbox_tally_of"(b."resolved_at", b."snoozed_until", b."woke_at", b."latest_at", b."handed_over", b."last_from",
      b."bot_enabled", b."answer_due", b."unread_count", b."draft_until", '-infinity') t
    ) d
    GROUP BY 1
    HAVING sum(d."needs_you_on") <> 0 OR sum(d."needs_you_off") <> 0 OR sum(d."drafts") <> 0 OR sum(d."waiting") <> 0 OR sum(d."snoozed") <> 0 OR sum(d."bot_on") <> 0 OR sum(d."bot_off") <> 0 OR sum(d."unread") <> 0 OR sum(d."resolved") <> 0 OR sum(d."all") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A shop deleted with its conversations takes its counts with it (the foreign key): nothing to add.
CREATE FUNCTION "inbox_conversations_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inbox_tallies" ("shop_id", "needs_you_on", "needs_you_off", "drafts", "waiting", "snoozed", "bot_on", "bot_off", "unread", "resolved", "all")
    SELECT r."shop_id", -sum(t."needs_you_on"), -sum(t."needs_you_off"), -sum(t."drafts"), -sum(t."waiting"), -sum(t."snoozed"), -sum(t."bot_on"), -sum(t."bot_off"), -sum(t."unread"), -sum(t."resolved"), -sum(t."all")
    FROM "removed" r
    CROSS JOIN LATERAL "inbox_tally_of"(r."resolved_at", r."snoozed_until", r."woke_at", r."latest_at", r."handed_over", r."last_from",
      r."bot_enabled", r."answer_due", r."unread_count", r."draft_until", '-infinity') t
    WHERE EXISTS (SELECT 1 FROM "shops" s WHERE s."id" = r."shop_id")
    GROUP BY 1
    HAVING sum(t."needs_you_on") <> 0 OR sum(t."needs_you_off") <> 0 OR sum(t."drafts") <> 0 OR sum(t."waiting") <> 0 OR sum(t."snoozed") <> 0 OR sum(t."bot_on") <> 0 OR sum(t."bot_off") <> 0 OR sum(t."unread") <> 0 OR sum(t."resolved") <> 0 OR sum(t."all") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_inbox_insert" AFTER INSERT ON "conversations"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_conversations_added"();--> statement-breakpoint
CREATE TRIGGER "conversations_inbox_update" AFTER UPDATE ON "conversations"
  REFERENCING OLD TABLE AS "before" NEW TABLE AS "after" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_conversations_changed"();--> statement-breakpoint
CREATE TRIGGER "conversations_inbox_delete" AFTER DELETE ON "conversations"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_conversations_removed"();--> statement-breakpoint
-- What is already stored: the triggers' locks hold writers until this migration commits.
INSERT INTO "inbox_tallies" ("shop_id", "needs_you_on", "needs_you_off", "drafts", "waiting", "snoozed", "bot_on", "bot_off", "unread", "resolved", "all")
  SELECT c."shop_id", sum(t."needs_you_on"), sum(t."needs_you_off"), sum(t."drafts"), sum(t."waiting"), sum(t."snoozed"), sum(t."bot_on"), sum(t."bot_off"), sum(t."unread"), sum(t."resolved"), sum(t."all")
  FROM "conversations" c
  CROSS JOIN LATERAL "inbox_tally_of"(c."resolved_at", c."snoozed_until", c."woke_at", c."latest_at", c."handed_over", c."last_from",
      c."bot_enabled", c."answer_due", c."unread_count", c."draft_until", '-infinity') t
  GROUP BY 1
  HAVING sum(t."needs_you_on") <> 0 OR sum(t."needs_you_off") <> 0 OR sum(t."drafts") <> 0 OR sum(t."waiting") <> 0 OR sum(t."snoozed") <> 0 OR sum(t."bot_on") <> 0 OR sum(t."bot_off") <> 0 OR sum(t."unread") <> 0 OR sum(t."resolved") <> 0 OR sum(t."all") <> 0;

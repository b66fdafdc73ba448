-- Issues 26.2 and 27.3: the views Waiting on the shopper and Snoozed beside Needs you, and one
-- state rule. A snooze that ends (its time, or the shopper's message) leaves the chat in Needs you
-- until someone writes: `woke_at` keeps when it ended.
ALTER TABLE "conversations" ADD COLUMN "woke_at" timestamp with time zone;--> statement-breakpoint
DROP TRIGGER "conversations_inbox_insert" ON "conversations";--> statement-breakpoint
DROP TRIGGER "conversations_inbox_update" ON "conversations";--> statement-breakpoint
DROP TRIGGER "conversations_inbox_delete" ON "conversations";--> statement-breakpoint
DROP FUNCTION "inbox_conversations_added"();--> statement-breakpoint
DROP FUNCTION "inbox_conversations_changed"();--> statement-breakpoint
DROP FUNCTION "inbox_conversations_removed"();--> statement-breakpoint
DROP FUNCTION "inbox_tally_of"(timestamptz, timestamptz, boolean, text, boolean, boolean, integer);--> statement-breakpoint
DROP TABLE "inbox_tallies";--> statement-breakpoint
CREATE TABLE "inbox_tallies" (
	"shop_id" uuid NOT NULL,
	"needs_you_on" integer NOT NULL,
	"needs_you_off" integer NOT NULL,
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
CREATE INDEX "conversations_needs_you_idx" ON "conversations" USING btree ("shop_id","reply_due_at","latest_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"handed_over","last_from","bot_enabled","answer_due","snoozed_until","woke_at") WHERE resolved_at is null and (handed_over or last_from = 'customer' or woke_at is not null or snoozed_until is not null);--> statement-breakpoint
CREATE INDEX "conversations_waiting_idx" ON "conversations" USING btree ("shop_id","latest_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"handed_over","last_from","bot_enabled","answer_due","snoozed_until","woke_at") WHERE resolved_at is null and last_from is distinct from 'customer';--> statement-breakpoint
CREATE INDEX "conversations_snoozed_view_idx" ON "conversations" USING btree ("shop_id","snoozed_until","latest_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE resolved_at is null and snoozed_until is not null;--> statement-breakpoint
-- What a conversation adds to its shop's counts: generated from the one rule (views/inbox-state.ts,
-- `tallyFunctionSql`; its test compares this text). `_on`/`_off`: as the shop's switch is.
CREATE FUNCTION "inbox_tally_of"("resolved_at" timestamptz, "snoozed_until" timestamptz,
    "woke_at" timestamptz, "latest_at" timestamptz, "handed_over" boolean, "last_from" text,
    "bot_enabled" boolean, "answer_due" boolean, "unread_count" integer, "moment" timestamptz,
    OUT "needs_you_on" integer, OUT "needs_you_off" integer, OUT "waiting" integer, OUT "snoozed" integer, OUT "bot_on" integer, OUT "bot_off" integer, OUT "unread" integer, OUT "resolved" integer, OUT "all" integer)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT
    case when ((resolved_at is null and (snoozed_until is null or snoozed_until <= moment) and ((handed_over and last_from is distinct from 'agent') or (last_from = 'customer' and (not coalesce(bot_enabled, true) or not answer_due)) or coalesce(case when snoozed_until <= moment then snoozed_until end, woke_at) >= latest_at))) then 1 else 0 end,
    case when ((resolved_at is null and (snoozed_until is null or snoozed_until <= moment) and ((handed_over and last_from is distinct from 'agent') or (last_from = 'customer' and (not coalesce(bot_enabled, false) or not answer_due)) or coalesce(case when snoozed_until <= moment then snoozed_until end, woke_at) >= latest_at))) then 1 else 0 end,
    case when ((resolved_at is null and (snoozed_until is null or snoozed_until <= moment) and ((not handed_over or last_from = 'agent') and (last_from is distinct from 'customer' or (coalesce(bot_enabled, true) and answer_due)) and coalesce(coalesce(case when snoozed_until <= moment then snoozed_until end, woke_at) < latest_at, true)) and last_from is distinct from 'customer')) then 1 else 0 end,
    case when ((resolved_at is null and (snoozed_until is not null and snoozed_until > moment))) then 1 else 0 end,
    case when (coalesce(bot_enabled, true) and not handed_over and ((resolved_at is null and (snoozed_until is null or snoozed_until <= moment) and ((not handed_over or last_from = 'agent') and (last_from is distinct from 'customer' or (coalesce(bot_enabled, true) and answer_due)) and coalesce(coalesce(case when snoozed_until <= moment then snoozed_until end, woke_at) < latest_at, true))))) then 1 else 0 end,
    case when (coalesce(bot_enabled, false) and not handed_over and ((resolved_at is null and (snoozed_until is null or snoozed_until <= moment) and ((not handed_over or last_from = 'agent') and (last_from is distinct from 'customer' or (coalesce(bot_enabled, false) and answer_due)) and coalesce(coalesce(case when snoozed_until <= moment then snoozed_until end, woke_at) < latest_at, true))))) then 1 else 0 end,
    case when (unread_count > 0 and ((resolved_at is null) and ((snoozed_until is null or snoozed_until <= moment)))) then 1 else 0 end,
    case when ((resolved_at is not null)) then 1 else 0 end,
    case when true then 1 else 0 end
$$;--> statement-breakpoint
-- Each statement on conversations adds one row of differences per shop it changed the counts of
-- (decision 0015); a snooze never passes in the tallies ('-infinity'): the counts add the passed ones.
CREATE FUNCTION "inbox_conversations_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inbox_tallies" ("shop_id", "needs_you_on", "needs_you_off", "waiting", "snoozed", "bot_on", "bot_off", "unread", "resolved", "all")
    SELECT a."shop_id", sum(t."needs_you_on"), sum(t."needs_you_off"), sum(t."waiting"), sum(t."snoozed"), sum(t."bot_on"), sum(t."bot_off"), sum(t."unread"), sum(t."resolved"), sum(t."all")
    FROM "added" a
    CROSS JOIN LATERAL "inbox_tally_of"(a."resolved_at", a."snoozed_until", a."woke_at", a."latest_at", a."handed_over", a."last_from",
      a."bot_enabled", a."answer_due", a."unread_count", '-infinity') t
    GROUP BY 1
    HAVING sum(t."needs_you_on") <> 0 OR sum(t."needs_you_off") <> 0 OR sum(t."waiting") <> 0 OR sum(t."snoozed") <> 0 OR sum(t."bot_on") <> 0 OR sum(t."bot_off") <> 0 OR sum(t."unread") <> 0 OR sum(t."resolved") <> 0 OR sum(t."all") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "inbox_conversations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inbox_tallies" ("shop_id", "needs_you_on", "needs_you_off", "waiting", "snoozed", "bot_on", "bot_off", "unread", "resolved", "all")
    SELECT d."shop_id", sum(d."needs_you_on"), sum(d."needs_you_off"), sum(d."waiting"), sum(d."snoozed"), sum(d."bot_on"), sum(d."bot_off"), sum(d."unread"), sum(d."resolved"), sum(d."all")
    FROM (
      SELECT a."shop_id", t."needs_you_on", t."needs_you_off", t."waiting", t."snoozed", t."bot_on", t."bot_off", t."unread", t."resolved", t."all"
      FROM "after" a
      CROSS JOIN LATERAL "inbox_tally_of"(a."resolved_at", a."snoozed_until", a."woke_at", a."latest_at", a."handed_over", a."last_from",
      a."bot_enabled", a."answer_due", a."unread_count", '-infinity') t
      UNION ALL
      SELECT b."shop_id", -t."needs_you_on", -t."needs_you_off", -t."waiting", -t."snoozed", -t."bot_on", -t."bot_off", -t."unread", -t."resolved", -t."all"
      FROM "before" b
      CROSS JOIN LATERAL "inbox_tally_of"(b."resolved_at", b."snoozed_until", b."woke_at", b."latest_at", b."handed_over", b."last_from",
      b."bot_enabled", b."answer_due", b."unread_count", '-infinity') t
    ) d
    GROUP BY 1
    HAVING sum(d."needs_you_on") <> 0 OR sum(d."needs_you_off") <> 0 OR sum(d."waiting") <> 0 OR sum(d."snoozed") <> 0 OR sum(d."bot_on") <> 0 OR sum(d."bot_off") <> 0 OR sum(d."unread") <> 0 OR sum(d."resolved") <> 0 OR sum(d."all") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A shop deleted with its conversations takes its counts with it (the foreign key): nothing to add.
CREATE FUNCTION "inbox_conversations_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inbox_tallies" ("shop_id", "needs_you_on", "needs_you_off", "waiting", "snoozed", "bot_on", "bot_off", "unread", "resolved", "all")
    SELECT r."shop_id", -sum(t."needs_you_on"), -sum(t."needs_you_off"), -sum(t."waiting"), -sum(t."snoozed"), -sum(t."bot_on"), -sum(t."bot_off"), -sum(t."unread"), -sum(t."resolved"), -sum(t."all")
    FROM "removed" r
    CROSS JOIN LATERAL "inbox_tally_of"(r."resolved_at", r."snoozed_until", r."woke_at", r."latest_at", r."handed_over", r."last_from",
      r."bot_enabled", r."answer_due", r."unread_count", '-infinity') t
    WHERE EXISTS (SELECT 1 FROM "shops" s WHERE s."id" = r."shop_id")
    GROUP BY 1
    HAVING sum(t."needs_you_on") <> 0 OR sum(t."needs_you_off") <> 0 OR sum(t."waiting") <> 0 OR sum(t."snoozed") <> 0 OR sum(t."bot_on") <> 0 OR sum(t."bot_off") <> 0 OR sum(t."unread") <> 0 OR sum(t."resolved") <> 0 OR sum(t."all") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_inbox_insert" AFTER INSERT ON "conversations"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_conversations_added"();--> statement-breakpoint
CREATE TRIGGER "conversations_inbox_update" AFTER UPDATE ON "conversations"
  REFERENCING OLD TABLE AS "before" NEW TABLE AS "after" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_conversations_changed"();--> statement-breakpoint
CREATE TRIGGER "conversations_inbox_delete" AFTER DELETE ON "conversations"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_conversations_removed"();--> statement-breakpoint
-- What is already stored: the triggers' locks hold writers until this migration commits.
INSERT INTO "inbox_tallies" ("shop_id", "needs_you_on", "needs_you_off", "waiting", "snoozed", "bot_on", "bot_off", "unread", "resolved", "all")
  SELECT c."shop_id", sum(t."needs_you_on"), sum(t."needs_you_off"), sum(t."waiting"), sum(t."snoozed"), sum(t."bot_on"), sum(t."bot_off"), sum(t."unread"), sum(t."resolved"), sum(t."all")
  FROM "conversations" c
  CROSS JOIN LATERAL "inbox_tally_of"(c."resolved_at", c."snoozed_until", c."woke_at", c."latest_at", c."handed_over", c."last_from",
      c."bot_enabled", c."answer_due", c."unread_count", '-infinity') t
  GROUP BY 1
  HAVING sum(t."needs_you_on") <> 0 OR sum(t."needs_you_off") <> 0 OR sum(t."waiting") <> 0 OR sum(t."snoozed") <> 0 OR sum(t."bot_on") <> 0 OR sum(t."bot_off") <> 0 OR sum(t."unread") <> 0 OR sum(t."resolved") <> 0 OR sum(t."all") <> 0;

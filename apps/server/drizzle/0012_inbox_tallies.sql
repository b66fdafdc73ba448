CREATE TABLE "inbox_tallies" (
	"shop_id" uuid NOT NULL,
	"needs_you" integer NOT NULL,
	"needs_you_if_bot_off" integer NOT NULL,
	"unread" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inbox_tallies" ADD CONSTRAINT "inbox_tallies_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_tallies_shop_idx" ON "inbox_tallies" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "conversations_shop_snoozed_idx" ON "conversations" USING btree ("shop_id","snoozed_until") WHERE snoozed_until is not null;--> statement-breakpoint
-- The inbox's counts (views.service.ts, decision 0015). What a conversation adds to its shop's
-- counts, snoozed conversations left out; written as views.service.ts's viewCondition says.
CREATE FUNCTION "inbox_tally_of"("resolved_at" timestamptz, "snoozed_until" timestamptz, "handed_over" boolean,
    "last_from" text, "bot_enabled" boolean, "unread_count" integer,
    OUT "needs_you" integer, OUT "needs_you_if_bot_off" integer, OUT "unread" integer)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT
    CASE WHEN $1 IS NULL AND $2 IS NULL AND ($3 OR ($4 = 'customer' AND $5 IS FALSE)) THEN 1 ELSE 0 END,
    CASE WHEN $1 IS NULL AND $2 IS NULL AND NOT $3 AND $4 = 'customer' AND $5 IS NULL THEN 1 ELSE 0 END,
    CASE WHEN $1 IS NULL AND $2 IS NULL AND $6 > 0 THEN 1 ELSE 0 END
$$;--> statement-breakpoint
-- Each statement on conversations adds one row of differences per shop it changed the counts of:
-- an insert, never an update, so concurrent writers never wait on (or deadlock over) a counts row.
CREATE FUNCTION "inbox_conversations_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inbox_tallies" ("shop_id", "needs_you", "needs_you_if_bot_off", "unread")
    SELECT a."shop_id", sum(t."needs_you"), sum(t."needs_you_if_bot_off"), sum(t."unread")
    FROM "added" a
    CROSS JOIN LATERAL "inbox_tally_of"(a."resolved_at", a."snoozed_until", a."handed_over", a."last_from",
      a."bot_enabled", a."unread_count") t
    GROUP BY 1
    HAVING sum(t."needs_you") <> 0 OR sum(t."needs_you_if_bot_off") <> 0 OR sum(t."unread") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "inbox_conversations_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inbox_tallies" ("shop_id", "needs_you", "needs_you_if_bot_off", "unread")
    SELECT d."shop_id", sum(d."needs_you"), sum(d."needs_you_if_bot_off"), sum(d."unread")
    FROM (
      SELECT a."shop_id", t."needs_you", t."needs_you_if_bot_off", t."unread"
      FROM "after" a
      CROSS JOIN LATERAL "inbox_tally_of"(a."resolved_at", a."snoozed_until", a."handed_over", a."last_from",
        a."bot_enabled", a."unread_count") t
      UNION ALL
      SELECT b."shop_id", -t."needs_you", -t."needs_you_if_bot_off", -t."unread"
      FROM "before" b
      CROSS JOIN LATERAL "inbox_tally_of"(b."resolved_at", b."snoozed_until", b."handed_over", b."last_from",
        b."bot_enabled", b."unread_count") t
    ) d
    GROUP BY 1
    HAVING sum(d."needs_you") <> 0 OR sum(d."needs_you_if_bot_off") <> 0 OR sum(d."unread") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A shop deleted with its conversations takes its counts with it (the foreign key): nothing to add.
CREATE FUNCTION "inbox_conversations_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inbox_tallies" ("shop_id", "needs_you", "needs_you_if_bot_off", "unread")
    SELECT r."shop_id", -sum(t."needs_you"), -sum(t."needs_you_if_bot_off"), -sum(t."unread")
    FROM "removed" r
    CROSS JOIN LATERAL "inbox_tally_of"(r."resolved_at", r."snoozed_until", r."handed_over", r."last_from",
      r."bot_enabled", r."unread_count") t
    WHERE EXISTS (SELECT 1 FROM "shops" s WHERE s."id" = r."shop_id")
    GROUP BY 1
    HAVING sum(t."needs_you") <> 0 OR sum(t."needs_you_if_bot_off") <> 0 OR sum(t."unread") <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversations_inbox_insert" AFTER INSERT ON "conversations"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_conversations_added"();--> statement-breakpoint
CREATE TRIGGER "conversations_inbox_update" AFTER UPDATE ON "conversations"
  REFERENCING OLD TABLE AS "before" NEW TABLE AS "after" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_conversations_changed"();--> statement-breakpoint
CREATE TRIGGER "conversations_inbox_delete" AFTER DELETE ON "conversations"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "inbox_conversations_removed"();--> statement-breakpoint
-- What is already stored: the triggers' locks hold writers until this migration commits.
INSERT INTO "inbox_tallies" ("shop_id", "needs_you", "needs_you_if_bot_off", "unread")
  SELECT c."shop_id", sum(t."needs_you"), sum(t."needs_you_if_bot_off"), sum(t."unread")
  FROM "conversations" c
  CROSS JOIN LATERAL "inbox_tally_of"(c."resolved_at", c."snoozed_until", c."handed_over", c."last_from",
    c."bot_enabled", c."unread_count") t
  GROUP BY 1
  HAVING sum(t."needs_you") <> 0 OR sum(t."needs_you_if_bot_off") <> 0 OR sum(t."unread") <> 0;

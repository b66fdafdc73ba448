CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "voucher_totals" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voucher_totals" ADD CONSTRAINT "voucher_totals_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vouchers_sent_username_trgm_idx" ON "vouchers_sent" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vouchers_sent_order_trgm_idx" ON "vouchers_sent" USING gin ("order_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vouchers_sent_conversation_idx" ON "vouchers_sent" USING btree ("conversation_id");;--> statement-breakpoint
-- voucher_totals stays exact: each statement on vouchers_sent adjusts it in the same transaction.
CREATE FUNCTION "voucher_totals_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "voucher_totals" ("shop_id", "total")
    SELECT "shop_id", count(*) FROM "added" GROUP BY "shop_id"
    ON CONFLICT ("shop_id") DO UPDATE SET "total" = "voucher_totals"."total" + excluded."total";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "voucher_totals_remove"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "voucher_totals" t SET "total" = t."total" - r."n"
    FROM (SELECT "shop_id", count(*) AS "n" FROM "removed" GROUP BY "shop_id") r
    WHERE t."shop_id" = r."shop_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "voucher_totals_reset"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "voucher_totals";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "vouchers_sent_totals_insert" AFTER INSERT ON "vouchers_sent"
  REFERENCING NEW TABLE AS "added" FOR EACH STATEMENT EXECUTE FUNCTION "voucher_totals_add"();--> statement-breakpoint
CREATE TRIGGER "vouchers_sent_totals_delete" AFTER DELETE ON "vouchers_sent"
  REFERENCING OLD TABLE AS "removed" FOR EACH STATEMENT EXECUTE FUNCTION "voucher_totals_remove"();--> statement-breakpoint
CREATE TRIGGER "vouchers_sent_totals_truncate" AFTER TRUNCATE ON "vouchers_sent"
  FOR EACH STATEMENT EXECUTE FUNCTION "voucher_totals_reset"();--> statement-breakpoint
-- The triggers' lock on vouchers_sent holds writers until this migration commits: nothing is missed.
INSERT INTO "voucher_totals" ("shop_id", "total")
  SELECT "shop_id", count(*) FROM "vouchers_sent" GROUP BY "shop_id";

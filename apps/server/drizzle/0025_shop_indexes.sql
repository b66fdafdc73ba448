-- Issue 29.3: a shop's assembled retrieval index for its newest training version, written after a
-- build, so a process that does not hold the shop revives it from one row (decision 0032).
CREATE TABLE "shop_indexes" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"training_version" integer NOT NULL,
	"format" text NOT NULL,
	"data" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "shop_indexes" ADD CONSTRAINT "shop_indexes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;

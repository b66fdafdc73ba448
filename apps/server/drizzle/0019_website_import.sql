CREATE TABLE "website_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"url" text NOT NULL,
	"kind" text DEFAULT 'unknown' NOT NULL,
	"schedule" text DEFAULT 'manual' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"claimed_at" timestamp with time zone,
	"last_import_at" timestamp with time zone,
	"next_import_at" timestamp with time zone,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "website_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_id" uuid NOT NULL,
	"shop_id" uuid NOT NULL,
	"url" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"change" text DEFAULT 'none' NOT NULL,
	"error" text,
	"file_id" uuid,
	"content_hash" text,
	"text" text DEFAULT '' NOT NULL,
	"previous_text" text,
	"fetched_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website_sources" ADD CONSTRAINT "website_sources_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_pages" ADD CONSTRAINT "website_pages_source_id_website_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."website_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_pages" ADD CONSTRAINT "website_pages_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_pages" ADD CONSTRAINT "website_pages_file_id_knowledge_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."knowledge_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "website_sources_shop_url_idx" ON "website_sources" USING btree ("shop_id","url");--> statement-breakpoint
CREATE INDEX "website_sources_due_idx" ON "website_sources" USING btree ("next_import_at") WHERE schedule <> 'manual';--> statement-breakpoint
CREATE UNIQUE INDEX "website_pages_source_url_idx" ON "website_pages" USING btree ("source_id","url");

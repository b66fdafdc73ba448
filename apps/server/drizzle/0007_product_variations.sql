ALTER TABLE "bot_answers" ADD COLUMN "product_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variations" jsonb DEFAULT '[]'::jsonb NOT NULL;
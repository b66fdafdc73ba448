-- Issue 29.3: a passage's vector, computed once per embedding model and kept by the hash of the text
-- embedded, so no process embeds it again (decision 0029). real[] on PGlite and PostgreSQL alike:
-- the vectors are compared in the process, never searched in the database.
CREATE TABLE "passage_embeddings" (
	"model" text NOT NULL,
	"hash" text NOT NULL,
	"vector" real[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passage_embeddings_model_hash_pk" PRIMARY KEY("model","hash")
);--> statement-breakpoint
-- A passage's analysis (language, sentences, terms, speller words) by a hash of the analyser and
-- the text, so a shop's cold index build reads it instead of analysing every passage again.
CREATE TABLE "passage_analyses" (
	"hash" text PRIMARY KEY NOT NULL,
	"analysis" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

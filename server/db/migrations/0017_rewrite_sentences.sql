ALTER TABLE "rewrite_paragraphs" ADD COLUMN "role" text DEFAULT 'body' NOT NULL;--> statement-breakpoint
ALTER TABLE "rewrite_paragraphs" ADD COLUMN "sentences" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rewrite_paragraphs" ADD COLUMN "lost_terms" jsonb;--> statement-breakpoint
ALTER TABLE "rewrites" ADD COLUMN "terms" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rewrites" ADD COLUMN "sentence_rewritten" integer;--> statement-breakpoint
ALTER TABLE "rewrites" ADD COLUMN "sentence_kept" integer;--> statement-breakpoint
ALTER TABLE "rewrites" ADD COLUMN "kept_reasons" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rewrites" ADD COLUMN "terms_checked" integer;--> statement-breakpoint
ALTER TABLE "rewrites" ADD COLUMN "lost_terms" jsonb DEFAULT '[]'::jsonb NOT NULL;
ALTER TABLE "library_fingerprints" ADD COLUMN "ctx_before" text;--> statement-breakpoint
ALTER TABLE "library_fingerprints" ADD COLUMN "ctx_after" text;
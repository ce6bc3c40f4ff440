ALTER TABLE "aigc_detections" ADD COLUMN "file_sha256" text;--> statement-breakpoint
ALTER TABLE "rewrite_paragraphs" ADD COLUMN "docx_kept" text;--> statement-breakpoint
ALTER TABLE "rewrites" ADD COLUMN "file_sha256" text;--> statement-breakpoint
CREATE INDEX "aigc_detections_file_sha256_idx" ON "aigc_detections" USING btree ("file_sha256");--> statement-breakpoint
CREATE INDEX "rewrites_file_sha256_idx" ON "rewrites" USING btree ("file_sha256");
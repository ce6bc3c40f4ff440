ALTER TABLE "library_documents" ADD COLUMN "author" text;--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "year" integer;--> statement-breakpoint
ALTER TABLE "library_documents" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "library_documents" ADD CONSTRAINT "library_documents_year_check" CHECK ("library_documents"."year" between 1 and 9999);
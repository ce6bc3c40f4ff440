CREATE TABLE "library_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"num" serial NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"owner_id" text,
	"origin" text DEFAULT 'import' NOT NULL,
	"char_count" integer DEFAULT 0 NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "library_documents_num_unique" UNIQUE("num"),
	CONSTRAINT "library_documents_origin_check" CHECK ("library_documents"."origin" in ('import', 'submission'))
);
--> statement-breakpoint
CREATE TABLE "library_fingerprints" (
	"hash" integer NOT NULL,
	"doc" integer NOT NULL,
	"pos" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "library_documents_owner_idx" ON "library_documents" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "library_fingerprints_hash_doc_idx" ON "library_fingerprints" USING btree ("hash","doc");
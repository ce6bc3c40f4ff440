CREATE TABLE "rewrite_paragraphs" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"index" integer NOT NULL,
	"original" text NOT NULL,
	"rewritten" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"offline" boolean DEFAULT true NOT NULL,
	"similarity_to_original" real,
	"bigram_overlap" real,
	"protected_kept" boolean,
	"similarity_before" real,
	"similarity_after" real,
	"aigc_before" real,
	"aigc_after" real,
	"accepted" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rewrites" (
	"task_id" text PRIMARY KEY NOT NULL,
	"api" text NOT NULL,
	"mode" text NOT NULL,
	"source" text DEFAULT 'upload' NOT NULL,
	"source_type" text NOT NULL,
	"file_name" text,
	"text" text NOT NULL,
	"protected_terms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seed" integer DEFAULT 1 NOT NULL,
	"source_check_id" text,
	"source_aigc_id" text,
	"recheck_id" text,
	"rewritten_char_count" integer,
	"similarity_before" real,
	"similarity_after" real,
	"aigc_before" real,
	"aigc_after" real,
	CONSTRAINT "rewrites_api_check" CHECK ("rewrites"."api" in ('paper', 'machine'))
);
--> statement-breakpoint
ALTER TABLE "rewrite_paragraphs" ADD CONSTRAINT "rewrite_paragraphs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewrites" ADD CONSTRAINT "rewrites_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rewrite_paragraphs_task_index_idx" ON "rewrite_paragraphs" USING btree ("task_id","index");--> statement-breakpoint
CREATE INDEX "rewrite_paragraphs_status_idx" ON "rewrite_paragraphs" USING btree ("status");
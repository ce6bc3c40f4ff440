CREATE TABLE "checks" (
	"task_id" text PRIMARY KEY NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"source_type" text NOT NULL,
	"file_name" text,
	"file_sha256" text,
	"format" text NOT NULL,
	"text" text NOT NULL,
	"add_to_library" boolean DEFAULT false NOT NULL,
	"exclude_self" boolean DEFAULT true NOT NULL,
	"rewrite_mode" text,
	"rewrite_task_id" text,
	"figures" jsonb,
	"report" jsonb,
	"reported_at" timestamp with time zone,
	CONSTRAINT "checks_source_type_check" CHECK ("checks"."source_type" in ('upload', 'paste'))
);
--> statement-breakpoint
ALTER TABLE "checks" ADD CONSTRAINT "checks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checks_file_sha256_idx" ON "checks" USING btree ("file_sha256");
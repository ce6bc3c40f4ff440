CREATE TABLE "paper_sections" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"index" integer NOT NULL,
	"level" integer NOT NULL,
	"heading" text NOT NULL,
	"chapter_heading" text NOT NULL,
	"target_length" integer DEFAULT 0 NOT NULL,
	"points" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"char_count" integer DEFAULT 0 NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"offline" boolean DEFAULT false NOT NULL,
	"removed_citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paper_sections_level_check" CHECK ("paper_sections"."level" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "papers" (
	"task_id" text PRIMARY KEY NOT NULL,
	"api" text NOT NULL,
	"form" text NOT NULL,
	"discipline" text NOT NULL,
	"degree" text NOT NULL,
	"target_length" integer NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"requirements" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"institution" text DEFAULT '' NOT NULL,
	"english_abstract" boolean DEFAULT false NOT NULL,
	"outline" jsonb,
	"outline_source" text,
	"stage" text DEFAULT 'outline' NOT NULL,
	"abstract" text DEFAULT '' NOT NULL,
	"abstract_en" text,
	"materials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"removed_citations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "papers_api_check" CHECK ("papers"."api" in ('ai', 'info')),
	CONSTRAINT "papers_stage_check" CHECK ("papers"."stage" in ('outline', 'writing', 'done')),
	CONSTRAINT "papers_length_check" CHECK ("papers"."target_length" > 0)
);
--> statement-breakpoint
ALTER TABLE "paper_sections" ADD CONSTRAINT "paper_sections_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papers" ADD CONSTRAINT "papers_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "paper_sections_task_index_idx" ON "paper_sections" USING btree ("task_id","index");--> statement-breakpoint
CREATE INDEX "paper_sections_status_idx" ON "paper_sections" USING btree ("status");
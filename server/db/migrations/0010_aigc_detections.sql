CREATE TABLE "aigc_detections" (
	"task_id" text PRIMARY KEY NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"source_type" text NOT NULL,
	"file_name" text,
	"format" text NOT NULL,
	"text" text NOT NULL,
	"summary" jsonb,
	"reported_at" timestamp with time zone,
	CONSTRAINT "aigc_detections_source_type_check" CHECK ("aigc_detections"."source_type" in ('upload', 'paste'))
);
--> statement-breakpoint
CREATE TABLE "aigc_paragraphs" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"index" integer NOT NULL,
	"section" text,
	"text" text NOT NULL,
	"char_count" integer NOT NULL,
	"ai_char_count" integer NOT NULL,
	"probability" double precision NOT NULL,
	"band" text NOT NULL,
	"too_short" boolean NOT NULL,
	"sentences" jsonb NOT NULL,
	"scored_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "aigc_paragraphs_task_index_unique" UNIQUE("task_id","index"),
	CONSTRAINT "aigc_paragraphs_band_check" CHECK ("aigc_paragraphs"."band" in ('high', 'medium', 'low', 'none')),
	CONSTRAINT "aigc_paragraphs_counts_check" CHECK ("aigc_paragraphs"."char_count" >= 0 and "aigc_paragraphs"."ai_char_count" >= 0 and "aigc_paragraphs"."index" >= 0)
);
--> statement-breakpoint
ALTER TABLE "aigc_detections" ADD CONSTRAINT "aigc_detections_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aigc_paragraphs" ADD CONSTRAINT "aigc_paragraphs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "aigc_paragraphs_task_idx" ON "aigc_paragraphs" USING btree ("task_id");
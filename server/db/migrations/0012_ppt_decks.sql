CREATE TABLE "ppt_decks" (
	"task_id" text PRIMARY KEY NOT NULL,
	"template_id" text NOT NULL,
	"scene" text NOT NULL,
	"page_count" integer NOT NULL,
	"source" text NOT NULL,
	"topic" text,
	"paper_text" text,
	"slides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outline_by" text DEFAULT 'user' NOT NULL,
	"pptx" "bytea",
	"rendered_slide_count" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ppt_decks_source_check" CHECK ("ppt_decks"."source" in ('topic', 'paper')),
	CONSTRAINT "ppt_decks_page_count_check" CHECK ("ppt_decks"."page_count" between 5 and 50)
);
--> statement-breakpoint
CREATE TABLE "ai_sys_configs" (
	"id" text PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ppt_decks" ADD CONSTRAINT "ppt_decks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ai_sys_configs_entity_key_idx" ON "ai_sys_configs" USING btree ("entity","key");--> statement-breakpoint
CREATE INDEX "ai_sys_configs_entity_sort_idx" ON "ai_sys_configs" USING btree ("entity","sort");--> statement-breakpoint
INSERT INTO "ai_sys_configs" ("id", "entity", "key", "label", "value", "sort") VALUES
  ('cfg-scene-thesis-defense', 'ppt_scene', 'thesis_defense', '毕业答辩', '适用于本科、硕士学位论文答辩：研究背景、方法、结果与结论，突出创新点与工作量', 1),
  ('cfg-scene-proposal', 'ppt_scene', 'proposal', '开题报告', '适用于开题答辩：选题依据、研究现状、研究内容与方法、技术路线与进度安排', 2),
  ('cfg-scene-course', 'ppt_scene', 'course_report', '课程汇报', '适用于课程作业与读书报告：问题、要点、案例与个人思考，语言通俗', 3),
  ('cfg-scene-conference', 'ppt_scene', 'conference', '学术会议', '适用于学术会议报告：动机、方法、实验与贡献，节奏紧凑，图表为主', 4),
  ('cfg-pages-10', 'ppt_page_count', '10', '10 页左右', '10', 1),
  ('cfg-pages-15', 'ppt_page_count', '15', '15 页左右', '15', 2),
  ('cfg-pages-20', 'ppt_page_count', '20', '20 页左右', '20', 3),
  ('cfg-pages-30', 'ppt_page_count', '30', '30 页左右', '30', 4);

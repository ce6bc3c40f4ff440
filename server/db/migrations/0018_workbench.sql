CREATE TABLE "workbench_edits" (
	"id" text PRIMARY KEY NOT NULL,
	"check_id" text NOT NULL,
	"seq" integer NOT NULL,
	"paragraph" integer NOT NULL,
	"kind" text NOT NULL,
	"text" text NOT NULL,
	"rechecked" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workbenches" (
	"check_id" text PRIMARY KEY NOT NULL,
	"head" integer DEFAULT 0 NOT NULL,
	"length" integer DEFAULT 0 NOT NULL,
	"rewrite_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checks" ADD COLUMN "edited_from_id" text;--> statement-breakpoint
ALTER TABLE "workbench_edits" ADD CONSTRAINT "workbench_edits_check_id_tasks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workbenches" ADD CONSTRAINT "workbenches_check_id_tasks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workbench_edits_check_seq_idx" ON "workbench_edits" USING btree ("check_id","seq");--> statement-breakpoint
CREATE INDEX "workbench_edits_check_paragraph_idx" ON "workbench_edits" USING btree ("check_id","paragraph");--> statement-breakpoint
CREATE INDEX "checks_edited_from_idx" ON "checks" USING btree ("edited_from_id");--> statement-breakpoint
-- 改写工作台·换个说法（大模型）: 0.05 元 per 100 characters of the sentence, at least 0.10 元.
INSERT INTO "service_prices" ("service", "name", "unit_chars", "unit_fen", "min_fen") VALUES
  ('workbench_model', '改写工作台·大模型换个说法', 100, 5, 10)
ON CONFLICT ("service") DO NOTHING;

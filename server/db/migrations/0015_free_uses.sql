CREATE TABLE "free_uses" (
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"day" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "free_uses_action_subject_day_pk" PRIMARY KEY("action","subject","day")
);
--> statement-breakpoint
CREATE INDEX "free_uses_day_idx" ON "free_uses" USING btree ("day");
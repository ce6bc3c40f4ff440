CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_kind_check";--> statement-breakpoint
DROP INDEX "ledger_user_created_idx";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "seq" bigint NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "package_type" text;--> statement-breakpoint
UPDATE "orders" SET "package_type" = "packages"."type" FROM "packages" WHERE "packages"."id" = "orders"."package_id";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "package_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "features" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "recommended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_user_seq_idx" ON "ledger_entries" USING btree ("user_id","seq");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_kind_check" CHECK ("ledger_entries"."kind" in ('recharge', 'reversal', 'charge', 'refund', 'grant'));--> statement-breakpoint
UPDATE "packages" SET "features" = v."features"::jsonb, "recommended" = v."recommended"
FROM (VALUES
  ('pkg-check', '["到账 35 元余额", "查重每千字 1 元", "余额可用于全部服务"]', false),
  ('pkg-rewrite', '["到账 60 元余额", "降重每千字 3 元", "改写后自动复查"]', true),
  ('pkg-aigc', '["到账 60 元余额", "降AIGC每千字 3 元", "降低后自动复测"]', false),
  ('pkg-paper', '["到账 120 元余额", "大纲可编辑", "导出 Word 文档"]', false),
  ('pkg-ppt', '["到账 24 元余额", "多套模板", "导出 PPTX"]', false),
  ('pkg-recharge-1000', '["到账 10 元"]', false),
  ('pkg-recharge-3000', '["到账 30 元"]', false),
  ('pkg-recharge-5000', '["到账 52 元", "赠送 2 元"]', true),
  ('pkg-recharge-10000', '["到账 108 元", "赠送 8 元"]', false),
  ('pkg-recharge-20000', '["到账 220 元", "赠送 20 元"]', false)
) AS v("id", "features", "recommended")
WHERE "packages"."id" = v."id";

CREATE TABLE "package_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"from_fen" integer NOT NULL,
	"to_fen" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packages" DROP CONSTRAINT "packages_price_check";--> statement-breakpoint
ALTER TABLE "package_price_changes" ADD CONSTRAINT "package_price_changes_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_price_changes_package_idx" ON "package_price_changes" USING btree ("package_id","changed_at");--> statement-breakpoint
ALTER TABLE "packages" DROP COLUMN "original_price_fen";--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_price_check" CHECK ("packages"."price_fen" > 0 and "packages"."credit_fen" >= 0);--> statement-breakpoint
-- The offline rewording engine has its own price, below the model modes' (operators set both with `price set`).
INSERT INTO "service_prices" ("service", "name", "unit_chars", "unit_fen", "min_fen") VALUES
  ('rewrite_offline', '离线引擎改写', 1000, 150, 300)
ON CONFLICT ("service") DO NOTHING;
--> statement-breakpoint
UPDATE "service_prices" SET "name" = '降重/润色改写（大模型）' WHERE "service" = 'rewrite' AND "name" = '降重/润色改写';
--> statement-breakpoint
UPDATE "service_prices" SET "name" = '降AIGC（大模型）' WHERE "service" = 'aigc_rewrite' AND "name" = '降AIGC';
--> statement-breakpoint
-- The cards show the credit once (到账余额); the seeded texts say what it buys, as computed from the seeded prices.
UPDATE "packages" SET "description" = v."description", "features" = v."features"::jsonb
FROM (VALUES
  ('pkg-check', '到账 35 元余额，约可查重 3.5 万字（每千字 1 元）', '约可查重 3.5 万字（每千字 1 元）', '["余额可用于全部服务"]'),
  ('pkg-rewrite', '到账 60 元余额，约可降重 2 万字（每千字 3 元）', '约可用大模型降重 2 万字（每千字 3 元）', '["离线引擎改写每千字 1.5 元", "改写后自动复查"]'),
  ('pkg-aigc', '到账 60 元余额，约可降 AIGC 2 万字（每千字 3 元）', '约可用大模型降 AIGC 2 万字（每千字 3 元）', '["降低后自动复测"]'),
  ('pkg-paper', '到账 120 元余额，约可生成 2 篇 1 万字论文', '约可生成 12 篇 1 万字论文（每篇 9.9 元起）', '["大纲可编辑", "导出 Word 文档"]'),
  ('pkg-ppt', '到账 24 元余额，约可生成 2 份演示文稿', '约可生成 2 份演示文稿（每份 9.9 元）', '["多套模板", "导出 PPTX"]'),
  ('pkg-recharge-1000', '到账 10 元余额', '', '[]'),
  ('pkg-recharge-3000', '到账 30 元余额', '', '[]'),
  ('pkg-recharge-5000', '到账 52 元余额（赠 2 元）', '', '[]'),
  ('pkg-recharge-10000', '到账 108 元余额（赠 8 元）', '', '[]'),
  ('pkg-recharge-20000', '到账 220 元余额（赠 20 元）', '', '[]')
) AS v("id", "seeded", "description", "features")
WHERE "packages"."id" = v."id" AND "packages"."description" = v."seeded";

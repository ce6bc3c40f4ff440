-- Stable package ids (the contract tests and the CLI use them) and per-service unit prices.
-- A price is max(min_fen, ceil(chars / unit_chars) * unit_fen); edit with `npm run cli -- package set` / `price set`.
INSERT INTO "packages" ("id", "name", "type", "price_fen", "original_price_fen", "credit_fen", "description", "sort") VALUES
  ('pkg-check', '查重套餐', 'check', 2990, 3990, 3500, '到账 35 元余额，约可查重 3.5 万字（每千字 1 元）', 10),
  ('pkg-rewrite', '降重套餐', 'rewrite', 4990, 6990, 6000, '到账 60 元余额，约可降重 2 万字（每千字 3 元）', 20),
  ('pkg-aigc', '降AIGC套餐', 'aigc', 4990, 6990, 6000, '到账 60 元余额，约可降 AIGC 2 万字（每千字 3 元）', 30),
  ('pkg-paper', 'AI论文套餐', 'paper', 9900, 12900, 12000, '到账 120 元余额，约可生成 2 篇 1 万字论文', 40),
  ('pkg-ppt', 'AI PPT套餐', 'ppt', 1990, 2990, 2400, '到账 24 元余额，约可生成 2 份演示文稿', 50),
  ('pkg-recharge-1000', '充值 10 元', 'recharge', 1000, 1000, 1000, '到账 10 元余额', 100),
  ('pkg-recharge-3000', '充值 30 元', 'recharge', 3000, 3000, 3000, '到账 30 元余额', 110),
  ('pkg-recharge-5000', '充值 50 元', 'recharge', 5000, 5000, 5200, '到账 52 元余额（赠 2 元）', 120),
  ('pkg-recharge-10000', '充值 100 元', 'recharge', 10000, 10000, 10800, '到账 108 元余额（赠 8 元）', 130),
  ('pkg-recharge-20000', '充值 200 元', 'recharge', 20000, 20000, 22000, '到账 220 元余额（赠 20 元）', 140)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "service_prices" ("service", "name", "unit_chars", "unit_fen", "min_fen") VALUES
  ('check', '论文查重', 1000, 100, 300),
  ('aigc', 'AIGC检测', 1000, 100, 300),
  ('rewrite', '降重/润色改写', 1000, 300, 500),
  ('aigc_rewrite', '降AIGC', 1000, 300, 500),
  ('paper', 'AI论文', 1000, 50, 990),
  ('ppt', 'AI PPT', 1000000, 0, 990)
ON CONFLICT ("service") DO NOTHING;

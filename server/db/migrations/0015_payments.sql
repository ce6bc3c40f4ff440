CREATE TABLE "payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"refund_no" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"status" text DEFAULT 'processing' NOT NULL,
	"provider_refund_id" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payment_refunds_refund_no_unique" UNIQUE("refund_no"),
	CONSTRAINT "payment_refunds_status_check" CHECK ("payment_refunds"."status" in ('processing', 'succeeded', 'declined')),
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_fen" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pay_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "synced_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_live_uq" ON "payment_refunds" USING btree ("order_id") WHERE "payment_refunds"."status" <> 'declined';--> statement-breakpoint
CREATE INDEX "orders_pending_sync_idx" ON "orders" USING btree ("synced_at") WHERE "orders"."status" = 'pending';
CREATE TABLE "ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"order_id" text,
	"task_id" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_kind_check" CHECK ("ledger_entries"."kind" in ('recharge', 'charge', 'refund', 'order_refund', 'adjust'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"user_id" text NOT NULL,
	"package_id" text NOT NULL,
	"package_name" text NOT NULL,
	"amount_fen" integer NOT NULL,
	"credit_fen" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"pay_channel" text NOT NULL,
	"provider_trade_no" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "orders_order_no_unique" UNIQUE("order_no"),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'paid', 'refunded', 'closed')),
	CONSTRAINT "orders_amount_check" CHECK ("orders"."amount_fen" > 0 and "orders"."credit_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"price_fen" integer NOT NULL,
	"original_price_fen" integer NOT NULL,
	"credit_fen" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "packages_type_check" CHECK ("packages"."type" in ('check', 'rewrite', 'aigc', 'paper', 'ppt', 'recharge')),
	CONSTRAINT "packages_price_check" CHECK ("packages"."price_fen" > 0 and "packages"."original_price_fen" >= 0 and "packages"."credit_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_prices" (
	"service" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"unit_chars" integer NOT NULL,
	"unit_fen" integer NOT NULL,
	"min_fen" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_prices_check" CHECK ("service_prices"."unit_chars" > 0 and "service_prices"."unit_fen" >= 0 and "service_prices"."min_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "qr_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"scanned_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "qr_sessions_status_check" CHECK ("qr_sessions"."status" in ('pending', 'scanned', 'confirmed', 'consumed'))
);
--> statement-breakpoint
CREATE TABLE "access_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"price_fen" integer DEFAULT 0 NOT NULL,
	"char_count" integer DEFAULT 0 NOT NULL,
	"free_check" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"error" text,
	"offline" boolean DEFAULT true NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "tasks_status_check" CHECK ("tasks"."status" in ('draft', 'queued', 'running', 'done', 'failed', 'cancelled')),
	CONSTRAINT "tasks_progress_check" CHECK ("tasks"."progress" between 0 and 100),
	CONSTRAINT "tasks_money_check" CHECK ("tasks"."price_fen" >= 0 and "tasks"."char_count" >= 0 and "tasks"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"phone" text,
	"password_hash" text,
	"device_key_hash" text,
	"avatar" text DEFAULT '/avatar/default.png' NOT NULL,
	"qr_signup" boolean DEFAULT false NOT NULL,
	"free_check_used_at" timestamp with time zone,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"failed_logins_since" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_phone_unique" UNIQUE("phone"),
	CONSTRAINT "users_device_key_hash_unique" UNIQUE("device_key_hash"),
	CONSTRAINT "users_failed_logins_check" CHECK ("users"."failed_logins" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD CONSTRAINT "qr_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_user_created_idx" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_order_kind_uq" ON "ledger_entries" USING btree ("order_id","kind") WHERE "ledger_entries"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_task_kind_uq" ON "ledger_entries" USING btree ("task_id","kind") WHERE "ledger_entries"."task_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "tasks_user_kind_created_idx" ON "tasks" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "tasks_queue_idx" ON "tasks" USING btree ("status","queued_at");
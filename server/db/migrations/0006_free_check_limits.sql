CREATE TABLE "free_check_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"identity_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"name_hash" text NOT NULL,
	"address_hash" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "login_throttles_name_hash_address_hash_pk" PRIMARY KEY("name_hash","address_hash")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" DROP CONSTRAINT "ledger_kind_check";--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD COLUMN "requester_address_hash" text;--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD COLUMN "requester_device_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "free_check_withheld" text;--> statement-breakpoint
ALTER TABLE "free_check_grants" ADD CONSTRAINT "free_check_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_check_grants_identity_idx" ON "free_check_grants" USING btree ("identity_hash","created_at");--> statement-breakpoint
CREATE INDEX "login_throttles_last_failure_idx" ON "login_throttles" USING btree ("last_failure_at");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_kind_check" CHECK ("ledger_entries"."kind" in ('recharge', 'reversal', 'charge', 'refund', 'grant', 'deduction'));
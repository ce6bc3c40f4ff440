CREATE TABLE "signups" (
	"id" text PRIMARY KEY NOT NULL,
	"address_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Sessions opened before the upgrade carry their id in the QR code; they are dropped (they live 5 minutes).
DELETE FROM "qr_sessions";--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD COLUMN "scan_token_hash" text NOT NULL;--> statement-breakpoint
CREATE INDEX "signups_address_idx" ON "signups" USING btree ("address_hash","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "qr_sessions_scan_token_hash_unique" ON "qr_sessions" USING btree ("scan_token_hash");--> statement-breakpoint
ALTER TABLE "qr_sessions" DROP COLUMN "secret_hash";
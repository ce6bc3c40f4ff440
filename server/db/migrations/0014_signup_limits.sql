CREATE TABLE "signups" (
	"id" text PRIMARY KEY NOT NULL,
	"address_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "signups_address_idx" ON "signups" USING btree ("address_hash","created_at");
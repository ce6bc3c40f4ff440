ALTER TABLE "access_tokens" ADD COLUMN "method" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_method_check" CHECK ("access_tokens"."method" in ('password', 'register', 'qr'));--> statement-breakpoint
UPDATE "access_tokens" SET "last_used_at" = "created_at";
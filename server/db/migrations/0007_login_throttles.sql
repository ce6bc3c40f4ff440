ALTER TABLE "users" DROP CONSTRAINT "users_failed_logins_check";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "failed_logins_since";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "locked_until";
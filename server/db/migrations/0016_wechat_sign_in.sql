CREATE TABLE "wechat_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"unionid" text,
	"nickname" text,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wechat_accounts_openid_unique" UNIQUE("openid"),
	CONSTRAINT "wechat_accounts_unionid_unique" UNIQUE("unionid")
);
--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD COLUMN "link_user_id" text;--> statement-breakpoint
ALTER TABLE "wechat_accounts" ADD CONSTRAINT "wechat_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qr_sessions" ADD CONSTRAINT "qr_sessions_link_user_id_users_id_fk" FOREIGN KEY ("link_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
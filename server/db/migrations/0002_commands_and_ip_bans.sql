CREATE TABLE "idempotency_keys" (
	"account_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"command" text NOT NULL,
	"response" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key")
);
--> statement-breakpoint
CREATE TABLE "ip_ban_lists" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"banned" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_bans" (
	"account_id" integer NOT NULL,
	"id" text NOT NULL,
	"family" integer NOT NULL,
	"range_start" numeric(39, 0) NOT NULL,
	"range_end" numeric(39, 0) NOT NULL,
	"prefix" integer NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"status" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "ip_bans_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_ban_lists" ADD CONSTRAINT "ip_ban_lists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_bans" ADD CONSTRAINT "ip_bans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ip_bans_range_idx" ON "ip_bans" USING btree ("account_id","family","range_start");--> statement-breakpoint
CREATE INDEX "ip_bans_updated_idx" ON "ip_bans" USING btree ("account_id","updated_at");
CREATE TABLE "package_accounts" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"billing_mode" text DEFAULT 'flow' NOT NULL,
	"counted_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "traffic_packages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"type" text NOT NULL,
	"region" text NOT NULL,
	"total_bytes" bigint NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"granted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "package_accounts" ADD CONSTRAINT "package_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_packages" ADD CONSTRAINT "traffic_packages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "traffic_packages_account_idx" ON "traffic_packages" USING btree ("account_id","expires_at");
CREATE TABLE "cert_feeds" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"lookup" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "cert_feeds_lookup_unique" UNIQUE("lookup")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"account_id" integer NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"cn" text NOT NULL,
	"sans" jsonb NOT NULL,
	"names" jsonb NOT NULL,
	"wildcard" boolean NOT NULL,
	"issuer" text NOT NULL,
	"algorithm" text NOT NULL,
	"key_size" integer NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"not_after" timestamp with time zone NOT NULL,
	"serial" text NOT NULL,
	"fingerprint256" text NOT NULL,
	"chain_pem" text NOT NULL,
	"chain_verified" boolean NOT NULL,
	"sealed_key" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "certificates_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "cert_feeds" ADD CONSTRAINT "cert_feeds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_name_idx" ON "certificates" USING btree ("account_id","name");--> statement-breakpoint
CREATE INDEX "certificates_not_after_idx" ON "certificates" USING btree ("account_id","not_after");
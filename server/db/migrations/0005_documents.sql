CREATE TABLE "aggregate_versions" (
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"command" text NOT NULL,
	"actor_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "aggregate_versions_account_id_kind_id_version_pk" PRIMARY KEY("account_id","kind","id","version")
);
--> statement-breakpoint
CREATE TABLE "aggregates" (
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"id" text NOT NULL,
	"version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "aggregates_account_id_kind_id_pk" PRIMARY KEY("account_id","kind","id")
);
--> statement-breakpoint
ALTER TABLE "aggregate_versions" ADD CONSTRAINT "aggregate_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aggregates" ADD CONSTRAINT "aggregates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
CREATE TABLE "sub_grants" (
	"sub_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target" text NOT NULL,
	CONSTRAINT "sub_grants_sub_id_kind_target_pk" PRIMARY KEY("sub_id","kind","target")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "api_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "remark" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_grants" ADD CONSTRAINT "sub_grants_sub_id_accounts_id_fk" FOREIGN KEY ("sub_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
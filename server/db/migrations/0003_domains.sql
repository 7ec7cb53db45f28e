CREATE TABLE "domain_groups" (
	"account_id" integer NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "domain_groups_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
DROP INDEX "domains_account_idx";--> statement-breakpoint
DROP INDEX "domains_name_uq";--> statement-breakpoint
-- The id becomes the UUID the browser chooses. Rows of earlier versions (demo data only) get a
-- fresh UUID, their creator is the account itself, and the status 'configuring' is gone.
ALTER TABLE "domains" DROP CONSTRAINT "domains_pkey";--> statement-breakpoint
ALTER TABLE "domains" ALTER COLUMN "id" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "domains" ALTER COLUMN "id" SET DATA TYPE text USING gen_random_uuid()::text;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "domains_id_seq";--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_account_id_id_pk" PRIMARY KEY("account_id","id");--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "group_id" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "origins" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "special_config" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "copied_from" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "copy_id" text;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "updated_by" integer;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "domains" SET "created_by" = "account_id", "updated_by" = "account_id",
  "status" = CASE WHEN "status" IN ('active', 'hung_up', 'deleted') THEN "status" ELSE 'active' END;--> statement-breakpoint
ALTER TABLE "domains" ALTER COLUMN "created_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ALTER COLUMN "updated_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_groups" ADD CONSTRAINT "domain_groups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "domain_groups_name_uq" ON "domain_groups" USING btree ("account_id",lower("name")) WHERE not deleted;--> statement-breakpoint
CREATE INDEX "domain_groups_updated_idx" ON "domain_groups" USING btree ("account_id","updated_at");--> statement-breakpoint
CREATE INDEX "domains_live_created_idx" ON "domains" USING btree ("account_id","created_at","id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX "domains_live_name_idx" ON "domains" USING btree ("account_id","name","id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX "domains_status_idx" ON "domains" USING btree ("account_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "domains_updated_idx" ON "domains" USING btree ("account_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "domains_group_idx" ON "domains" USING btree ("account_id","group_id") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX "domains_kind_idx" ON "domains" USING btree ("account_id","service_type","area") WHERE status <> 'deleted';--> statement-breakpoint
CREATE INDEX "domains_copy_idx" ON "domains" USING btree ("account_id","copy_id") WHERE copy_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "domains_name_uq" ON "domains" USING btree ("name") WHERE status <> 'deleted';
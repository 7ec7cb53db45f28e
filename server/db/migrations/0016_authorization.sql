-- Calendar feeds are per user: the main account's existing feeds are its own.
ALTER TABLE "cert_feeds" ADD COLUMN "owner_id" integer;--> statement-breakpoint
UPDATE "cert_feeds" SET "owner_id" = "account_id";--> statement-breakpoint
ALTER TABLE "cert_feeds" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "cert_feeds" DROP CONSTRAINT "cert_feeds_pkey";--> statement-breakpoint
ALTER TABLE "cert_feeds" ADD CONSTRAINT "cert_feeds_account_id_owner_id_pk" PRIMARY KEY("account_id","owner_id");--> statement-breakpoint
ALTER TABLE "cert_feeds" ADD CONSTRAINT "cert_feeds_owner_id_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing sign-ins count as made when they were issued.
ALTER TABLE "tokens" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "tokens" SET "authenticated_at" = "created_at";--> statement-breakpoint
CREATE TABLE "feedback_refusals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" integer NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "feedback_refusals" ADD CONSTRAINT "feedback_refusals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_refusals_account_created_idx" ON "feedback_refusals" USING btree ("account_id","created_at");

ALTER TABLE "tickets" DROP CONSTRAINT "tickets_created_by_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "created_by" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;
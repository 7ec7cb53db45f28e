ALTER TABLE "feedback_images" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback_images" ADD COLUMN "file" text;--> statement-breakpoint
CREATE INDEX "feedback_images_account_created_idx" ON "feedback_images" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","created_at");
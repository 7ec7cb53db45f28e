DROP INDEX "login_failures_login_idx";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "login_failures_login_ip_idx" ON "login_failures" USING btree ("login","ip","created_at");
CREATE TABLE "alarm_deliveries" (
	"account_id" integer NOT NULL,
	"id" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "alarm_deliveries_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "alarm_events" (
	"account_id" integer NOT NULL,
	"id" text NOT NULL,
	"policy_id" text NOT NULL,
	"policy_name" text NOT NULL,
	"monitor_type" text NOT NULL,
	"object_id" text NOT NULL,
	"object_name" text NOT NULL,
	"content" jsonb NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone,
	CONSTRAINT "alarm_events_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "alarm_keys" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"sealed_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarm_deliveries" ADD CONSTRAINT "alarm_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_events" ADD CONSTRAINT "alarm_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_keys" ADD CONSTRAINT "alarm_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_deliveries_event_idx" ON "alarm_deliveries" USING btree ("account_id","event_id");--> statement-breakpoint
CREATE INDEX "alarm_deliveries_queue_idx" ON "alarm_deliveries" USING btree ("next_attempt_at") WHERE status in ('pending', 'retrying');--> statement-breakpoint
CREATE INDEX "alarm_deliveries_sms_idx" ON "alarm_deliveries" USING btree ("account_id","sent_at") WHERE channel = 'sms' and status = 'sent';--> statement-breakpoint
CREATE INDEX "alarm_events_started_idx" ON "alarm_events" USING btree ("account_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "alarm_events_ongoing_uq" ON "alarm_events" USING btree ("account_id","policy_id","object_id") WHERE status = 'ongoing';
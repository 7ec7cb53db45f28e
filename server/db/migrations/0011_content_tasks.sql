CREATE TABLE "content_tasks" (
	"account_id" integer NOT NULL,
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"urls" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer NOT NULL,
	"claimed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"changed_at" timestamp with time zone NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "content_tasks_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
CREATE TABLE "content_usage" (
	"account_id" integer NOT NULL,
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "content_usage_account_id_day_kind_pk" PRIMARY KEY("account_id","day","kind")
);
--> statement-breakpoint
ALTER TABLE "content_tasks" ADD CONSTRAINT "content_tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_usage" ADD CONSTRAINT "content_usage_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_tasks_created_idx" ON "content_tasks" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "content_tasks_changed_idx" ON "content_tasks" USING btree ("account_id","changed_at");--> statement-breakpoint
CREATE INDEX "content_tasks_queue_idx" ON "content_tasks" USING btree ("status","created_at") WHERE status in ('pending', 'running');
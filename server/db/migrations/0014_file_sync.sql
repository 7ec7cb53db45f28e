CREATE TABLE "file_sync_tasks" (
	"account_id" integer NOT NULL,
	"id" text NOT NULL,
	"operation" text NOT NULL,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"received" bigint DEFAULT 0 NOT NULL,
	"md5" text NOT NULL,
	"status" text NOT NULL,
	"failure" text,
	"claimed_at" timestamp with time zone,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "file_sync_tasks_account_id_id_pk" PRIMARY KEY("account_id","id")
);
--> statement-breakpoint
ALTER TABLE "file_sync_tasks" ADD CONSTRAINT "file_sync_tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_sync_tasks_created_idx" ON "file_sync_tasks" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "file_sync_tasks_name_uq" ON "file_sync_tasks" USING btree ("account_id","name") WHERE operation = 'upload' and status in ('uploading', 'verifying', 'succeeded');--> statement-breakpoint
CREATE INDEX "file_sync_tasks_verify_idx" ON "file_sync_tasks" USING btree ("status","updated_at") WHERE status = 'verifying';
CREATE TABLE "edge_agents" (
	"key_name" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"version" text NOT NULL,
	"http_port" integer NOT NULL,
	"https_port" integer NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"applied_seq" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "edge_batches" (
	"key_name" text NOT NULL,
	"batch_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "edge_batches_key_name_batch_id_pk" PRIMARY KEY("key_name","batch_id")
);
--> statement-breakpoint
CREATE TABLE "edge_domain_states" (
	"key_name" text NOT NULL,
	"domain_id" text NOT NULL,
	"seq" bigint NOT NULL,
	"versions" jsonb NOT NULL,
	"failed_seq" bigint,
	"reason" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "edge_domain_states_key_name_domain_id_pk" PRIMARY KEY("key_name","domain_id")
);
--> statement-breakpoint
CREATE TABLE "edge_jobs" (
	"id" uuid NOT NULL,
	"key_name" text NOT NULL,
	"kind" text NOT NULL,
	"urls" jsonb NOT NULL,
	"results" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "edge_jobs_id_key_name_pk" PRIMARY KEY("id","key_name")
);
--> statement-breakpoint
CREATE TABLE "edge_revisions" (
	"domain_id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"seq" bigserial NOT NULL
);
--> statement-breakpoint
ALTER TABLE "edge_domain_states" ADD CONSTRAINT "edge_domain_states_key_name_edge_agents_key_name_fk" FOREIGN KEY ("key_name") REFERENCES "public"."edge_agents"("key_name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edge_jobs" ADD CONSTRAINT "edge_jobs_key_name_edge_agents_key_name_fk" FOREIGN KEY ("key_name") REFERENCES "public"."edge_agents"("key_name") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "edge_revisions" ADD CONSTRAINT "edge_revisions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "edge_batches_at_idx" ON "edge_batches" USING btree ("at");--> statement-breakpoint
CREATE INDEX "edge_jobs_open_idx" ON "edge_jobs" USING btree ("key_name","done_at");--> statement-breakpoint
CREATE INDEX "edge_revisions_seq_idx" ON "edge_revisions" USING btree ("seq");
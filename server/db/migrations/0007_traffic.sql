CREATE TABLE "edge_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "edge_keys_name_unique" UNIQUE("name"),
	CONSTRAINT "edge_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "traffic_1d" (
	"account_id" integer NOT NULL,
	"domain_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"hit_requests" bigint NOT NULL,
	"hit_bytes" bigint NOT NULL,
	"s2xx" bigint NOT NULL,
	"s3xx" bigint NOT NULL,
	"s4xx" bigint NOT NULL,
	"s5xx" bigint NOT NULL,
	"blocked" bigint NOT NULL,
	"pv" bigint NOT NULL,
	"rt_ms" bigint NOT NULL,
	CONSTRAINT "traffic_1d_account_id_domain_id_at_pk" PRIMARY KEY("account_id","domain_id","at")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "traffic_1d_default" PARTITION OF "traffic_1d" DEFAULT;
--> statement-breakpoint
CREATE TABLE "traffic_1h" (
	"account_id" integer NOT NULL,
	"domain_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"hit_requests" bigint NOT NULL,
	"hit_bytes" bigint NOT NULL,
	"s2xx" bigint NOT NULL,
	"s3xx" bigint NOT NULL,
	"s4xx" bigint NOT NULL,
	"s5xx" bigint NOT NULL,
	"blocked" bigint NOT NULL,
	"pv" bigint NOT NULL,
	"rt_ms" bigint NOT NULL,
	CONSTRAINT "traffic_1h_account_id_domain_id_at_pk" PRIMARY KEY("account_id","domain_id","at")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "traffic_1h_default" PARTITION OF "traffic_1h" DEFAULT;
--> statement-breakpoint
CREATE TABLE "traffic_1m" (
	"account_id" integer NOT NULL,
	"domain_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"hit_requests" bigint NOT NULL,
	"hit_bytes" bigint NOT NULL,
	"s2xx" bigint NOT NULL,
	"s3xx" bigint NOT NULL,
	"s4xx" bigint NOT NULL,
	"s5xx" bigint NOT NULL,
	"blocked" bigint NOT NULL,
	"pv" bigint NOT NULL,
	"rt_ms" bigint NOT NULL,
	CONSTRAINT "traffic_1m_account_id_domain_id_at_pk" PRIMARY KEY("account_id","domain_id","at")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "traffic_1m_default" PARTITION OF "traffic_1m" DEFAULT;
--> statement-breakpoint
CREATE TABLE "traffic_5m" (
	"account_id" integer NOT NULL,
	"domain_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"hit_requests" bigint NOT NULL,
	"hit_bytes" bigint NOT NULL,
	"s2xx" bigint NOT NULL,
	"s3xx" bigint NOT NULL,
	"s4xx" bigint NOT NULL,
	"s5xx" bigint NOT NULL,
	"blocked" bigint NOT NULL,
	"pv" bigint NOT NULL,
	"rt_ms" bigint NOT NULL,
	CONSTRAINT "traffic_5m_account_id_domain_id_at_pk" PRIMARY KEY("account_id","domain_id","at")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "traffic_5m_default" PARTITION OF "traffic_5m" DEFAULT;
--> statement-breakpoint
CREATE TABLE "traffic_dims_1d" (
	"account_id" integer NOT NULL,
	"domain_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "traffic_dims_1d_account_id_domain_id_dim_at_key_pk" PRIMARY KEY("account_id","domain_id","dim","at","key")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "traffic_dims_1d_default" PARTITION OF "traffic_dims_1d" DEFAULT;
--> statement-breakpoint
CREATE TABLE "traffic_dims_1h" (
	"account_id" integer NOT NULL,
	"domain_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"dim" text NOT NULL,
	"key" text NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	CONSTRAINT "traffic_dims_1h_account_id_domain_id_dim_at_key_pk" PRIMARY KEY("account_id","domain_id","dim","at","key")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "traffic_dims_1h_default" PARTITION OF "traffic_dims_1h" DEFAULT;
--> statement-breakpoint
CREATE TABLE "traffic_geo_1d" (
	"account_id" integer NOT NULL,
	"domain_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"region" text NOT NULL,
	"carrier" text NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"hit_requests" bigint NOT NULL,
	"hit_bytes" bigint NOT NULL,
	CONSTRAINT "traffic_geo_1d_account_id_domain_id_at_region_carrier_pk" PRIMARY KEY("account_id","domain_id","at","region","carrier")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "traffic_geo_1d_default" PARTITION OF "traffic_geo_1d" DEFAULT;
--> statement-breakpoint
CREATE TABLE "traffic_geo_1h" (
	"account_id" integer NOT NULL,
	"domain_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"region" text NOT NULL,
	"carrier" text NOT NULL,
	"requests" bigint NOT NULL,
	"bytes" bigint NOT NULL,
	"hit_requests" bigint NOT NULL,
	"hit_bytes" bigint NOT NULL,
	CONSTRAINT "traffic_geo_1h_account_id_domain_id_at_region_carrier_pk" PRIMARY KEY("account_id","domain_id","at","region","carrier")
) PARTITION BY RANGE ("at");
--> statement-breakpoint
CREATE TABLE "traffic_geo_1h_default" PARTITION OF "traffic_geo_1h" DEFAULT;
--> statement-breakpoint
CREATE TABLE "traffic_uv" (
	"account_id" integer NOT NULL,
	"domain_id" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"sketch" "bytea" NOT NULL,
	CONSTRAINT "traffic_uv_account_id_domain_id_day_pk" PRIMARY KEY("account_id","domain_id","day")
);
--> statement-breakpoint
-- The union of two HyperLogLog sketches of equal size: the larger of each register.
CREATE OR REPLACE FUNCTION hll_merge(a bytea, b bytea) RETURNS bytea LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT decode(string_agg(lpad(to_hex(greatest(get_byte(a, i), get_byte(b, i))), 2, '0'), '' ORDER BY i), 'hex')
  FROM generate_series(0, length(a) - 1) AS i
$$;
-- The IP and UA lists of the access section gained an allow-empty flag, the UA list a match mode
-- (spec §3). A list kept before keeps its behaviour: a black list let requests without the value
-- through (they match no entry), a white list refused them; the UA list matched within the value.
UPDATE "aggregates" SET "data" = jsonb_set("data", '{ip}', ("data"->'ip') || jsonb_build_object('allow_empty', ("data"->'ip'->>'mode') = 'black'))
WHERE "kind" = 'domainAccess' AND jsonb_typeof("data"->'ip') = 'object' AND NOT ("data"->'ip' ? 'allow_empty');
--> statement-breakpoint
UPDATE "aggregates" SET "data" = jsonb_set("data", '{ua}', jsonb_build_object('match', 'fuzzy') || ("data"->'ua') || jsonb_build_object('allow_empty', ("data"->'ua'->>'mode') = 'black'))
WHERE "kind" = 'domainAccess' AND jsonb_typeof("data"->'ua') = 'object' AND NOT ("data"->'ua' ? 'allow_empty');
--> statement-breakpoint
UPDATE "aggregate_versions" SET "data" = jsonb_set("data", '{ip}', ("data"->'ip') || jsonb_build_object('allow_empty', ("data"->'ip'->>'mode') = 'black'))
WHERE "kind" = 'domainAccess' AND jsonb_typeof("data"->'ip') = 'object' AND NOT ("data"->'ip' ? 'allow_empty');
--> statement-breakpoint
UPDATE "aggregate_versions" SET "data" = jsonb_set("data", '{ua}', jsonb_build_object('match', 'fuzzy') || ("data"->'ua') || jsonb_build_object('allow_empty', ("data"->'ua'->>'mode') = 'black'))
WHERE "kind" = 'domainAccess' AND jsonb_typeof("data"->'ua') = 'object' AND NOT ("data"->'ua' ? 'allow_empty');

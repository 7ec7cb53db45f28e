ALTER TABLE "certificates" ADD COLUMN "level" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Certificates kept before their level was read: the leaf (the first PEM block) is searched for
-- the CA/Browser Forum policy identifiers, as server/modules/cert/parse.ts reads an upload.
UPDATE "certificates" SET "level" = CASE
  WHEN position('\x060567810c0101'::bytea IN leaf) > 0 THEN 'EV'
  WHEN position('\x060667810c010202'::bytea IN leaf) > 0 OR position('\x060667810c010203'::bytea IN leaf) > 0 THEN 'OV'
  WHEN position('\x060667810c010201'::bytea IN leaf) > 0 THEN 'DV'
  ELSE '' END
FROM (
  SELECT "account_id" AS a, "id" AS i,
    decode(regexp_replace(substring("chain_pem" FROM '-----BEGIN CERTIFICATE-----(.*?)-----END CERTIFICATE-----'), '\s', '', 'g'), 'base64') AS leaf
  FROM "certificates"
) AS leaves
WHERE "certificates"."account_id" = leaves.a AND "certificates"."id" = leaves.i;

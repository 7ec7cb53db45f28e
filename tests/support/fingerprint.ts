import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/**
 * A fingerprint of what the database holds, table by table, to tell whether a refused call changed
 * anything. Left out is only what changes by itself or by design while calls are made:
 * - the statistics rollups (`traffic_*`: ingestion and the hourly maintenance write them), the
 *   packages' hourly accounting (`package_accounts`, `traffic_packages.used_bytes`);
 * - the content worker moving refresh tasks on (a task counts by its id only);
 * - bookkeeping of limits: failed sign-ins (a wrong password counts as one, by design), refused
 *   uploads (they count toward the upload rate, by design), the IP check's last call, and when a
 *   token or key was last used.
 */
const volatileTables = new Set(['login_failures', 'feedback_refusals', 'package_accounts', 'ip_check_calls']);
const rowOf: Record<string, string> = {
  content_tasks: `jsonb_build_object('account_id', t.account_id, 'id', t.id)`,
  traffic_packages: `to_jsonb(t) - 'used_bytes'`,
};

export type Fingerprint = ReadonlyMap<string, string>;

export async function fingerprint(db: Db): Promise<Fingerprint> {
  const tables = await db.execute<{ name: string }>(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  const names = tables.rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith('traffic_') || name === 'traffic_packages')
    .filter((name) => !volatileTables.has(name));
  const parts = names.map(
    (name) =>
      `select '${name}' as name, md5(coalesce(string_agg(h, ',' order by h), '')) as fp
       from (select md5((${rowOf[name] ?? 'to_jsonb(t)'} - 'last_used_at')::text) as h from "${name}" t) x`,
  );
  const result = await db.execute<{ name: string; fp: string }>(sql.raw(parts.join(' union all ')));
  return new Map(result.rows.map((row) => [row.name, row.fp]));
}

/** The tables whose content differs between two fingerprints. */
export const changedTables = (before: Fingerprint, after: Fingerprint): string[] =>
  [...after].filter(([name, fp]) => before.get(name) !== fp).map(([name]) => name);

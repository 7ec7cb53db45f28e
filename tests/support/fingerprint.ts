import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';

/**
 * Tells whether calls changed anything in the database: a trigger on every table counts the rows
 * each statement inserted, changed or deleted, in the transaction of the change (a change rolled
 * back is counted nowhere). Reading the counts is one small query, whatever the database holds.
 *
 * Left out is only what changes by itself or by design while calls are made:
 * - the statistics rollups (`traffic_*`: ingestion and the hourly maintenance write them), and the
 *   packages' hourly accounting (`package_accounts`, `traffic_packages.used_bytes`);
 * - the content worker moving refresh tasks on (a task counts when it is made or removed);
 * - bookkeeping of limits: failed sign-ins (a wrong password counts as one, by design), refused
 *   uploads (they count toward the upload rate, by design), the IP check's last call, and when a
 *   token or key was last used.
 */
const volatileTables = ['login_failures', 'feedback_refusals', 'package_accounts', 'ip_check_calls'];
const volatileColumns = ['last_used_at', 'used_bytes'];

export type Fingerprint = ReadonlyMap<string, number>;

/** Installs the counting triggers (once per database). */
export async function watchChanges(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`create table if not exists test_row_changes (name text primary key, n bigint not null)`),
  );
  await db.execute(
    sql.raw(`create or replace function test_count_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' then
          if tg_table_name = 'content_tasks'
            or (to_jsonb(old) - '{${volatileColumns.join(',')}}'::text[])
               = (to_jsonb(new) - '{${volatileColumns.join(',')}}'::text[]) then
            return null;
          end if;
        end if;
        insert into test_row_changes (name, n) values (tg_table_name, 1)
          on conflict (name) do update set n = test_row_changes.n + 1;
        return null;
      end $$`),
  );
  const tables = await db.execute<{ name: string }>(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
          and c.relname <> 'test_row_changes'`,
  );
  for (const { name } of tables.rows) {
    if ((name.startsWith('traffic_') && name !== 'traffic_packages') || volatileTables.includes(name))
      continue;
    await db.execute(sql.raw(`drop trigger if exists test_count_change on "${name}"`));
    await db.execute(
      sql.raw(`create trigger test_count_change after insert or update or delete on "${name}"
        for each row execute function test_count_change()`),
    );
  }
}

/** The rows changed so far, by table (after `watchChanges`). */
export async function fingerprint(db: Db): Promise<Fingerprint> {
  const rows = await db.execute<{ name: string; n: string | number }>(
    sql`select name, n from test_row_changes`,
  );
  return new Map(rows.rows.map((row) => [row.name, Number(row.n)]));
}

/** The tables whose rows changed between two fingerprints. */
export const changedTables = (before: Fingerprint, after: Fingerprint): string[] =>
  [...after].filter(([name, n]) => before.get(name) !== n).map(([name]) => name);

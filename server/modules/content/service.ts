import { and, count, desc, eq, gt, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ContentQuota, ContentTask, contentListQuery } from '../../../src/contract/content';
import { limits } from '../../../src/contract/limits';
import { contentHost, type ContentKind } from '../../../src/contract/rules/content';
import { statsDayStart, statsOffsetMs } from '../../../src/contract/traffic-constants';
import type { Executor } from '../../db/client';
import { contentTasks, contentUsage } from '../../db/schema';
import { activeDomainsNamed } from '../domain/service';
import type { IdScope } from '../user/scope';
import { loginOf, loginOr } from '../account/service';

export type ContentTaskRow = typeof contentTasks.$inferSelect;

/** The day of the quota holding `at`: YYYY-MM-DD in UTC+8, as the statistics count days. */
export const quotaDay = (at: Date): string =>
  new Date(statsDayStart(at.getTime()) + statsOffsetMs).toISOString().slice(0, 10);

function selectTasks(db: Executor) {
  return db
    .select({
      row: contentTasks,
      creator: loginOf(contentTasks.createdBy),
      updater: loginOf(contentTasks.updatedBy),
    })
    .from(contentTasks);
}

type Selected = { row: ContentTaskRow; creator: string | null; updater: string | null };

export const taskOf = ({ row, creator, updater }: Selected): ContentTask => ({
  id: row.id,
  kind: row.kind,
  urls: row.urls as ContentTask['urls'],
  status: row.status,
  attempts: row.attempts,
  created_by: loginOr(creator, row.createdBy),
  created_at: row.createdAt.toISOString(),
  updated_by: loginOr(updater, row.updatedBy),
  updated_at: row.updatedAt.toISOString(),
  finished_at: row.finishedAt?.toISOString() ?? null,
  version: row.version,
});

export async function loadTask(tx: Executor, accountId: number, id: string): Promise<ContentTask | null> {
  const [found] = await selectTasks(tx).where(
    and(eq(contentTasks.accountId, accountId), eq(contentTasks.id, id)),
  );
  return found ? taskOf(found) : null;
}

/** URLs of `kind` the account submitted on the quota day holding `now`. */
export async function usedToday(
  tx: Executor,
  accountId: number,
  kind: ContentKind,
  now: Date,
): Promise<number> {
  const [row] = await tx
    .select({ used: contentUsage.used })
    .from(contentUsage)
    .where(
      and(
        eq(contentUsage.accountId, accountId),
        eq(contentUsage.day, quotaDay(now)),
        eq(contentUsage.kind, kind),
      ),
    );
  return row?.used ?? 0;
}

/** Today's use of each quota (spec §9), with its limits. */
export async function quotaOf(
  db: Executor,
  accountId: number,
  now: Date,
): Promise<Omit<ContentQuota, 'edge_nodes'>> {
  const day = quotaDay(now);
  const rows = await db
    .select({ kind: contentUsage.kind, used: contentUsage.used })
    .from(contentUsage)
    .where(and(eq(contentUsage.accountId, accountId), eq(contentUsage.day, day)));
  const used = new Map(rows.map((r) => [r.kind, r.used]));
  const of = (kind: ContentKind) => ({
    used: used.get(kind) ?? 0,
    per_day: limits.content.perDay[kind],
    per_submit: limits.content.perSubmit[kind],
  });
  return { day, url: of('url'), dir: of('dir'), prefetch: of('prefetch') };
}

/** The write that adds `delta` URLs of `kind` to the account's use on the day holding `now`. */
export function usageChange(tx: Executor, accountId: number, kind: ContentKind, delta: number, now: Date) {
  return tx
    .insert(contentUsage)
    .values({ accountId, day: quotaDay(now), kind, used: delta })
    .onConflictDoUpdate({
      target: [contentUsage.accountId, contentUsage.day, contentUsage.kind],
      set: { used: sql`${contentUsage.used} + ${delta}` },
    })
    .returning({ used: contentUsage.used });
}

/** The names a host is served under: itself, and each wildcard domain above it (`*.example.com`). */
export function namesServing(host: string): string[] {
  const labels = host.split('.');
  return [host, ...labels.slice(1, -1).map((_, i) => `*.${labels.slice(i + 1).join('.')}`)];
}

/**
 * The active domains of the account that serve each host (the exact name first, then the nearest
 * wildcard), among those `scope` grants: host → domain id; a host served by none is absent.
 */
export async function servingDomains(
  tx: Executor,
  accountId: number,
  hosts: readonly string[],
  scope: IdScope,
): Promise<Map<string, string>> {
  const candidates = [...new Set(hosts.flatMap(namesServing))];
  const rows = await activeDomainsNamed(tx, accountId, candidates);
  const byName = new Map(rows.filter((r) => scope.all || scope.ids.has(r.id)).map((r) => [r.name, r.id]));
  const served = new Map<string, string>();
  for (const host of hosts) {
    const id = namesServing(host)
      .map((name) => byName.get(name))
      .find((found) => found !== undefined);
    if (id !== undefined) served.set(host, id);
  }
  return served;
}

/** The first URL whose host no active domain of the account (in `scope`) serves, if any. */
export async function firstUnaccelerated(
  tx: Executor,
  accountId: number,
  urls: readonly string[],
  scope: IdScope,
): Promise<{ index: number; host: string } | null> {
  const hosts = urls.map(contentHost);
  const served = await servingDomains(tx, accountId, hosts, scope);
  const index = hosts.findIndex((host) => !served.has(host));
  return index < 0 ? null : { index, host: hosts[index]! };
}

type ListQuery = z.output<typeof contentListQuery>;

/**
 * The records: the account's tasks of the last `recordDays` days, newest first, filtered and
 * paged. A sub-account granted only some domains sees the tasks it submitted itself (another's
 * may name domains it was not granted).
 */
export async function listTasks(
  db: Executor,
  accountId: number,
  query: ListQuery,
  viewer: { accountId: number; allDomains: boolean },
  now: Date,
): Promise<{ lists: ContentTask[]; total: number }> {
  const kept = new Date(now.getTime() - limits.content.recordDays * 86_400_000);
  const conditions: SQL[] = [eq(contentTasks.accountId, accountId), gte(contentTasks.createdAt, kept)];
  if (!viewer.allDomains) conditions.push(eq(contentTasks.createdBy, viewer.accountId));
  if (query.kind) conditions.push(eq(contentTasks.kind, query.kind));
  if (query.status) conditions.push(eq(contentTasks.status, query.status));
  if (query.start) conditions.push(gte(contentTasks.createdAt, new Date(query.start)));
  if (query.end) conditions.push(lt(contentTasks.createdAt, new Date(query.end)));
  if (query.keyword) {
    const keyword = query.keyword.toLowerCase();
    conditions.push(
      sql`exists (select 1 from jsonb_array_elements(${contentTasks.urls}) u where strpos(lower(u ->> 'url'), ${keyword}) > 0)`,
    );
  }
  if (query.updated_since) conditions.push(gt(contentTasks.changedAt, new Date(query.updated_since)));
  const where = and(...conditions);
  const [counted] = await db.select({ total: count() }).from(contentTasks).where(where);
  const rows = await selectTasks(db)
    .where(where)
    .orderBy(desc(contentTasks.createdAt), desc(contentTasks.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { lists: rows.map(taskOf), total: counted?.total ?? 0 };
}

import { and, asc, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { Code } from '../../../src/contract';
import type { DomainEntry, DomainGroup, domainListQuery } from '../../../src/contract/domain';
import { advisoryKey, aggregateLockName } from '../../commands/locks';
import type { Db, Executor } from '../../db/client';
import { domainGroups, domains } from '../../db/schema';
import { changeChannel, changePayload } from '../../http/changes';
import { AppError } from '../../http/envelope';
import { appendAudit, type AuditOrigin } from '../audit/service';
import { loginOf, loginOr } from '../account/service';

export type DomainRow = typeof domains.$inferSelect;
export type GroupRow = typeof domainGroups.$inferSelect;

export { cnameFor } from '../../../src/contract/rules/domain';

/**
 * The lock of a service domain's name. Names are unique across accounts, whose commands do not
 * share a lock: the commands that claim a name (create, copy, rename) take this one too, as their
 * last lock, so two accounts cannot claim one name at once.
 */
export const domainNameLockName = (name: string) => `domainName:${name}`;

export async function takeLock(tx: Executor, name: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${advisoryKey(name)}::bigint)`);
}

/** Not deleted, written as the predicate of the partial indexes so the planner can use them. */
export const live = sql`${domains.status} <> 'deleted'`;

/** A stored domain with the logins of the accounts that created and last changed it. */
export interface DomainState {
  row: DomainRow;
  createdBy: string;
  updatedBy: string;
}

export const entryOf = ({ row, createdBy, updatedBy }: DomainState): DomainEntry => ({
  id: row.id,
  domain: row.name,
  service_type: row.serviceType,
  area: row.area,
  business_type: row.businessType,
  cname: row.cname,
  group_id: row.groupId,
  status: row.status,
  special_config: row.specialConfig,
  origins: row.origins,
  copied_from: row.copiedFrom,
  created_by: createdBy,
  created_at: row.createdAt.toISOString(),
  updated_by: updatedBy,
  updated_at: row.updatedAt.toISOString(),
  version: row.version,
});

export const groupOf = (row: GroupRow): DomainGroup => ({
  id: row.id,
  name: row.name,
  deleted: row.deleted,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
  version: row.version,
});

function selectStates(db: Executor) {
  return db
    .select({
      row: domains,
      creatorLogin: loginOf(domains.createdBy),
      updaterLogin: loginOf(domains.updatedBy),
    })
    .from(domains);
}

const stateOf = (r: { row: DomainRow; creatorLogin: string | null; updaterLogin: string | null }) => ({
  row: r.row,
  createdBy: loginOr(r.creatorLogin, r.row.createdBy),
  updatedBy: loginOr(r.updaterLogin, r.row.updatedBy),
});

const ofAccount = (accountId: number, id: string) =>
  and(eq(domains.accountId, accountId), eq(domains.id, id));

/** A domain of the account, deleted or not; null when it has no domain of this id. */
export async function loadDomain(tx: Executor, accountId: number, id: string): Promise<DomainState | null> {
  const [found] = await selectStates(tx).where(ofAccount(accountId, id));
  return found ? stateOf(found) : null;
}

export async function loadGroup(tx: Executor, accountId: number, id: string): Promise<GroupRow | null> {
  const [found] = await tx
    .select()
    .from(domainGroups)
    .where(and(eq(domainGroups.accountId, accountId), eq(domainGroups.id, id)));
  return found ?? null;
}

/** The account's domains and groups, not deleted (its resources). */
export async function domainCounts(
  db: Executor,
  accountId: number,
): Promise<{ domains: number; groups: number }> {
  const result = await db.execute<{ domains: string | number; groups: string | number }>(
    sql`select (select count(*) from ${domains} where ${domains.accountId} = ${accountId} and ${live}) as domains,
      (select count(*) from ${domainGroups} where ${domainGroups.accountId} = ${accountId}
        and not ${domainGroups.deleted}) as groups`,
  );
  const row = result.rows[0];
  return { domains: Number(row?.domains ?? 0), groups: Number(row?.groups ?? 0) };
}

/** What the rules of a domain command read besides the domain itself; only what is asked is read. */
export interface RuleQuestions {
  /** Is this name used by a domain, not deleted, of any account (other than `exceptId` of the account)? */
  name?: string;
  exceptId?: string;
  /** Is this a group of the account, not deleted? */
  groupId?: string | null;
  /** How many domains belong to this copy? */
  copyId?: string;
  /** The status and special configuration of this domain of the account. */
  sourceId?: string;
  /** How many domains, not deleted, the account holds? */
  held?: boolean;
}

export interface RuleAnswers {
  nameTaken: boolean;
  groupExists: boolean;
  copyTargets: number;
  held: number;
  source: { status: DomainRow['status']; specialConfig: boolean } | null;
}

/** Answers the questions of `RuleQuestions` in one statement. */
export async function askRules(tx: Executor, accountId: number, q: RuleQuestions): Promise<RuleAnswers> {
  const no = sql`null`;
  const nameTaken =
    q.name === undefined
      ? no
      : sql`exists (select 1 from ${domains} where ${domains.name} = ${q.name} and ${live}
          and not (${domains.accountId} = ${accountId} and ${domains.id} = ${q.exceptId ?? ''}))`;
  const groupExists =
    q.groupId === undefined || q.groupId === null
      ? no
      : sql`exists (select 1 from ${domainGroups} where ${domainGroups.accountId} = ${accountId}
          and ${domainGroups.id} = ${q.groupId} and not ${domainGroups.deleted})`;
  const copyTargets =
    q.copyId === undefined
      ? no
      : sql`(select count(*) from ${domains} where ${domains.accountId} = ${accountId}
          and ${domains.copyId} = ${q.copyId})`;
  const held = q.held
    ? sql`(select count(*) from ${domains} where ${domains.accountId} = ${accountId} and ${live})`
    : no;
  const source = (column: SQL) =>
    q.sourceId === undefined
      ? no
      : sql`(select ${column} from ${domains} where ${ofAccount(accountId, q.sourceId)})`;
  const result = await tx.execute<{
    name_taken: boolean | null;
    group_exists: boolean | null;
    copy_targets: string | number | null;
    held: string | number | null;
    source_status: DomainRow['status'] | null;
    source_special: boolean | null;
  }>(
    sql`select ${nameTaken} as name_taken, ${groupExists} as group_exists, ${copyTargets} as copy_targets, ${held} as held,
      ${source(sql`${domains.status}`)} as source_status,
      ${source(sql`${domains.specialConfig}`)} as source_special`,
  );
  const row = result.rows[0];
  return {
    nameTaken: row?.name_taken === true,
    groupExists: row?.group_exists === true,
    copyTargets: Number(row?.copy_targets ?? 0),
    held: Number(row?.held ?? 0),
    source:
      row?.source_status != null
        ? { status: row.source_status, specialConfig: row.source_special === true }
        : null,
  };
}

/** Group rules: another group of the account, not deleted, has this name (any case); the groups in use. */
export async function askGroupRules(
  tx: Executor,
  accountId: number,
  q: { name?: string; exceptId: string; domainsOf?: string },
): Promise<{ nameTaken: boolean; groups: number; holdsDomains: boolean }> {
  const nameTaken =
    q.name === undefined
      ? sql`null`
      : sql`exists (select 1 from ${domainGroups} where ${domainGroups.accountId} = ${accountId}
          and lower(${domainGroups.name}) = lower(${q.name}) and not ${domainGroups.deleted}
          and ${domainGroups.id} <> ${q.exceptId})`;
  const holdsDomains =
    q.domainsOf === undefined
      ? sql`null`
      : sql`exists (select 1 from ${domains} where ${domains.accountId} = ${accountId}
          and ${domains.groupId} = ${q.domainsOf} and ${live})`;
  const result = await tx.execute<{
    name_taken: boolean | null;
    groups: string | number;
    holds_domains: boolean | null;
  }>(
    sql`select ${nameTaken} as name_taken, ${holdsDomains} as holds_domains,
      (select count(*) from ${domainGroups} where ${domainGroups.accountId} = ${accountId}
        and not ${domainGroups.deleted}) as groups`,
  );
  const row = result.rows[0];
  return {
    nameTaken: row?.name_taken === true,
    groups: Number(row?.groups ?? 0),
    holdsDomains: row?.holds_domains === true,
  };
}

// ---- reads ---------------------------------------------------------------------------------

export type ListQuery = z.output<typeof domainListQuery>;

/** Each sort follows an index of the account (see the schema), the id breaking ties. */
const orderings: Record<ListQuery['sort'], SQL[]> = {
  '-created_at': [desc(domains.createdAt), desc(domains.id)],
  created_at: [asc(domains.createdAt), asc(domains.id)],
  domain: [asc(domains.name), asc(domains.id)],
  '-domain': [desc(domains.name), desc(domains.id)],
  '-updated_at': [desc(domains.updatedAt), desc(domains.id)],
};

/**
 * In no group: none named, or one that was deleted since (spec §2 list "group"). A null group id
 * matches no group, so one anti-join covers both (and the planner can hash it).
 */
const inNoGroup = sql`not exists (
  select 1 from ${domainGroups} where ${domainGroups.accountId} = ${domains.accountId}
    and ${domainGroups.id} = ${domains.groupId} and not ${domainGroups.deleted})`;

/**
 * The domains of an account: filtered, sorted and paged, with the total. Without `updated_since`
 * deleted domains are left out; with it, every domain changed since is listed, deleted ones
 * included, so that a browser holding the list learns of deletions.
 *
 * One statement: the page's ids in the order of an index (`domains_live_*`, `domains_status_idx`,
 * `domains_updated_idx`: no sort, and only the index's narrow entries are read up to a deep
 * offset), then the page's rows with their creators' and editors' logins, and the total as an
 * init plan. An empty page (past the end, or nothing matches) asks for the total alone.
 */
export async function listDomains(
  db: Db,
  accountId: number,
  query: ListQuery,
  only?: ReadonlySet<string>,
): Promise<{ lists: DomainEntry[]; total: number }> {
  const conditions: SQL[] = [eq(domains.accountId, accountId)];
  // Only these domains (a sub-account's data permission); none at all when the set is empty.
  if (only) conditions.push(only.size > 0 ? inArray(domains.id, [...only]) : sql`false`);
  if (query.updated_since) conditions.push(gt(domains.updatedAt, new Date(query.updated_since)));
  else conditions.push(live);
  if (query.keyword) conditions.push(sql`strpos(${domains.name}, ${query.keyword.toLowerCase()}) > 0`);
  if (query.status) conditions.push(eq(domains.status, query.status));
  if (query.group_id === 'none') conditions.push(inNoGroup);
  else if (query.group_id) conditions.push(eq(domains.groupId, query.group_id));
  if (query.service_type) conditions.push(eq(domains.serviceType, query.service_type));
  if (query.area) conditions.push(eq(domains.area, query.area));
  const where = and(...conditions);
  const order = orderings[query.sort];
  const counted = db.select({ total: count() }).from(domains).where(where);
  const page = db
    .select({ id: domains.id })
    .from(domains)
    .where(where)
    .orderBy(...order)
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size)
    .as('page');
  const rows = await db
    .select({
      row: domains,
      creatorLogin: loginOf(domains.createdBy),
      updaterLogin: loginOf(domains.updatedBy),
      total: sql<number>`(${counted})`.mapWith(Number),
    })
    .from(page)
    .innerJoin(domains, and(eq(domains.accountId, accountId), eq(domains.id, page.id)))
    .orderBy(...order);
  const total = rows[0]?.total ?? (await counted)[0]?.total ?? 0;
  return { lists: rows.map((r) => entryOf(stateOf(r))), total };
}

/** The domains of the account with these ids, deleted ones included (those that exist). */
export async function domainsByIds(
  db: Db,
  accountId: number,
  ids: readonly string[],
): Promise<DomainEntry[]> {
  if (ids.length === 0) return [];
  const rows = await selectStates(db).where(
    and(eq(domains.accountId, accountId), inArray(domains.id, [...ids])),
  );
  return rows.map((r) => entryOf(stateOf(r)));
}

/** Which of these ids are domains of the account not deleted, with their names. */
export async function liveDomainsAmong(db: Executor, accountId: number, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: domains.id, domain: domains.name })
    .from(domains)
    .where(and(eq(domains.accountId, accountId), inArray(domains.id, [...ids]), live));
}

/** Every domain of the account not deleted, by name: id, name and status only. */
export async function domainNames(db: Executor, accountId: number) {
  return db
    .select({ id: domains.id, domain: domains.name, status: domains.status })
    .from(domains)
    .where(and(eq(domains.accountId, accountId), live))
    .orderBy(asc(domains.name));
}

/** Which of these names are live domains of the account (a rewrite's target domains). */
export async function liveNamesAmong(db: Executor, accountId: number, names: readonly string[]) {
  if (names.length === 0) return [];
  const rows = await db
    .select({ domain: domains.name })
    .from(domains)
    .where(and(eq(domains.accountId, accountId), live, inArray(domains.name, [...names])));
  return rows.map((row) => row.domain);
}

/** The account's live domains among these names, whatever their state: id and name. */
export async function liveDomainsNamed(db: Executor, accountId: number, names: readonly string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: domains.id, name: domains.name })
    .from(domains)
    .where(and(eq(domains.accountId, accountId), live, inArray(domains.name, [...names])));
}

/** The account's active domains among these names: id and name (refresh targets). */
export async function activeDomainsNamed(db: Executor, accountId: number, names: readonly string[]) {
  if (names.length === 0) return [];
  return db
    .select({ id: domains.id, name: domains.name })
    .from(domains)
    .where(
      and(eq(domains.accountId, accountId), eq(domains.status, 'active'), inArray(domains.name, [...names])),
    );
}

/** One domain of the account, not deleted; 40401 otherwise (absent, deleted or another account's). */
export async function domainDetail(db: Db, accountId: number, id: string): Promise<DomainEntry> {
  const [found] = await selectStates(db).where(and(ofAccount(accountId, id), live));
  if (!found) throw new AppError(Code.notFound, 'common.notFound');
  return entryOf(stateOf(found));
}

/** The account's groups: those not deleted, or, with `updatedSince`, every group changed since. */
export async function listGroups(db: Db, accountId: number, updatedSince?: string): Promise<DomainGroup[]> {
  const rows = await db
    .select()
    .from(domainGroups)
    .where(
      and(
        eq(domainGroups.accountId, accountId),
        updatedSince ? gt(domainGroups.updatedAt, new Date(updatedSince)) : sql`not ${domainGroups.deleted}`,
      ),
    )
    .orderBy(asc(domainGroups.createdAt), asc(domainGroups.id));
  return rows.map(groupOf);
}

// ---- operator ------------------------------------------------------------------------------

/**
 * Sets or clears a domain's special configuration (spec §6: made through a work order, by the
 * operator). The domain is the one of that name that is not deleted, whatever its account. A
 * change raises its version by one, under the account's domain lock like a command, with an audit
 * event; setting what is already set changes nothing. Answers the domain and whether it changed.
 */
export async function setSpecialConfig(
  db: Db,
  name: string,
  on: boolean,
  context: { origin: AuditOrigin; ip?: string; notifyOthers?: boolean },
): Promise<{ entry: DomainEntry; changed: boolean; accountId: number }> {
  const domainName = name.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ accountId: domains.accountId, id: domains.id })
      .from(domains)
      .where(and(eq(domains.name, domainName), live));
    if (!owner) throw new AppError(Code.notFound, 'operator.unknownDomain');
    // The lock every command of this domain holds.
    await takeLock(tx, aggregateLockName(owner.accountId, 'domain', owner.id));
    // Read again under the lock: a command may have renamed or deleted it meanwhile.
    const [found] = await selectStates(tx).where(
      and(eq(domains.accountId, owner.accountId), eq(domains.name, domainName), live),
    );
    if (!found) throw new AppError(Code.notFound, 'operator.unknownDomain');
    const state = stateOf(found);
    if (state.row.specialConfig === on)
      return { entry: entryOf(state), changed: false, accountId: owner.accountId };
    const now = new Date();
    await tx
      .update(domains)
      .set({ specialConfig: on, version: state.row.version + 1, updatedAt: now, updatedBy: owner.accountId })
      .where(ofAccount(owner.accountId, state.row.id));
    await appendAudit(tx, {
      accountId: owner.accountId,
      actorId: owner.accountId,
      action: 'domain.specialConfig',
      target: state.row.id,
      before: { special_config: !on },
      after: { special_config: on },
      origin: context.origin,
      ip: context.ip ?? '',
      at: now,
    });
    if (context.notifyOthers)
      await tx.execute(
        sql`select pg_notify(${changeChannel}, ${changePayload({ accountId: owner.accountId, kind: 'domain', id: state.row.id })})`,
      );
    const changed = await loadDomain(tx, owner.accountId, state.row.id);
    if (!changed) throw new Error('the domain changed is gone');
    return { entry: entryOf(changed), changed: true, accountId: owner.accountId };
  });
}

// ---- the overview's read -------------------------------------------------------------------

const summaryColumns = {
  id: domains.id,
  name: domains.name,
  status: domains.status,
  serviceType: domains.serviceType,
  area: domains.area,
  cname: domains.cname,
  createdAt: domains.createdAt,
};

/** What the overview reads of a domain. */
export type DomainSummaryRow = Pick<typeof domains.$inferSelect, keyof typeof summaryColumns>;

/** The account's domains that still count: deleted domains are left out of every overview figure. */
export async function domainSummaries(db: Db, accountId: number): Promise<DomainSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(domains)
    .where(and(eq(domains.accountId, accountId), live))
    .orderBy(asc(domains.createdAt), asc(domains.id));
}

/** The live domains of any account with these names (access logs name their domain only). */
export async function liveDomainsByName(db: Executor, names: readonly string[]) {
  if (names.length === 0) return [];
  return db
    .select({ accountId: domains.accountId, id: domains.id, name: domains.name })
    .from(domains)
    .where(and(live, inArray(domains.name, [...names])));
}

/** The ids of the account's domains created by these accounts (a sub-account's data permission by owner). */
export async function domainIdsCreatedBy(
  db: Executor,
  accountId: number,
  creators: readonly number[],
): Promise<string[]> {
  if (creators.length === 0) return [];
  const rows = await db
    .select({ id: domains.id })
    .from(domains)
    .where(and(eq(domains.accountId, accountId), inArray(domains.createdBy, [...creators])));
  return rows.map((r) => r.id);
}

/**
 * What the edge serves of domains (every account's): all domains not deleted when `ids` is null,
 * else those of these ids that exist, deleted ones included (the edge stops serving them).
 */
export async function edgeDomainRows(db: Executor, ids: readonly string[] | null) {
  const columns = {
    id: domains.id,
    accountId: domains.accountId,
    name: domains.name,
    status: domains.status,
    origins: domains.origins,
    version: domains.version,
  };
  if (ids === null) return db.select(columns).from(domains).where(live);
  if (ids.length === 0) return [];
  return db
    .select(columns)
    .from(domains)
    .where(inArray(domains.id, [...ids]));
}

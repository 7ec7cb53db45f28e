import { and, eq, sql } from 'drizzle-orm';
import type { DomainEntry } from '../../../src/contract/domain';
import type { Db } from '../../db/client';
import { domainGroups } from '../../db/schema';
import type { Change, ChangeFeed } from '../../http/changes';
import { domainsByIds, listDomains, type ListQuery } from './service';

/** The domains of one account as kept in memory: every live one, and the groups that exist. */
interface AccountDomains {
  byId: Map<string, DomainEntry>;
  liveGroups: Set<string>;
  /** Each sort's order of every live domain, made when first asked for and dropped on change. */
  sorted: Map<ListQuery['sort'], DomainEntry[]>;
  /** The domains of the filters asked lately, in their sort: the filter runs once, the pages often. */
  views: Map<string, DomainEntry[]>;
  /** Domains changed since they were read: read again before answering. */
  changedIds: Set<string>;
  /** A group changed since the groups were read. */
  groupsChanged: boolean;
  /** The read of those changes under way, which every page waits for. */
  refreshing: Promise<void> | null;
  rows: number;
}

function mark(kept: AccountDomains, change: Change): void {
  if (change.kind === 'domainGroup') kept.groupsChanged = true;
  else kept.changedIds.add(change.id);
}

type Compare = (a: DomainEntry, b: DomainEntry) => number;
/** Byte order, as the database's C collation sorts names; the id breaks ties as in SQL. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const tie: Compare = (a, b) => byText(a.id, b.id);
const comparators: Record<ListQuery['sort'], Compare> = {
  '-created_at': (a, b) => byText(b.created_at, a.created_at) || -tie(a, b),
  created_at: (a, b) => byText(a.created_at, b.created_at) || tie(a, b),
  domain: (a, b) => byText(a.domain, b.domain) || tie(a, b),
  '-domain': (a, b) => byText(b.domain, a.domain) || -tie(a, b),
  '-updated_at': (a, b) => byText(b.updated_at, a.updated_at) || -tie(a, b),
};

/**
 * The domain list of each account, kept in memory, so that a page of it (filtered, sorted, paged:
 * the list call without `updated_since`) is answered without asking the database: on the
 * embedded database a list query takes 3 to 10 ms of the one thread that serves every call.
 *
 * It is exact: the first read of an account loads its live domains; every committed change of a
 * domain or a group is noted (`changed`: in this process at once, from other processes through
 * the database's notifications), and the next read reads those domains again by id (the groups,
 * when one changed) before answering.
 * While notifications from other processes cannot be received (`trusted` false), every read goes
 * to the database.
 *
 * The accounts least recently read leave memory once `maxRows` domains are kept.
 */
export class DomainListIndex {
  private readonly accounts = new Map<number, AccountDomains>();
  private rows = 0;
  /** Raised by `clear`: a load that began before it is not kept. */
  private generation = 0;
  /** Whether changes made by other processes reach `changed`. */
  trusted = true;

  constructor(
    private readonly db: Db,
    private readonly maxRows = 200_000,
  ) {}

  /** A domain or group of the account changed (committed): the next read brings it in. */
  changed(change: Change): void {
    const kept = this.accounts.get(change.accountId);
    if (kept) mark(kept, change);
    // A load under way may have read before the change: it is read again once loaded.
    if (this.loading.has(change.accountId)) {
      const pending = this.changedWhileLoading.get(change.accountId) ?? [];
      pending.push(change);
      this.changedWhileLoading.set(change.accountId, pending);
    }
  }

  /** Follows the committed changes of `feed`: domains and groups mark their account stale. */
  follow(feed: ChangeFeed): () => void {
    this.trusted = feed.complete;
    return feed.subscribe({
      changed: (change) => {
        if (change.kind === 'domain' || change.kind === 'domainGroup') this.changed(change);
      },
      lost: () => {
        this.trusted = false;
        this.clear();
      },
      restored: () => {
        // What changed while notifications did not arrive is unknown: start from the database.
        this.clear();
        this.trusted = true;
      },
    });
  }

  /** Forgets everything (notifications may have been missed). */
  clear(): void {
    this.generation += 1;
    this.accounts.clear();
    this.rows = 0;
  }

  async page(accountId: number, query: ListQuery): Promise<{ lists: DomainEntry[]; total: number }> {
    if (!this.trusted) return listDomains(this.db, accountId, query);
    const kept = await this.current(accountId);
    const filtered = this.view(kept, query);
    const from = (query.page - 1) * query.page_size;
    return { lists: filtered.slice(from, from + query.page_size), total: filtered.length };
  }

  /** Accounts whose first load is under way: a second caller waits for the same load. */
  private readonly loading = new Map<number, Promise<AccountDomains>>();
  private readonly changedWhileLoading = new Map<number, Change[]>();

  /** The live domains matching the query's filters, in its sort. */
  private view(kept: AccountDomains, query: ListQuery): DomainEntry[] {
    let sorted = kept.sorted.get(query.sort);
    if (!sorted) {
      sorted = [...kept.byId.values()].sort(comparators[query.sort]);
      kept.sorted.set(query.sort, sorted);
    }
    const keyword = query.keyword?.toLowerCase() || undefined;
    const { status, group_id: group, service_type: serviceType, area } = query;
    if (!keyword && !status && !group && !serviceType && !area) return sorted;
    const key = JSON.stringify([query.sort, keyword, status, group, serviceType, area]);
    const viewed = kept.views.get(key);
    if (viewed) return viewed;
    const matches = (entry: DomainEntry) =>
      (keyword === undefined || entry.domain.includes(keyword)) &&
      (status === undefined || entry.status === status) &&
      (group === undefined ||
        (group === 'none'
          ? entry.group_id === null || !kept.liveGroups.has(entry.group_id)
          : entry.group_id === group)) &&
      (serviceType === undefined || entry.service_type === serviceType) &&
      (area === undefined || entry.area === area);
    const filtered = sorted.filter(matches);
    if (kept.views.size >= 64) {
      const oldest = kept.views.keys().next();
      if (!oldest.done) kept.views.delete(oldest.value);
    }
    kept.views.set(key, filtered);
    return filtered;
  }

  private async current(accountId: number): Promise<AccountDomains> {
    let kept = this.accounts.get(accountId);
    if (!kept) {
      const generation = this.generation;
      let load = this.loading.get(accountId);
      if (!load) {
        load = this.load(accountId).finally(() => this.loading.delete(accountId));
        this.loading.set(accountId, load);
      }
      kept = await load;
      // Forgotten meanwhile (notifications were lost): answered once, not kept.
      if (generation !== this.generation) return kept;
      for (const change of this.changedWhileLoading.get(accountId) ?? []) mark(kept, change);
      this.changedWhileLoading.delete(accountId);
      if (!this.accounts.has(accountId)) {
        this.accounts.set(accountId, kept);
        this.rows += kept.rows;
      }
    }
    while (kept.changedIds.size > 0 || kept.groupsChanged || kept.refreshing) {
      kept.refreshing ??= this.refresh(accountId, kept).finally(() => {
        if (kept) kept.refreshing = null;
      });
      await kept.refreshing;
    }
    // Least recently read last: re-inserting moves it to the end of the Map's order.
    this.accounts.delete(accountId);
    this.accounts.set(accountId, kept);
    this.evict(accountId);
    return kept;
  }

  private async load(accountId: number): Promise<AccountDomains> {
    const kept: AccountDomains = {
      byId: new Map(),
      liveGroups: new Set(),
      sorted: new Map(),
      views: new Map(),
      changedIds: new Set(),
      groupsChanged: false,
      refreshing: null,
      rows: 0,
    };
    kept.liveGroups = await this.liveGroups(accountId);
    for (let page = 1; ; page += 1) {
      const { lists } = await listDomains(this.db, accountId, {
        sort: 'created_at',
        page,
        page_size: 1000,
      });
      for (const entry of lists) kept.byId.set(entry.id, entry);
      if (lists.length < 1000) break;
    }
    kept.rows = kept.byId.size;
    return kept;
  }

  /** Reads again exactly what changed: the domains by id, the groups if one changed. */
  private async refresh(accountId: number, kept: AccountDomains): Promise<void> {
    // Taken first: a change committed while this read runs is marked again and read next.
    const ids = [...kept.changedIds];
    const groups = kept.groupsChanged;
    kept.changedIds.clear();
    kept.groupsChanged = false;
    for (const entry of await domainsByIds(this.db, accountId, ids)) {
      if (entry.status === 'deleted') kept.byId.delete(entry.id);
      else kept.byId.set(entry.id, entry);
    }
    if (groups) kept.liveGroups = await this.liveGroups(accountId);
    kept.sorted.clear();
    kept.views.clear();
    this.rows += kept.byId.size - kept.rows;
    kept.rows = kept.byId.size;
  }

  private async liveGroups(accountId: number): Promise<Set<string>> {
    const rows = await this.db
      .select({ id: domainGroups.id })
      .from(domainGroups)
      .where(and(eq(domainGroups.accountId, accountId), sql`not ${domainGroups.deleted}`));
    return new Set(rows.map((row) => row.id));
  }

  private evict(keep: number): void {
    for (const [accountId, kept] of this.accounts) {
      if (this.rows <= this.maxRows) return;
      if (accountId === keep) continue;
      this.accounts.delete(accountId);
      this.rows -= kept.rows;
    }
  }
}

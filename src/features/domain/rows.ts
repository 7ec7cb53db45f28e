import type { DomainEntry, DomainGroup } from '../../contract/domain';
import { isPrimary, primaryLevel } from '../../contract/rules/domain';
import { pendingState, type OutboxEntry, type Projected } from '../../store';
import type { DomainListSearch } from './search';

/** One line of the list: the projected domain and what the list needs of it, computed once. */
export interface DomainRow {
  id: string;
  entry: DomainEntry;
  /** The address of the first primary origin, and how many origins there are besides it. */
  primaryOrigin: string;
  moreOrigins: number;
  /** The group's name; null: in no group (or in a group deleted meanwhile). */
  groupName: string | null;
  pending: readonly OutboxEntry[];
  pendingState: ReturnType<typeof pendingState>;
  /** Creation time (ms); a domain not yet on the server counts from its first queued command. */
  createdAt: number;
}

export function primaryOriginOf(entry: DomainEntry): { address: string; more: number } {
  const primary = primaryLevel(entry.origins);
  const first = entry.origins.find((o) => isPrimary(o, primary));
  return { address: first?.address ?? '', more: Math.max(0, entry.origins.length - 1) };
}

/** The groups that exist as the user sees them (pending creations included, deletions excluded), by name. */
export function liveGroups(projected: readonly Projected<DomainGroup>[]): DomainGroup[] {
  const groups: DomainGroup[] = [];
  for (const item of projected) if (item.state && !item.state.deleted) groups.push(item.state);
  return groups.sort((a, b) => a.name.localeCompare(b.name));
}

/** The domains as the user sees them; deleted ones (on the server or pending) are left out. */
export function toRows(
  projected: readonly Projected<DomainEntry>[],
  groups: readonly DomainGroup[],
): DomainRow[] {
  const names = new Map(groups.map((g) => [g.id, g.name]));
  const rows: DomainRow[] = [];
  for (const item of projected) {
    const entry = item.state;
    if (!entry || entry.status === 'deleted') continue;
    const origin = primaryOriginOf(entry);
    const created = entry.created_at === '' ? NaN : Date.parse(entry.created_at);
    rows.push({
      id: item.id,
      entry,
      primaryOrigin: origin.address,
      moreOrigins: origin.more,
      groupName: entry.group_id === null ? null : (names.get(entry.group_id) ?? null),
      pending: item.pending,
      pendingState: pendingState(item.pending),
      createdAt: Number.isNaN(created) ? (item.pending[0]?.createdAt ?? 0) : created,
    });
  }
  return rows;
}

const byName = (a: DomainRow, b: DomainRow) =>
  a.entry.domain < b.entry.domain ? -1 : a.entry.domain > b.entry.domain ? 1 : 0;

const sorters: Record<NonNullable<DomainListSearch['sort']>, (a: DomainRow, b: DomainRow) => number> = {
  newest: (a, b) => b.createdAt - a.createdAt || byName(a, b),
  oldest: (a, b) => a.createdAt - b.createdAt || byName(a, b),
  name: byName,
  'name-desc': (a, b) => byName(b, a),
};

/**
 * The rows of one view of the list: filtered as the address says, then sorted. A domain in a
 * group that no longer exists counts as in no group.
 */
export function viewOf(rows: readonly DomainRow[], search: DomainListSearch): DomainRow[] {
  const keyword = search.keyword?.trim().toLowerCase() ?? '';
  const result = rows.filter(
    (row) =>
      (keyword === '' || row.entry.domain.includes(keyword)) &&
      (search.status === undefined || row.entry.status === search.status) &&
      (search.group === undefined ||
        (search.group === 'none' ? row.groupName === null : row.entry.group_id === search.group)) &&
      (search.type === undefined || row.entry.service_type === search.type) &&
      (search.area === undefined || row.entry.area === search.area),
  );
  return result.sort(sorters[search.sort ?? 'newest']);
}

/** Domains per group id (`none`: in no group), for the group sidebar. */
export function countByGroup(rows: readonly DomainRow[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const key = row.groupName === null ? 'none' : (row.entry.group_id ?? 'none');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

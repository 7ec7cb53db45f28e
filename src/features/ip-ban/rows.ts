import type { IpBanEntry } from '../../contract/ip-ban';
import { parseRange, rangeContains, type IpRange } from '../../contract/rules/ip';
import { effectiveStatus, type BannedEntry, type IpBanStatus } from '../../contract/rules/ip-ban';
import { pendingState, type OutboxEntry, type Projected } from '../../store';
import type { IpBanListSort, IpBanSearch } from './search';

/** One line of the list: the projected entry and what the list needs of it, computed once. */
export interface IpBanRow {
  id: string;
  entry: IpBanEntry;
  /** Null only for an id that is not a valid range (never from the server). */
  range: IpRange | null;
  /** As in force now: an expired ban reads as unbanned. */
  status: IpBanStatus;
  /** Banned, but its expiry has passed. */
  expired: boolean;
  pending: readonly OutboxEntry[];
  pendingState: ReturnType<typeof pendingState>;
  /** Creation time (ms); an entry not yet on the server counts from its first queued command. */
  createdAt: number;
  expiresAt: number | null;
  /** Lowercase id and reason, for the search. */
  haystack: string;
}

/** Ids are canonical and never change meaning, so each is parsed once per page load. */
const ranges = new Map<string, IpRange | null>();
export function rangeOf(id: string): IpRange | null {
  let range = ranges.get(id);
  if (range === undefined) {
    const parsed = parseRange(id);
    range = parsed.ok ? parsed.range : null;
    ranges.set(id, range);
  }
  return range;
}

export function toRows(projected: readonly Projected<IpBanEntry>[], now: number): IpBanRow[] {
  const rows: IpBanRow[] = [];
  for (const item of projected) {
    const entry = item.state;
    if (!entry) continue;
    const status = effectiveStatus(entry, now);
    const expiresAt = entry.expires_at === null ? null : Date.parse(entry.expires_at);
    const created = entry.created_at === '' ? NaN : Date.parse(entry.created_at);
    rows.push({
      id: item.id,
      entry,
      range: rangeOf(item.id),
      status,
      expired: entry.status === 'banned' && status === 'unbanned',
      pending: item.pending,
      pendingState: pendingState(item.pending),
      createdAt: Number.isNaN(created) ? (item.pending[0]?.createdAt ?? now) : created,
      expiresAt: expiresAt === null || Number.isNaN(expiresAt) ? null : expiresAt,
      haystack: `${item.id}\n${entry.reason}`.toLowerCase(),
    });
  }
  return rows;
}

export function filterRows(rows: readonly IpBanRow[], search: IpBanSearch): IpBanRow[] {
  const keyword = search.keyword?.trim().toLowerCase() ?? '';
  const family = search.family === undefined ? null : Number(search.family);
  if (keyword === '' && !search.status && family === null) return [...rows];
  return rows.filter(
    (row) =>
      (keyword === '' || row.haystack.includes(keyword)) &&
      (!search.status || row.status === search.status) &&
      (family === null || row.entry.family === family),
  );
}

const byId = (a: IpBanRow, b: IpBanRow) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** By address: IPv4 before IPv6, then the first address, a wider range before a narrower one. */
function byAddress(a: IpBanRow, b: IpBanRow): number {
  const ra = a.range;
  const rb = b.range;
  if (!ra || !rb) return ra ? -1 : rb ? 1 : byId(a, b);
  if (ra.family !== rb.family) return ra.family - rb.family;
  if (ra.start !== rb.start) return ra.start < rb.start ? -1 : 1;
  return ra.prefix - rb.prefix;
}

const comparators: Record<IpBanListSort, (a: IpBanRow, b: IpBanRow) => number> = {
  newest: (a, b) => b.createdAt - a.createdAt || byId(a, b),
  oldest: (a, b) => a.createdAt - b.createdAt || byId(a, b),
  address: byAddress,
  // The soonest expiry first; a ban without expiry lasts longest.
  expiry: (a, b) =>
    (a.expiresAt ?? Infinity) - (b.expiresAt ?? Infinity) || b.createdAt - a.createdAt || byId(a, b),
};

/** Sorts in place and returns the array. */
export function sortRows(rows: IpBanRow[], sort: IpBanListSort): IpBanRow[] {
  return rows.sort(comparators[sort]);
}

/** The entries in force, as the ban rules compare new lines with them. */
export function inForceEntries(rows: readonly IpBanRow[]): BannedEntry[] {
  const result: BannedEntry[] = [];
  for (const row of rows)
    if (row.status === 'banned' && row.range) result.push({ id: row.id, range: row.range });
  return result;
}

/** The narrowest entry in force that covers the address, as the server's lookup answers. */
export function coveringRow(
  rows: readonly IpBanRow[],
  address: { family: 4 | 6; value: bigint },
): IpBanRow | null {
  let best: IpBanRow | null = null;
  for (const row of rows) {
    if (row.status !== 'banned' || !row.range) continue;
    if (!rangeContains(row.range, address.family, address.value)) continue;
    if (!best?.range || row.range.prefix > best.range.prefix) best = row;
  }
  return best;
}

/** Whether a row can be selected for a bulk unban: banned, with no refused edit waiting. */
export const selectable = (row: IpBanRow) =>
  row.status === 'banned' && row.pendingState !== 'rejected' && row.pendingState !== 'conflict';

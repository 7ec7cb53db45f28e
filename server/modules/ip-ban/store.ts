import type { WithSubquery } from 'drizzle-orm';
import type { IpBanEntry } from '../../../src/contract/ip-ban';
import { parseRange } from '../../../src/contract/rules/ip';
import { rowWrite, stamped, type AggregateStore } from '../../aggregates/types';
import { ipBans } from '../../db/schema';
import { bannedCountChange, entryOf, loadEntryById, rangeColumns } from './service';

/** How a change of status moves the count of banned entries (`ip_ban_lists`). */
const bannedDelta = (from: IpBanEntry['status'] | null, to: IpBanEntry['status']) =>
  (to === 'banned' ? 1 : 0) - (from === 'banned' ? 1 : 0);

/** The ban list's entry: the row of `ip_bans`, and the list's count of banned entries. */
export const ipBanStore: AggregateStore<IpBanEntry> = {
  async load(tx, accountId, id) {
    const state = await loadEntryById(tx, accountId, id);
    return state ? { version: state.row.version, state: entryOf(state) } : null;
  },
  save(tx, name, input) {
    const { after } = input;
    const columns = {
      status: after.status,
      reason: after.reason,
      expiresAt: after.expires_at === null ? null : new Date(after.expires_at),
    };
    // A new entry's id is its canonical range (the payload's schema made it so): its columns follow.
    let created = {};
    if (!input.before) {
      const parsed = parseRange(input.id);
      if (!parsed.ok) throw new Error(`not a canonical range: ${input.id}`);
      created = rangeColumns(parsed.range);
    }
    const write = rowWrite(tx, ipBans, input, columns, created);
    const writes: WithSubquery[] = [tx.$with(name).as(write)];
    const delta = bannedDelta(input.before?.state.status ?? null, after.status);
    if (delta !== 0) writes.push(bannedCountChange(tx, input.accountId, delta, `${name}_banned`));
    return { writes, state: stamped(input) };
  },
};

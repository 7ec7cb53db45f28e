import { limits } from '../../../src/contract/limits';
import { parseRange } from '../../../src/contract/rules/ip';
import type { LockSpec, ServerSides } from '../../aggregates/types';
import { countInForce, entryOf, loadEntry } from './service';

/** The ban list's own lock: a ban reads the list (its overlaps, its count). */
const ipBanList = (accountId: number): LockSpec[] => [{ name: `ipBan:${accountId}` }];

/** The server side of the ban list's commands (see `ServerSide`). */
export const ipBanServerSides: ServerSides = {
  'ipBan.ban': {
    locks: ({ accountId }) => ipBanList(accountId),
    async load(tx, { accountId, payload, now }) {
      const parsed = parseRange(payload.cidr);
      if (!parsed.ok) throw new Error(`not a canonical range: ${payload.cidr}`);
      const loaded = await loadEntry(tx, accountId, payload.cidr, parsed.range, now);
      // The count kept with the list is of banned entries, expired ones included: near the limit,
      // the ones in force are counted.
      const banned =
        loaded.banned >= limits.ipBan.entriesMax ? await countInForce(tx, accountId, now) : loaded.banned;
      return {
        current: {
          ipBan: loaded.entry ? { version: loaded.entry.row.version, state: entryOf(loaded.entry) } : null,
        },
        facts: { overlapping: loaded.overlapping, banned },
      };
    },
  },
};

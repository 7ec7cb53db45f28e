import { useMemo } from 'react';
import type { DomainEntry, DomainGroup } from '../../contract/domain';
import { project, type OutboxEntry, type Projected, type ReadRow } from '../../store';
import { useLiveQuery } from '../../sync/react';
import { domainFold, domainGroupFold } from './fold';
import { domainKind, domainReadKey, groupKind } from './pull';
import { liveGroups, toRows, type DomainRow } from './rows';

export interface DomainData {
  /** Every domain as the user sees it (not deleted): the server's with pending edits folded over. */
  rows: DomainRow[];
  /** Every domain projected, deleted ones included (the detail screen says when one is gone). */
  projected: Map<string, Projected<DomainEntry>>;
  groups: DomainGroup[];
  outbox: OutboxEntry[];
  /** The last read of the domains from the server; undefined when never read on this device. */
  read: ReadRow | undefined;
}

/**
 * The domains and groups from the store, kept up to date as the store changes (in this tab or
 * another): undefined until the store has answered (or while there is no store).
 */
export function useDomainData(): DomainData | undefined {
  const stored = useLiveQuery(async ({ store }) => {
    const [domains, groups, outbox, read] = await Promise.all([
      store.snapshotsOf(domainKind),
      store.snapshotsOf(groupKind),
      store.pending(),
      store.lastRead(domainReadKey),
    ]);
    return { domains, groups, outbox, read };
  }, []);
  return useMemo(() => {
    if (!stored) return undefined;
    const groups = liveGroups(project<DomainGroup>(stored.groups, stored.outbox, groupKind, domainGroupFold));
    const projected = project<DomainEntry>(stored.domains, stored.outbox, domainKind, domainFold);
    return {
      rows: toRows(projected, groups),
      projected: new Map(projected.map((item) => [item.id, item])),
      groups,
      outbox: stored.outbox,
      read: stored.read,
    };
  }, [stored]);
}

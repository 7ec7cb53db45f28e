import { api } from '../../api';
import type { InputOf, OutputOf } from '../../contract';
import { limits } from '../../contract/limits';
import type { Store } from '../../store';
import { pullList } from '../../sync/pull';

/** The snapshots' kinds and the keys of their last reads in the store. */
export const domainKind = 'domain';
export const domainReadKey = 'domain';
export const groupKind = 'domainGroup';
export const groupReadKey = 'domainGroup';

type DomainListCall = (input: InputOf<'domainList'>) => Promise<OutputOf<'domainList'>>;
type GroupListCall = (input: InputOf<'domainGroupList'>) => Promise<OutputOf<'domainGroupList'>>;

/**
 * Brings the stored domains and groups up to date: the whole lists the first time, then what
 * changed (deletions included). The browser keeps every domain of the account, so the list can
 * be searched, filtered and sorted offline and at the speed of typing.
 */
export async function pullDomains(
  store: Store,
  calls: { domains?: DomainListCall; groups?: GroupListCall } = {},
): Promise<void> {
  const domains = calls.domains ?? ((input) => api.call('domainList', input));
  const groups = calls.groups ?? ((input) => api.call('domainGroupList', input));
  await pullList(store, {
    kind: groupKind,
    readKey: groupReadKey,
    pageSize: limits.domain.groupsMax,
    read: ({ updated_since }) => groups(updated_since === undefined ? {} : { updated_since }),
  });
  await pullList(store, {
    kind: domainKind,
    readKey: domainReadKey,
    pageSize: limits.domain.pageSizeMax,
    read: (query) => domains({ ...query, sort: 'created_at' }),
  });
}

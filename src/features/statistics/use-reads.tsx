import type { ComponentType } from 'react';
import { ReadsProvider, useCall } from '../../sync/reads';
import { useAppState } from '../../ui/app-state';

/** The account pair whose read cache keeps what this page viewed. */
function useReadAccounts() {
  const { loginInfo } = useAppState();
  return loginInfo ? { actorId: loginInfo.user_id, accountId: loginInfo.view_id } : null;
}

/** A screen (or card) of this feature inside the read layer of the signed-in account pair. */
export function withReads<P extends object>(Body: ComponentType<P>) {
  return function WithReads(props: P) {
    return (
      <ReadsProvider accounts={useReadAccounts()}>
        <Body {...props} />
      </ReadsProvider>
    );
  };
}

/** The domains of the account for the selectors (id and name), and names by id. */
export function useDomainNames() {
  const read = useCall('domainNames', undefined);
  const lists = read.data?.lists ?? [];
  return { lists, names: new Map(lists.map((d) => [d.id, d.domain])) };
}

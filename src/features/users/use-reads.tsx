import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ComponentType } from 'react';
import { api } from '../../api';
import type { EndpointName, InputOf, OutputOf } from '../../contract';
import { useCall, withReads as withAccountReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';

/** A screen of this feature inside the read layer of the signed-in account pair. */
export const withReads = <P extends object>(Body: ComponentType<P>) =>
  withAccountReads(Body, useReadAccounts);

/** The sub-accounts of the signed-in main account (at most 5, spec §9). */
export const useChildren = () => useCall('childLists', undefined);

/** The domains to choose from (id and name). */
export function useDomainOptions() {
  const read = useCall('domainNames', undefined);
  const lists = read.data?.lists;
  const options = useMemo(() => (lists ?? []).map((d) => ({ id: d.id, label: d.domain })), [lists]);
  return { read, options };
}

/** The certificates to choose from: their names, with the names they cover. */
export function useCertOptions() {
  const read = useCall('certList', {});
  const lists = read.data?.lists;
  const options = useMemo(
    () => (lists ?? []).map((c) => ({ id: c.id, label: c.name, detail: c.names.join(', ') })),
    [lists],
  );
  return { read, options };
}

/**
 * A change of a sub-account or of the account's own security, online (the server never lets a
 * password wait in a browser's outbox): its answer, and the reads it changes read again (the
 * sub-accounts and `alsoRead`, and the answers `alsoSet` puts in place at once).
 */
export function useUserCall() {
  const client = useQueryClient();
  return async function call<N extends EndpointName>(
    name: N,
    input: InputOf<N>,
    alsoSet?: (answer: OutputOf<N>) => [EndpointName, unknown, unknown][],
    alsoRead: readonly EndpointName[] = [],
  ): Promise<OutputOf<N>> {
    const answer = await api.call(name, input, { quiet: true });
    for (const [read, readInput, data] of alsoSet?.(answer) ?? [])
      client.setQueryData([read, readInput], data);
    await Promise.all(
      ['childLists', ...alsoRead].map((read) => client.invalidateQueries({ queryKey: [read] })),
    );
    return answer;
  };
}

import { useMemo, type ComponentType } from 'react';
import { seriesOf, type TrafficSeriesBody } from '../../contract/traffic';
import { useCall, withReads as withAccountReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';

/** A screen of this feature inside the read layer of the signed-in account pair. */
export const withReads = <P extends object>(Body: ComponentType<P>) =>
  withAccountReads(Body, useReadAccounts);

/** The domains of the account for the selectors (id and name), and names by id. */
export function useDomainNames() {
  const read = useCall('domainNames', undefined);
  const lists = read.data?.lists ?? [];
  return { lists, names: new Map(lists.map((d) => [d.id, d.domain])) };
}

/** A traffic series read, its points as objects (they travel as columns, src/contract/traffic.ts). */
export function useSeries(body: TrafficSeriesBody, options: { refetchInterval?: number | false } = {}) {
  const read = useCall('trafficSeries', body, options);
  const data = useMemo(() => (read.data ? seriesOf(read.data) : undefined), [read.data]);
  return { ...read, data };
}

import { useCall } from '../../sync/reads';

const noDomains: { id: string; domain: string }[] = [];

/** The account's domains, id and name (kept for offline use), for the policy's objects. */
export function useDomainChoices() {
  const read = useCall('domainNames', undefined);
  return read.data?.lists ?? noDomains;
}

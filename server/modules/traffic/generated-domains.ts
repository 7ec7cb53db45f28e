import type { Db } from '../../db/client';
import { domainNames } from '../domain/service';
import type { TrafficDomain } from './generator';

/** How many of an account's domains carry generated traffic, and the peak bandwidth by rank. */
const busiest = 12;
const peakOf = (rank: number) => Math.round(900e6 / (rank + 1) ** 0.9);

/**
 * The domains the traffic generator sends logs for (the demo's history, `npm run traffic`): the
 * account's online domains by name, the first `busiest`, each with its busiest-hour bandwidth.
 */
export async function generatedTrafficDomains(db: Db, accountId: number): Promise<TrafficDomain[]> {
  const names = await domainNames(db, accountId);
  return names
    .filter((d) => d.status === 'active')
    .slice(0, busiest)
    .map((d, rank) => ({ name: d.domain, peakBps: peakOf(rank) }));
}

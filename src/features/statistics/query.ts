import type { Carrier, Region } from '../../contract/traffic';
import type { ResolvedRange, StatsSearch } from './range';

/** The part of every statistics call a view's filters decide. */
export interface BaseQuery {
  domain_ids: string[];
  all: boolean;
  start: string;
  end: string;
  region?: Region;
  carrier?: Carrier;
}

/** The call's query of a view's search over a resolved period (region and carrier when it has them). */
export function baseQuery(search: StatsSearch, range: ResolvedRange, geo: boolean): BaseQuery {
  const query: BaseQuery = {
    domain_ids: search.domains ?? [],
    all: search.domains === undefined,
    start: new Date(range.start).toISOString(),
    end: new Date(range.end).toISOString(),
  };
  if (geo && search.region) query.region = search.region;
  if (geo && search.carrier) query.carrier = search.carrier;
  return query;
}

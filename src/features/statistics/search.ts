import {
  carriers,
  granularities,
  regions,
  trafficLimits,
  type Carrier,
  type Granularity,
  type Region,
} from '../../contract/traffic-constants';

/**
 * The query of a statistics view, as its address carries it: which domains, which period, at
 * which granularity, for which region and carrier, compared or not. Presets resolve to whole
 * days of China Standard Time (the server's statistics days), so a view opened on one day asks
 * the same question all day long: its answer is found again offline.
 */
export const presets = ['today', 'yesterday', '7d', '30d', 'custom'] as const;
export type Preset = (typeof presets)[number];

export interface StatsSearch {
  /** Domain ids, comma-separated in the address; none: every domain of the account. */
  domains?: string[];
  preset?: Preset;
  /** A custom period: `YYYY-MM-DD` days, both included. */
  from?: string;
  to?: string;
  granularity?: Granularity;
  region?: Region;
  carrier?: Carrier;
  compare?: boolean;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const idPattern = /^[0-9a-f-]{36}$/i;

export function parseStatsSearch(search: Record<string, unknown>): StatsSearch {
  const result: StatsSearch = {};
  if (typeof search.domains === 'string') {
    const ids = search.domains.split(',').filter((id) => idPattern.test(id));
    if (ids.length > 0) result.domains = ids.slice(0, trafficLimits.domainsMax);
  }
  if (typeof search.preset === 'string' && (presets as readonly string[]).includes(search.preset))
    result.preset = search.preset as Preset;
  if (typeof search.from === 'string' && dayPattern.test(search.from)) result.from = search.from;
  if (typeof search.to === 'string' && dayPattern.test(search.to)) result.to = search.to;
  const granularity = Number(search.granularity);
  if ((granularities as readonly number[]).includes(granularity))
    result.granularity = granularity as Granularity;
  if (typeof search.region === 'string' && (regions as readonly string[]).includes(search.region))
    result.region = search.region as Region;
  if (typeof search.carrier === 'string' && (carriers as readonly string[]).includes(search.carrier))
    result.carrier = search.carrier as Carrier;
  if (search.compare === true || search.compare === 'true' || search.compare === '1') result.compare = true;
  return result;
}

/** The address form of a query (the domain list joined by commas). */
export function stringifyStatsSearch(search: StatsSearch): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  if (search.domains?.length) out.domains = search.domains.join(',');
  if (search.preset && search.preset !== 'today') out.preset = search.preset;
  if (search.preset === 'custom') {
    if (search.from) out.from = search.from;
    if (search.to) out.to = search.to;
  }
  if (search.granularity) out.granularity = search.granularity;
  if (search.region) out.region = search.region;
  if (search.carrier) out.carrier = search.carrier;
  if (search.compare) out.compare = true;
  return out;
}

/** The address of the log download: a domain and whole days. */
export interface LogSearch {
  domain?: string;
  from?: string;
  to?: string;
}

export function parseLogSearch(search: Record<string, unknown>): LogSearch {
  return {
    ...(typeof search.domain === 'string' && idPattern.test(search.domain) ? { domain: search.domain } : {}),
    ...(typeof search.from === 'string' && dayPattern.test(search.from) ? { from: search.from } : {}),
    ...(typeof search.to === 'string' && dayPattern.test(search.to) ? { to: search.to } : {}),
  };
}

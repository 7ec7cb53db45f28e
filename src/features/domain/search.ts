import { areas, serviceTypes } from '../../contract/dictionary';

/** How the list can be sorted: newest first is the default. */
export const domainListSorts = ['newest', 'oldest', 'name', 'name-desc'] as const;
export type DomainListSort = (typeof domainListSorts)[number];

/** The list's search, filters and sort, kept in the address so that a link opens the same view. */
export interface DomainListSearch {
  keyword?: string;
  status?: 'active' | 'hung_up';
  /** A group id, or `none` for the domains in no group. */
  group?: string;
  type?: string;
  area?: string;
  sort?: DomainListSort;
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  values.find((v) => v === String(value));

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the search of /cdn/domain/list, dropping what is not valid. The router parses values as
 * JSON, so a number-like keyword arrives as a number.
 */
export function parseDomainListSearch(search: Record<string, unknown>): DomainListSearch {
  const result: DomainListSearch = {};
  const keyword = typeof search.keyword === 'number' ? String(search.keyword) : search.keyword;
  if (typeof keyword === 'string' && keyword.trim() !== '') result.keyword = keyword.slice(0, 100);
  const status = oneOf(['active', 'hung_up'] as const, search.status);
  if (status) result.status = status;
  if (search.group === 'none' || (typeof search.group === 'string' && uuidPattern.test(search.group)))
    result.group = search.group;
  const type = oneOf(serviceTypes, search.type);
  if (type) result.type = type;
  const area = oneOf(areas, typeof search.area === 'number' ? String(search.area) : search.area);
  if (area) result.area = area;
  const sort = oneOf(domainListSorts, search.sort);
  if (sort && sort !== 'newest') result.sort = sort;
  return result;
}

/** Whether any filter narrows the list (the sort does not). */
export const filtersActive = (search: DomainListSearch) =>
  search.keyword !== undefined ||
  search.status !== undefined ||
  search.group !== undefined ||
  search.type !== undefined ||
  search.area !== undefined;

/** The tabs of a domain's detail (spec §2), in the address as `section`; `basic` is the default. */
export const domainDetailTabs = [
  'basic',
  'origin',
  'cache',
  'https',
  'access',
  'performance',
  'advanced',
  'history',
] as const;
export type DomainDetailTab = (typeof domainDetailTabs)[number];
export const isDomainDetailTab = (value: unknown): value is DomainDetailTab =>
  typeof value === 'string' && (domainDetailTabs as readonly string[]).includes(value);

/** How the list can be sorted: newest first is the default. */
export const ipBanListSorts = ['newest', 'oldest', 'address', 'expiry'] as const;
export type IpBanListSort = (typeof ipBanListSorts)[number];

export const ipBanPageSizes = [20, 50, 100] as const;
export type IpBanPageSize = (typeof ipBanPageSizes)[number];

/** The list's search, filters, sort and page, kept in the address so that a link opens them. */
export interface IpBanSearch {
  keyword?: string;
  status?: 'banned' | 'unbanned';
  family?: '4' | '6';
  sort?: IpBanListSort;
  page?: number;
  size?: IpBanPageSize;
  /** Open the ban dialog at once (a link from elsewhere, such as the command palette); not kept. */
  ban?: 1;
}

const oneOf = <T extends string | number>(values: readonly T[], value: unknown): T | undefined =>
  values.find((v) => String(v) === String(value));

/**
 * Reads the search of /cdn/ip-ban, dropping what is not valid. The router parses values as JSON,
 * so a number-like keyword or page arrives as a number.
 */
export function parseIpBanSearch(search: Record<string, unknown>): IpBanSearch {
  const result: IpBanSearch = {};
  const keyword = typeof search.keyword === 'number' ? String(search.keyword) : search.keyword;
  if (typeof keyword === 'string' && keyword.trim() !== '') result.keyword = keyword.slice(0, 64);
  const status = oneOf(['banned', 'unbanned'] as const, search.status);
  if (status) result.status = status;
  const family = oneOf(['4', '6'] as const, search.family);
  if (family) result.family = family;
  const sort = oneOf(ipBanListSorts, search.sort);
  if (sort && sort !== 'newest') result.sort = sort;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page < 100_000) result.page = page;
  const size = oneOf(ipBanPageSizes, search.size);
  if (size && size !== 20) result.size = size;
  if (search.ban === 1 || search.ban === '1') result.ban = 1;
  return result;
}

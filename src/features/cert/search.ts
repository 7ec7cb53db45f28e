import { expiryFilters, type ExpiryFilter } from '../../contract/rules/cert';

/** The certificate list's search and expiry filter, kept in the address so that a link opens them. */
export interface CertSearch {
  keyword?: string;
  expiry?: ExpiryFilter;
  page?: number;
  size?: CertPageSize;
}

export const certPageSizes = [20, 50, 100] as const;
export type CertPageSize = (typeof certPageSizes)[number];

/** Reads the search of /cdn/cert, dropping what is not valid (a number-like keyword arrives as a number). */
export function parseCertSearch(search: Record<string, unknown>): CertSearch {
  const result: CertSearch = {};
  const keyword = typeof search.keyword === 'number' ? String(search.keyword) : search.keyword;
  if (typeof keyword === 'string' && keyword.trim() !== '') result.keyword = keyword.slice(0, 100);
  const expiry = expiryFilters.find((filter) => filter === search.expiry);
  if (expiry) result.expiry = expiry;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page < 100_000) result.page = page;
  const size = certPageSizes.find((n) => String(n) === String(search.size));
  if (size && size !== 20) result.size = size;
  return result;
}

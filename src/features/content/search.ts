import {
  contentKinds,
  contentTaskStatuses,
  type ContentKind,
  type ContentTaskStatus,
} from '../../contract/rules/content';

/** The screen's tabs: the three kinds of submission, and the records. */
export const contentTabs = [...contentKinds, 'records'] as const;
export type ContentTab = (typeof contentTabs)[number];

/** How far back the records look (days); the server keeps 30. */
export const recordRanges = [1, 7, 30] as const;
export type RecordRange = (typeof recordRanges)[number];

export const recordPageSizes = [20, 50, 100] as const;
export type RecordPageSize = (typeof recordPageSizes)[number];

/** The tab and the records' filters, kept in the address so that a link opens them. */
export interface ContentSearch {
  tab?: ContentTab;
  kind?: ContentKind;
  status?: ContentTaskStatus;
  keyword?: string;
  /** Days back; 7 when absent. */
  range?: RecordRange;
  page?: number;
  size?: RecordPageSize;
}

/** Reads the search of /cdn/content, dropping what is not valid. */
export function parseContentSearch(search: Record<string, unknown>): ContentSearch {
  const result: ContentSearch = {};
  const tab = contentTabs.find((t) => t === search.tab);
  if (tab && tab !== 'url') result.tab = tab;
  const kind = contentKinds.find((k) => k === search.kind);
  if (kind) result.kind = kind;
  const status = contentTaskStatuses.find((s) => s === search.status);
  if (status) result.status = status;
  const keyword = typeof search.keyword === 'number' ? String(search.keyword) : search.keyword;
  if (typeof keyword === 'string' && keyword.trim() !== '') result.keyword = keyword.slice(0, 200);
  const range = recordRanges.find((n) => String(n) === String(search.range));
  if (range && range !== 7) result.range = range;
  const page = Number(search.page);
  if (Number.isInteger(page) && page > 1 && page < 100_000) result.page = page;
  const size = recordPageSizes.find((n) => String(n) === String(search.size));
  if (size && size !== recordPageSizes[0]) result.size = size;
  return result;
}

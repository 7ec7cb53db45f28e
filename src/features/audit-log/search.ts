import { auditSources, type AuditListBody } from '../../contract/users';
import type { AuditSource } from './labels';

/**
 * The audit log's filters as its address carries them, so a filtered view can be reloaded, shared
 * and found again offline: a keyword, an actor, an action, a source, a period of whole days in the
 * viewer's time zone (both included) and the page.
 */
export interface AuditSearch {
  keyword?: string;
  actor?: number;
  action?: string;
  source?: AuditSource;
  /** `YYYY-MM-DD`. */
  from?: string;
  to?: string;
  page?: number;
  size?: PageSize;
}

export const pageSizes = [20, 50, 100] as const;
export type PageSize = (typeof pageSizes)[number];

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** The router reads `?actor=5` as a number and `?keyword=abc` as text: both are taken. */
const textOf = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
const positive = (value: unknown) => {
  const n = Number(textOf(value));
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};
const isDay = (value: string | undefined): value is string =>
  value !== undefined && dayPattern.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00`));

export function parseAuditSearch(search: Record<string, unknown>): AuditSearch {
  const result: AuditSearch = {};
  const keyword = textOf(search.keyword)?.trim().slice(0, 100);
  if (keyword) result.keyword = keyword;
  const actor = positive(search.actor);
  if (actor) result.actor = actor;
  const action = textOf(search.action)?.trim();
  if (action && /^[A-Za-z][\w.]{0,63}$/.test(action)) result.action = action;
  const source = textOf(search.source);
  if (source && (auditSources as readonly string[]).includes(source)) result.source = source as AuditSource;
  const from = textOf(search.from);
  if (isDay(from)) result.from = from;
  const to = textOf(search.to);
  if (isDay(to)) result.to = to;
  const page = positive(search.page);
  if (page && page > 1) result.page = page;
  const size = positive(search.size);
  if (size && (pageSizes as readonly number[]).includes(size) && size !== pageSizes[0])
    result.size = size as PageSize;
  return result;
}

/** The address form of the filters: what is not set is left out. */
export function stringifyAuditSearch(search: AuditSearch): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(search) as [keyof AuditSearch, unknown][])
    if (value !== undefined && value !== '') out[key] = value as string | number;
  return out;
}

/** Midnight at the start of a day in the viewer's time zone, as an instant. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`);

export type AuditFilterBody = Omit<AuditListBody, 'page' | 'page_size'>;

/**
 * The filters as the list and the export take them: the days become instants in the viewer's
 * zone (the end is the midnight after the last day, excluded), so the same address asks the same
 * question all day.
 */
export function filtersOf(search: AuditSearch): AuditFilterBody {
  const filters: AuditFilterBody = {};
  if (search.keyword) filters.keyword = search.keyword;
  if (search.actor) filters.actor_id = search.actor;
  if (search.action) filters.action = search.action;
  if (search.source) filters.source = search.source;
  if (search.from) filters.start = startOfDay(search.from).toISOString();
  if (search.to) {
    const end = startOfDay(search.to);
    end.setDate(end.getDate() + 1);
    filters.end = end.toISOString();
  }
  return filters;
}

/** The list call of a page of the filtered log. */
export const listBodyOf = (search: AuditSearch) => ({
  ...filtersOf(search),
  page: search.page ?? 1,
  page_size: search.size ?? pageSizes[0],
});

/** Whether any filter narrows the list (the empty state says so). */
export const isFiltered = (search: AuditSearch) =>
  Boolean(search.keyword || search.actor || search.action || search.source || search.from || search.to);

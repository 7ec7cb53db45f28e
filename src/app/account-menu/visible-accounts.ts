import { limits } from '../../contract';
import type { AccountOption } from '../../contract';

export interface VisibleAccounts {
  /** At most `max` entries, the active account first. */
  items: AccountOption[];
  /** How many accounts match the search. */
  total: number;
  capped: boolean;
}

/**
 * The entries of the account menu (spec §2, §6, §9): filtered by name (case-insensitive),
 * the active account first, at most 50 shown.
 */
export function visibleAccounts(
  lists: readonly AccountOption[],
  activeId: number | null,
  query: string,
  max: number = limits.accountMenuMax,
): VisibleAccounts {
  const needle = query.trim().toLowerCase();
  const matching = needle === '' ? [...lists] : lists.filter((a) => a.account.toLowerCase().includes(needle));
  const active = matching.filter((a) => a.id === activeId);
  const others = matching.filter((a) => a.id !== activeId);
  const ordered = [...active, ...others];
  return { items: ordered.slice(0, max), total: ordered.length, capped: ordered.length > max };
}

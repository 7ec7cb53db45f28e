/** The tabs of a sub-account's detail; the first one is the address without a `tab`. */
export const userDetailTabs = ['profile', 'permissions', 'security'] as const;
export type UserDetailTab = (typeof userDetailTabs)[number];

export const isUserDetailTab = (value: unknown): value is UserDetailTab =>
  (userDetailTabs as readonly unknown[]).includes(value);

/** Reads the search of /cdn/user/detail/{id}: the open tab, when it is not the first. */
export function parseUserDetailSearch(search: Record<string, unknown>): { tab?: UserDetailTab } {
  return isUserDetailTab(search.tab) && search.tab !== 'profile' ? { tab: search.tab } : {};
}

/** The address of a sub-account's detail, at a tab. */
export const userDetailHref = (id: number, tab: UserDetailTab = 'profile') =>
  `#/cdn/user/detail/${id}${tab === 'profile' ? '' : `?tab=${tab}`}`;

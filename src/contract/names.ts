/** Permission keys asked through checkAuth (spec §6). */
export const permissionKeys = {
  channel: 'is/channel/account',
  topUrlType: 'enable/view/top_url_type',
} as const;

/** Header info saved at sign-in and sent with productopen (spec §4, §7). */
export const headerInfoNames = {
  state: 'x-auth-state',
  sessionState: 'x-auth-session-state',
  code: 'x-auth-code',
} as const;

/** The active account of this browser tab (spec §4: kept in session storage), sent on every call. */
export const viewAccountHeader = 'x-view-account';

/** Permission keys asked through checkAuth (spec §6). */
export const permissionKeys = { channel: 'is/channel/account', topUrlType: 'enable/view/top_url_type' } as const;

/** Header info saved at sign-in and sent with productopen (spec §4, §7). */
export const headerInfoNames = {
  state: 'x-auth-state',
  sessionState: 'x-auth-session-state',
  code: 'x-auth-code',
} as const;

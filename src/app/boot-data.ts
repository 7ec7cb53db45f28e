import { api, clearActiveAccount, isApiError, readActiveAccount, storageKeys, takeStarted } from '../api';
import { Code, permissionKeys } from '../contract';
import type { MenuItem, OutputOf } from '../contract';
import type { LoginInfo } from '../ui/app-state';

/** What the console loads once signed in (spec §3 application state), cached for offline starts. */
export interface BootData {
  serviceOpen: boolean;
  loginInfo: LoginInfo;
  menu: MenuItem[];
  dict: Record<string, Record<string, string>>;
  cwn: { has_cwn: boolean; cwn_link: string };
  isChannel: boolean;
  isTopUrlType: boolean;
}

export interface CachedBootData extends BootData {
  savedAt: number;
}

const noCwn = { has_cwn: false, cwn_link: '' };

/**
 * Loads the boot data, in one call (the answers of loginInfo, auth/lists, enum/lists, checkAuth and
 * cwn together); the first load takes the call the page started with. This tab's active account
 * may no longer be viewable (the server answers 40302): the tab then falls back, once, to the
 * account the sign-in last chose.
 */
export async function loadBootData(serviceOpen: boolean): Promise<BootData> {
  try {
    return bootDataOf(serviceOpen, await (takeStarted('consoleBoot') ?? api.call('consoleBoot')));
  } catch (error) {
    if (!isApiError(error) || error.code !== Code.accountBoundary || readActiveAccount() === null)
      throw error;
    clearActiveAccount();
    return bootDataOf(serviceOpen, await api.call('consoleBoot'));
  }
}

function bootDataOf(serviceOpen: boolean, boot: OutputOf<'consoleBoot'>): BootData {
  return {
    serviceOpen,
    loginInfo: boot.login_info,
    menu: boot.menu,
    dict: boot.dict,
    cwn: boot.cwn,
    isChannel: boot.flags[permissionKeys.channel] === true,
    isTopUrlType: boot.flags[permissionKeys.topUrlType] === true,
  };
}

export function saveBootCache(data: BootData, now = Date.now()): void {
  try {
    localStorage.setItem(
      storageKeys.bootCache,
      JSON.stringify({ ...data, savedAt: now } satisfies CachedBootData),
    );
  } catch {
    // Storage full or disabled: the next offline start has no cache, nothing else breaks.
  }
}

export function readBootCache(): CachedBootData | null {
  try {
    const raw = localStorage.getItem(storageKeys.bootCache);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<CachedBootData>;
    if (typeof value.savedAt !== 'number' || !value.loginInfo || !Array.isArray(value.menu)) return null;
    return {
      serviceOpen: value.serviceOpen === true,
      loginInfo: value.loginInfo,
      menu: value.menu,
      dict: value.dict ?? {},
      cwn: value.cwn ?? noCwn,
      isChannel: value.isChannel === true,
      isTopUrlType: value.isTopUrlType === true,
      savedAt: value.savedAt,
    };
  } catch {
    return null;
  }
}

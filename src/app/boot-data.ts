import { api, clearActiveAccount, isApiError, readActiveAccount, storageKeys } from '../api';
import { Code, permissionKeys } from '../contract';
import type { MenuItem } from '../contract';
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
 * Loads the boot data. This tab's active account may no longer be viewable (the server answers
 * 40302): the tab then falls back, once, to the account the sign-in last chose.
 */
export async function loadBootData(serviceOpen: boolean): Promise<BootData> {
  try {
    return await loadBootDataOnce(serviceOpen);
  } catch (error) {
    if (!isApiError(error) || error.code !== Code.accountBoundary || readActiveAccount() === null)
      throw error;
    clearActiveAccount();
    return loadBootDataOnce(serviceOpen);
  }
}

/** Loads the boot data in parallel. Only login info is indispensable; the rest has safe defaults. */
async function loadBootDataOnce(serviceOpen: boolean): Promise<BootData> {
  const fallback =
    <T>(value: T) =>
    (error: unknown): T => {
      // Offline must reach the caller, which then starts from the cache.
      if (isApiError(error) && error.code === -1) throw error;
      return value;
    };
  const [loginInfo, auth, dict, flags, cwn] = await Promise.all([
    api.call('loginInfo'),
    api.call('authLists').catch(fallback({ lists: [] as MenuItem[] })),
    api.call('enumLists').catch(fallback({} as Record<string, Record<string, string>>)),
    api
      .call('checkAuth', { params: [permissionKeys.channel, permissionKeys.topUrlType] })
      .catch(fallback({} as Record<string, boolean>)),
    api.call('cwn').catch(fallback(noCwn)),
  ]);
  return {
    serviceOpen,
    loginInfo,
    menu: auth.lists,
    dict,
    cwn,
    isChannel: flags[permissionKeys.channel] === true,
    isTopUrlType: flags[permissionKeys.topUrlType] === true,
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

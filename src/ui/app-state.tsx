import { createContext, useContext } from 'react';
import type { AccountOption, MenuItem, ServiceStatus } from '../contract';
import type { Language } from '../contract';

/** Login info as the boot call returns it (spec §3). */
export interface LoginInfo {
  view_id: number;
  /** The signed-in account, the owner of the token. */
  user_id: number;
  login: string;
  lists: AccountOption[];
  login_account_source: number;
  service_status: ServiceStatus;
  kind: 'main' | 'sub';
}

/**
 * spec §3 application state, shared by the shell and the screens: language, the enumeration
 * dictionary, the cloud-storage link, the channel and top-URL flags, plus the boot data they
 * come with. `offlineSince` is set when the console started from cached data.
 */
export interface AppState {
  language: Language;
  /** Whether the service of the active account is open (sign-in result). */
  serviceOpen: boolean;
  loginInfo: LoginInfo | null;
  menu: MenuItem[];
  dict: Record<string, Record<string, string>>;
  cwn: { has_cwn: boolean; cwn_link: string };
  isChannel: boolean;
  isTopUrlType: boolean;
  /** Time the cached boot data was saved, when the console runs from it (offline). */
  offlineSince: number | null;
}

/** The identity provider's user (spec §7): username and balance; null until read, or unreadable. */
export type IdentityUser = { username: string; balance: string } | null;

// Its own context: it arrives after the console is drawn, and only the user menu shows it.
const IdentityUserContext = createContext<IdentityUser>(null);
export const IdentityUserProvider = IdentityUserContext.Provider;
export const useIdentityUser = (): IdentityUser => useContext(IdentityUserContext);

const AppStateContext = createContext<AppState | null>(null);

export const AppStateProvider = AppStateContext.Provider;

export function useAppState(): AppState {
  const state = useContext(AppStateContext);
  if (!state) throw new Error('useAppState outside AppStateProvider');
  return state;
}

/** The account pair whose read cache keeps what a screen viewed: the signed-in actor and the active account. */
export function useReadAccounts(): { actorId: number; accountId: number } | null {
  const { loginInfo } = useAppState();
  return loginInfo ? { actorId: loginInfo.user_id, accountId: loginInfo.view_id } : null;
}

/** The label of `code` in dictionary `name`, or the code itself when unknown. */
export function dictLabel(dict: AppState['dict'], name: string, code: string): string {
  return dict[name]?.[code] ?? code;
}

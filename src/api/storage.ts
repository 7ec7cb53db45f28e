import { defaultLanguage, languages } from '../contract/limits';
import type { AccountSource, Language } from '../contract';

/** Browser storage keys. localStorage unless noted. */
export const storageKeys = {
  token: 'cdn_token',
  /**
   * The signed-in account the token belongs to (the boot data's `user_id`), so queued edits are
   * never sent with another account's token. Its name contains `token`: logout clears it.
   */
  tokenOwner: 'cdn_token_owner',
  headerInfo: 'cdn_header_info',
  language: 'cdn_language',
  /** The colour mode chosen in the top bar: `light`, `dark`, or absent to follow the system. */
  colorMode: 'cdn_color_mode',
  defaultPath: 'cdn_default_path',
  bootCache: 'cdn_boot_cache',
  /** sessionStorage */
  activeAccount: 'cdn_active_account',
  /** sessionStorage */
  accountSource: 'cdn_account_source',
  /** sessionStorage: the random state sent with the sign-in address. */
  authState: 'cdn_auth_state',
  /** sessionStorage: the hash route to come back to after signing in. */
  returnTo: 'cdn_return_to',
} as const;

/** spec §4: the authorisation parameters saved at sign-in and sent with productopen. */
export interface HeaderInfo {
  state: string;
  session_state: string;
  code: string;
}

type Area = 'local' | 'session';

/** Private browsing and disabled storage may throw on mere access: treat it as absent. */
function area(which: Area): Storage | null {
  try {
    return which === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

function read(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(which: Area, key: string, value: string): void {
  try {
    area(which)?.setItem(key, value);
  } catch {
    // Quota exceeded or storage disabled: the value simply is not kept.
  }
}

function remove(which: Area, key: string): void {
  try {
    area(which)?.removeItem(key);
  } catch {
    // Nothing stored that could be removed.
  }
}

export function readToken(): string | null {
  const token = read('local', storageKeys.token);
  return token ? token : null;
}

export function writeToken(token: string): void {
  write('local', storageKeys.token, token);
  // The owner of the previous token is not the owner of this one until the boot data says so.
  remove('local', storageKeys.tokenOwner);
}

/** A stored account id: a positive integer, or null for anything else. */
function accountIdOf(raw: string | null): number | null {
  if (raw == null || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The signed-in account the stored token belongs to; null until the boot data has said. */
export function readTokenOwner(): number | null {
  return accountIdOf(read('local', storageKeys.tokenOwner));
}

export function writeTokenOwner(userId: number): void {
  write('local', storageKeys.tokenOwner, String(userId));
}

export function readHeaderInfo(): HeaderInfo | null {
  const raw = read('local', storageKeys.headerInfo);
  if (raw == null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { state, session_state, code } = value as Record<string, unknown>;
    if (typeof state !== 'string' || typeof session_state !== 'string' || typeof code !== 'string')
      return null;
    return { state, session_state, code };
  } catch {
    return null;
  }
}

export function writeHeaderInfo(info: HeaderInfo): void {
  const { state, session_state, code } = info;
  write('local', storageKeys.headerInfo, JSON.stringify({ state, session_state, code }));
}

const isLanguage = (value: string | null): value is Language =>
  value !== null && (languages as readonly string[]).includes(value);

/** spec §9: zh_CN by default; anything unknown falls back to the default. */
export function readLanguage(): Language {
  const value = read('local', storageKeys.language);
  return isLanguage(value) ? value : defaultLanguage;
}

export type ColorModeChoice = 'light' | 'dark' | 'system';

export function readColorMode(): ColorModeChoice {
  const stored = read('local', storageKeys.colorMode);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

export function writeColorMode(choice: ColorModeChoice): void {
  if (choice === 'system') remove('local', storageKeys.colorMode);
  else write('local', storageKeys.colorMode, choice);
}

export function writeLanguage(lang: Language): void {
  write('local', storageKeys.language, lang);
  shareLanguage(lang);
}

/**
 * The sign-in portal is served by the same origin and reads the `cdn_language` cookie, so its
 * pages (sign-in, signed out, real-name authentication) follow the console's language.
 */
export function shareLanguage(lang: Language): void {
  try {
    document.cookie = `${storageKeys.language}=${lang}; path=/; max-age=31536000; SameSite=Lax`;
  } catch {
    // No document (tests outside a browser): nothing to share.
  }
}

/** What else belongs to the signed-in user: the sign-in header info and the cached boot data. */
const signedInKeys: string[] = [storageKeys.headerInfo, storageKeys.bootCache];

/**
 * spec §4 logout: every localStorage key whose name contains `token` (case-sensitive, as the
 * spec words it), the cached boot data, and the session's active account and account source.
 */
export function clearOnLogout(): void {
  const local = area('local');
  if (local) {
    const doomed: string[] = [];
    try {
      for (let i = 0; i < local.length; i += 1) {
        const key = local.key(i);
        if (key !== null && (key.includes('token') || signedInKeys.includes(key))) doomed.push(key);
      }
    } catch {
      // Unreadable storage holds nothing we could remove.
    }
    for (const key of doomed) remove('local', key);
  }
  remove('session', storageKeys.activeAccount);
  remove('session', storageKeys.accountSource);
}

/** spec §4: the account source is canvas or portal; portal unless stored otherwise. */
export function readAccountSource(): AccountSource {
  return read('session', storageKeys.accountSource) === 'canvas' ? 'canvas' : 'portal';
}

export function writeAccountSource(s: AccountSource): void {
  write('session', storageKeys.accountSource, s);
}

/** spec §4: the active account lives in session storage; a positive integer id or nothing. */
export function readActiveAccount(): number | null {
  return accountIdOf(read('session', storageKeys.activeAccount));
}

export function writeActiveAccount(id: number): void {
  write('session', storageKeys.activeAccount, String(id));
}

export function clearActiveAccount(): void {
  remove('session', storageKeys.activeAccount);
}

/** A text kept for the sign-in's round trip in session storage: read, written, cleared. */
function sessionText(key: string) {
  return {
    read: (): string | null => read('session', key),
    write: (value: string): void => write('session', key, value),
    clear: (): void => remove('session', key),
  };
}

/** Sign-in: the random state sent with the sign-in address, compared when the code comes back. */
const authState = sessionText(storageKeys.authState);
export const { read: readAuthState, write: writeAuthState, clear: clearAuthState } = authState;

/** Sign-in: the hash route to return to once signed in. */
const returnTo = sessionText(storageKeys.returnTo);
export const { read: readReturnTo, write: writeReturnTo, clear: clearReturnTo } = returnTo;

/** spec §2: the page `/` and `/cdn` lead to; only console routes (`/cdn/...`) are kept. */
export function readDefaultPath(): string | null {
  const stored = read('local', storageKeys.defaultPath);
  return stored !== null && /^\/cdn\/[\w/-]+$/.test(stored) ? stored : null;
}

export function writeDefaultPath(route: string): void {
  write('local', storageKeys.defaultPath, route);
}

import { viewAccountHeader } from '../contract/names';
import { bcp47, type Language } from '../contract/limits';

/** Who calls: what every call's headers say (spec §7: bearer token and Accept-Language). */
export interface Caller {
  token: string | null;
  language: Language;
  /** The active account of this tab; sent so that two tabs may work in two accounts. */
  viewAccount: number | null;
}

/** The headers of a call to the API. */
export function requestHeaders(caller: Caller, extra?: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': bcp47[caller.language] ?? bcp47.zh_CN,
  };
  if (caller.token) result.Authorization = `Bearer ${caller.token}`;
  if (caller.viewAccount !== null) result[viewAccountHeader] = String(caller.viewAccount);
  return { ...result, ...extra };
}

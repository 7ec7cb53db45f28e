import {
  ApiError,
  api,
  clearActiveAccount,
  clearAuthState,
  isApiError,
  writeHeaderInfo,
  writeToken,
} from '../api';
import { Code } from '../contract';
import { parseSignInQuery, type SignInQuery } from '../machines/sign-in-query';
import { takeEarlyValidation } from './early-start';
import { fallbackSignInUrl, leaveForSignIn } from './leave-for-sign-in';

export { leaveForSignIn };

export type ExchangeCodeResult = 'open' | 'notOpen' | 'failed';
export type ValidateTokenResult =
  { kind: 'open' } | { kind: 'notOpen' } | { kind: 'signIn'; url: string } | { kind: 'offline' };
/** Where the console goes once signed in (or not): the service open or not, from the cache, or away to sign in. */
export type SignInStatus = 'open' | 'notOpen' | 'offline' | 'signingIn';

export interface SignInInput {
  /** `location.search` at boot. */
  search: string;
  /** The state stored when the console sent the user to sign in (sessionStorage `cdn_auth_state`). */
  expectedState: string | null;
}

/** What the sign-in does to the world, given to it (tests give their own). */
export interface SignInEffects {
  exchangeCode(query: SignInQuery): Promise<ExchangeCodeResult>;
  validateToken(): Promise<ValidateTokenResult>;
  /** Stores `{state, session_state, code}` (localStorage `cdn_header_info`). */
  saveHeaderInfo(query: SignInQuery): void;
  /** Removes the query from the address, keeping the hash. */
  stripQuery(): void;
  /** Stores a fresh state and the return route, then leaves for the sign-in address. */
  goToSignIn(url: string): void;
}

/**
 * Console boot (spec §4): exchange a returned authorisation code for a token, or validate the
 * stored token; the outcome says where the console goes next. A straight run of five steps, as
 * plain code: it runs before the first screen on every start, and a state machine's library would
 * be a twentieth of the first load for it.
 */
export async function runSignIn(input: SignInInput, effects: SignInEffects): Promise<SignInStatus> {
  const query = parseSignInQuery(input.search);
  if (query !== null) {
    // A state this tab did not send is a failed or forged sign-in: a link carrying someone else's
    // code must not sign this browser into their account. Every trip to the sign-in page stores a
    // state first, so an absent one is a mismatch too.
    if (query.state === input.expectedState) {
      effects.saveHeaderInfo(query);
      effects.stripQuery();
      const exchanged = await effects.exchangeCode(query).catch(() => 'failed' as const);
      if (exchanged !== 'failed') return exchanged;
    } else {
      effects.stripQuery();
    }
  }
  // Validation that cannot complete at all is treated like being offline: boot from cache.
  const validated = await effects.validateToken().catch((): ValidateTokenResult => ({ kind: 'offline' }));
  if (validated.kind === 'signIn') {
    effects.goToSignIn(validated.url);
    return 'signingIn';
  }
  return validated.kind;
}

/** spec §4 sign-in with its side effects: identity calls, storage, address changes. */
export const appSignInEffects: SignInEffects = {
  async exchangeCode(query) {
    const envelope = await api.identity.view(query);
    clearAuthState();
    const token = envelope.data?.token;
    if (envelope.code === Code.ok && token) {
      writeToken(token);
      return 'open';
    }
    if (envelope.code === Code.serviceNotOpen && token) {
      writeToken(token);
      return 'notOpen';
    }
    return 'failed';
  },
  async validateToken() {
    try {
      let envelope = await (takeEarlyValidation() ?? api.identity.validate());
      // The tab's active account may no longer be viewable (or the token's default view went
      // stale and the server reset it): forget the tab's choice and ask once more.
      if (envelope.code === Code.accountBoundary) {
        clearActiveAccount();
        envelope = await api.identity.validate();
      }
      if (envelope.code === Code.ok) return { kind: 'open' };
      if (envelope.code === Code.signInRequired) return { kind: 'notOpen' };
      const url = envelope.data?.url;
      if (envelope.code === Code.tokenInvalid || (typeof url === 'string' && url !== '')) {
        return { kind: 'signIn', url: typeof url === 'string' && url !== '' ? url : fallbackSignInUrl };
      }
      // A server fault: start from the cached data rather than loop through the sign-in.
      return { kind: 'offline' };
    } catch (error) {
      if (isApiError(error) && error.code === ApiError.networkCode) return { kind: 'offline' };
      throw error;
    }
  },
  saveHeaderInfo: (query) => writeHeaderInfo(query),
  stripQuery: () => history.replaceState(null, '', location.pathname + location.hash),
  goToSignIn: (url) => leaveForSignIn(url),
};

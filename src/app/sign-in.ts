import { fromPromise } from 'xstate';
import {
  ApiError,
  api,
  clearActiveAccount,
  clearAuthState,
  isApiError,
  writeAuthState,
  writeHeaderInfo,
  writeReturnTo,
  writeToken,
} from '../api';
import { Code } from '../contract';
import { signInMachine } from '../machines';
import type { ExchangeCodeResult, SignInQuery, ValidateTokenResult } from '../machines';

/** The sign-in address when the server did not say. */
const fallbackSignInUrl = '/portal/login?redirect_uri=%2F';

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Leaves for the sign-in page with a fresh state (checked when the code comes back) and the
 * current route to return to. Every trip to sign-in goes through here, the spec §8 code-44
 * redirect included.
 */
export function leaveForSignIn(signInUrl: string): void {
  const url = signInUrl || fallbackSignInUrl;
  const state = randomState();
  writeAuthState(state);
  writeReturnTo(location.hash);
  location.assign(`${url}${url.includes('?') ? '&' : '?'}state=${state}`);
}

/** spec §4 sign-in with its side effects: identity calls, storage, address changes. */
export const appSignInMachine = signInMachine.provide({
  actors: {
    exchangeCode: fromPromise<ExchangeCodeResult, SignInQuery>(async ({ input }) => {
      const envelope = await api.identity.view(input);
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
    }),
    validateToken: fromPromise<ValidateTokenResult>(async () => {
      try {
        let envelope = await api.identity.validate();
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
    }),
  },
  actions: {
    saveHeaderInfo: (_, params: SignInQuery) => writeHeaderInfo(params),
    stripQuery: () => history.replaceState(null, '', location.pathname + location.hash),
    goToSignIn: (_, params: { url: string }) => leaveForSignIn(params.url),
  },
});

import { fromPromise } from 'xstate';
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
import { signInMachine } from '../machines/sign-in.machine';
import type { ExchangeCodeResult, SignInQuery, ValidateTokenResult } from '../machines/sign-in.machine';
import { takeEarlyValidation } from './early-start';
import { fallbackSignInUrl, leaveForSignIn } from './leave-for-sign-in';

export { leaveForSignIn };

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
    }),
  },
  actions: {
    saveHeaderInfo: (_, params: SignInQuery) => writeHeaderInfo(params),
    stripQuery: () => history.replaceState(null, '', location.pathname + location.hash),
    goToSignIn: (_, params: { url: string }) => leaveForSignIn(params.url),
  },
});

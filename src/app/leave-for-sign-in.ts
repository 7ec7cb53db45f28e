import { writeAuthState, writeReturnTo } from '../api';

/** The sign-in address when the server did not say. */
export const fallbackSignInUrl = '/portal/login?redirect_uri=%2F';

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

/** The authorisation parameters the identity provider appends to the console address (spec §4). */
export interface SignInQuery {
  code: string;
  state: string;
  session_state: string;
}

/** Reads `code`, `state` and `session_state` from an address query; null unless all three are there. */
export function parseSignInQuery(search: string): SignInQuery | null {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const code = params.get('code');
  const state = params.get('state');
  const sessionState = params.get('session_state');
  if (!code || !state || !sessionState) return null;
  return { code, state, session_state: sessionState };
}

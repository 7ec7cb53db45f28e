import { api, clearOnLogout, readAccountSource } from '../api';

const defaultLogoutUrl = { portal: '/portal/logout', canvas: '/canvas/logout' } as const;

/** spec §4 logout: revoke on the server (failure ignored), clear the local state, leave. */
export async function logout(): Promise<void> {
  const source = readAccountSource();
  let url: string = defaultLogoutUrl[source];
  try {
    const envelope = await api.identity.logout(source);
    if (envelope.code === 0 && typeof envelope.data.url === 'string' && envelope.data.url !== '')
      url = envelope.data.url;
  } catch {
    // Offline: the local sign-out still happens; the source's default address is used.
  }
  clearOnLogout();
  location.assign(url);
}

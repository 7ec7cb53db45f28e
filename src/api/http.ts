/**
 * Every request the console sends to its API goes out here (spec §7: credentials sent, no
 * timeout): the calls of the client, and the sync engine's pushes of queued edits. `doFetch` is
 * looked up at call time, so tests can swap it. Null when the network failed.
 */
export async function fetchApi(
  url: string,
  init: RequestInit,
  doFetch: typeof fetch = globalThis.fetch,
): Promise<Response | null> {
  try {
    return await doFetch.call(globalThis, url, { ...init, credentials: 'include' });
  } catch {
    return null;
  }
}

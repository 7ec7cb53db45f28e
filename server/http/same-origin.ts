import type { FastifyRequest } from 'fastify';

/**
 * Sign-in CSRF guard for state-changing form posts and identity calls.
 *
 * A browser that sends `Sec-Fetch-Site` is believed: only `same-origin` and `none` (typed or
 * bookmarked) pass. Its `Origin` is not compared then, because under our `Referrer-Policy:
 * no-referrer` browsers send `Origin: null` even on same-origin form posts (Fetch standard,
 * "serializing a request origin").
 *
 * Without `Sec-Fetch-Site`, an `Origin` header whose host differs from the request's `Host`
 * refuses the request (`Origin: null`, sent by sandboxed or opaque origins, counts as different).
 * Callers with neither header (scripts, older clients) are not affected.
 */
export function isCrossSite(request: FastifyRequest): boolean {
  const fetchSite = fetchSiteOf(request);
  if (fetchSite !== undefined) return fetchSite !== 'same-origin' && fetchSite !== 'none';
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  const host = request.headers.host;
  if (typeof origin !== 'string' || typeof host !== 'string' || host === '') return true;
  try {
    const from = new URL(origin);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return true;
    // The Host header parsed with the origin's scheme, so default ports compare equal.
    const to = new URL(`${from.protocol}//${host}`);
    return from.host !== to.host;
  } catch {
    return true;
  }
}

function fetchSiteOf(request: FastifyRequest): string | undefined {
  const value = request.headers['sec-fetch-site'];
  return typeof value === 'string' ? value.trim().toLowerCase() : undefined;
}

import type { FastifyInstance } from 'fastify';

/**
 * What the link does to one request:
 * - `pass`: delivered, answered;
 * - `dropBefore`: lost on the way, the server never sees it;
 * - `dropAfter`: the server applies it, the answer is lost;
 * - `status500` / `status503` / `status429`: a proxy answers with that status, the server never sees it
 *   (`status429` and `status503` carry a Retry-After of 0 s, so tests do not wait);
 * - `twice` / `thrice`: delivered two or three times one after the other, the first answer returned;
 * - `twiceConcurrent` / `thriceConcurrent`: the copies arrive at the same time.
 */
export type Fault =
  | 'pass'
  | 'dropBefore'
  | 'dropAfter'
  | 'status500'
  | 'status503'
  | 'status429'
  | 'twice'
  | 'thrice'
  | 'twiceConcurrent'
  | 'thriceConcurrent';

export interface FaultyLink {
  fetch: typeof fetch;
  /** Requests that reached the server (copies included). */
  delivered: number;
  /** Requests the link saw. */
  seen: number;
  /** Decides the fault of the next request; by default every request passes. */
  plan: (path: string) => Fault;
  /** While false, every request fails like a network without connection. */
  online: boolean;
}

const networkError = () => new TypeError('Failed to fetch');

/**
 * A proxy in front of the real server (reached through `inject`, no socket), injecting faults.
 * The request's abort signal is ignored once it is on its way, like a real network: a tab that
 * dies mid-request may still have its request applied.
 */
export function faultyLink(app: FastifyInstance): FaultyLink {
  const link: FaultyLink = {
    delivered: 0,
    seen: 0,
    online: true,
    plan: () => 'pass',
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      link.seen += 1;
      if (!link.online) throw networkError();
      const url = new URL(String(input), 'http://console.test');
      const fault = link.plan(url.pathname);
      if (fault === 'dropBefore') throw networkError();
      if (fault === 'status500') return new Response('Internal Server Error', { status: 500 });
      if (fault === 'status503' || fault === 'status429')
        return new Response('', {
          status: fault === 'status503' ? 503 : 429,
          headers: { 'retry-after': '0' },
        });
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const deliver = async () => {
        link.delivered += 1;
        return app.inject({
          method: (init?.method ?? 'GET') as 'GET' | 'POST',
          url: url.pathname + url.search,
          headers,
          ...(init?.body !== undefined && init.body !== null ? { payload: String(init.body) } : {}),
        });
      };
      const copies = { twice: 2, thrice: 3, twiceConcurrent: 2, thriceConcurrent: 3 } as Record<
        string,
        number
      >;
      let response;
      if (fault === 'twiceConcurrent' || fault === 'thriceConcurrent') {
        [response] = await Promise.all(Array.from({ length: copies[fault] ?? 1 }, deliver));
      } else {
        response = await deliver();
        for (let i = 1; i < (copies[fault] ?? 1); i++) await deliver();
      }
      if (fault === 'dropAfter') throw networkError();
      return new Response(response!.body, {
        status: response!.statusCode,
        headers: { 'content-type': String(response!.headers['content-type'] ?? 'application/json') },
      });
    }) as typeof fetch,
  };
  return link;
}

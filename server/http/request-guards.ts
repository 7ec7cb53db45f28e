import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code, hasNul } from '../../src/contract';
import { AppError, envelopeOfError } from './envelope';

/** Paths whose routes are API calls: JSON in and out, never stored by a cache. */
export const apiPrefixes = ['/v3/', '/api/', '/account/', '/portal/api/', '/operator/'] as const;

export const isApiPath = (url: string) => apiPrefixes.some((prefix) => url.startsWith(prefix));

/**
 * The path of a request target as the router reads it: without the query, and of an absolute-form
 * target (`GET http://host/v3/...`, RFC 9112 §3.2.2), which the router routes by its path, without
 * the scheme and host.
 */
export const pathOf = (url: string) => url.replace(/^https?:\/\/[^/?#]*/i, '').split(/[?#]/, 1)[0] || '/';

/**
 * Characters whose escapes the router decodes before matching and that never need one
 * (RFC 3986 §2.3, unreserved), and the slashes, which an escape would hide inside a parameter.
 */
const decodedByRouting = /^[A-Za-z0-9\-._~/\\]$/;

/**
 * Whether a path is spelt the one way that reaches its route. The router decodes escapes before
 * matching, so `/%763/customer/...` reaches `/v3/customer/...`: whatever judges the address as
 * written (a proxy's or CDN's rules, a cache key, a log search) would see another address than
 * the one served. Escapes of other characters (non-ASCII, reserved ones such as `%3A`) are how
 * those are written, and stay allowed.
 */
export function isCanonicalPath(path: string): boolean {
  for (const [, hex = ''] of path.matchAll(/%([0-9A-Fa-f]{2})/g))
    if (decodedByRouting.test(String.fromCharCode(Number.parseInt(hex, 16)))) return false;
  return true;
}

/**
 * The address a request was routed to, as the rate limits and the cache policy judge it: the
 * pattern of the route that took it. A request no route took (the not-found handler) or only a
 * catch-all took (the built console's `/*`) is judged by its path, canonical by then.
 */
export function routedPath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  return route === undefined || route.endsWith('*') ? pathOf(request.url) : route;
}

/** Whether the request is an API call: by its route, never by how its address was spelt. */
export const isApiRequest = (request: FastifyRequest) => isApiPath(routedPath(request));

/** Whether a parsed body, query or parameter object holds a NUL anywhere (keys included). */
export function holdsNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  // Iterative, so a deeply nested body cannot exhaust the stack; JSON bodies are limited in size.
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (hasNul(item)) return true;
    } else if (ArrayBuffer.isView(item)) {
      // Bytes (a body read as a buffer, like the edge's access logs) are not text: whoever reads
      // them judges their content. Walked as an object they would cost a step per byte.
      continue;
    } else if (Array.isArray(item)) {
      pending.push(...item);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, entry] of Object.entries(item)) {
        if (hasNul(key)) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}

const nulRefused = () =>
  new AppError(Code.invalidRequest, 'common.text.invalidLine', {
    issues: [{ path: '', message_id: 'common.text.invalidLine' }],
  });

/** HTTP 400: the request never reached its route, so no business answer (HTTP 200) applies. */
const refuseNonCanonical = (request: FastifyRequest, reply: FastifyReply) =>
  reply
    .status(400)
    .header('cache-control', 'no-store')
    .send(
      envelopeOfError(request, new AppError(Code.invalidRequest, 'common.path.nonCanonical', { issues: [] })),
    );

/**
 * Guards every route, before any schema or handler reads the request:
 * - a path that is not canonical (`isCanonicalPath`) is refused (HTTP 400, 40001) before anything
 *   that depends on the route runs; registered before the rate limits, which rely on it;
 * - a NUL anywhere in the query, the parameters or the body is refused (40001): PostgreSQL cannot
 *   store one, and no field of the API accepts one (the contract's text rule refuses it too, with
 *   the field's path; this catches what no schema describes, such as a command's unknown keys);
 * - API answers carry `Cache-Control: no-store`: they hold personal data and tokens, and a shared
 *   or back-forward cache must never keep them.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isCanonicalPath(pathOf(request.url))) return refuseNonCanonical(request, reply);
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) throw nulRefused();
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApiRequest(request)) reply.header('cache-control', 'no-store');
  });
}

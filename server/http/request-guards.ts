import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Code, hasNul } from '../../src/contract';
import { AppError } from './envelope';

/** Paths whose routes are API calls: JSON in and out, never stored by a cache. */
export const apiPrefixes = ['/v3/', '/api/', '/account/', '/portal/api/', '/operator/'] as const;

export const isApiPath = (url: string) => apiPrefixes.some((prefix) => url.startsWith(prefix));

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

/**
 * Guards every route, before any schema or handler reads the request:
 * - a NUL anywhere in the query, the parameters or the body is refused (40001): PostgreSQL cannot
 *   store one, and no field of the API accepts one (the contract's text rule refuses it too, with
 *   the field's path; this catches what no schema describes, such as a command's unknown keys);
 * - API answers carry `Cache-Control: no-store`: they hold personal data and tokens, and a shared
 *   or back-forward cache must never keep them.
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) throw nulRefused();
  });
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
}

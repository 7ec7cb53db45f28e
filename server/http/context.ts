import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AuditOrigin } from '../modules/audit/service';

/** What every route module receives: the database and the configuration. */
export interface AppContext {
  db: Db;
  config: Config;
}

/** Changes made from a browser page or the console are `browser`; other callers `api`. */
export function originOf(request: FastifyRequest): AuditOrigin {
  const agent = request.headers['user-agent'] ?? '';
  return /Mozilla\//.test(agent) ? 'browser' : 'api';
}

export const auditContext = (request: FastifyRequest) => ({ origin: originOf(request), ip: request.ip });

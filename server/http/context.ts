import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { auditSources } from '../../src/contract/users';
import type { AuthCache } from '../authz/principal-cache';
import type { ChangeFeed } from './changes';

/** What every route module receives: the database, the configuration, the sign-in checks' cache. */
export interface AppContext {
  db: Db;
  config: Config;
  /** Cleared by every change of a token, an active account, a service state or a menu. */
  authCache: AuthCache;
  /** Committed changes, from this process and (PostgreSQL) the others sharing the database. */
  changes: ChangeFeed;
  /** Other processes may share the database: commands notify them of their changes. */
  notifyOthers: boolean;
}

/** Calls made with an API token (marked when the token is resolved). */
export const apiTokenCalls = new WeakSet<FastifyRequest>();

/**
 * Changes made with an API token are `api`; from a browser page or the console `browser`; other
 * callers `api`.
 */
export function originOf(request: FastifyRequest): (typeof auditSources)[number] {
  if (apiTokenCalls.has(request)) return 'api';
  const agent = request.headers['user-agent'] ?? '';
  return /Mozilla\//.test(agent) ? 'browser' : 'api';
}

export const auditContext = (request: FastifyRequest) => ({ origin: originOf(request), ip: request.ip });

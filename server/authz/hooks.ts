import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Permission } from '../../src/contract/permissions';
import type { AppContext } from '../http/context';
import { authorize, requireReach } from './gate';
import { resolveObjects } from './objects';
import { authenticate, type AuthContext } from './principal';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the server with the permission it declared, as the gate registered them. */
    routeTable: readonly DeclaredRoute[];
  }
  interface FastifyContextConfig {
    /** What the route's operation needs (src/contract/permissions.ts): every route declares it. */
    permission?: Permission<never>;
    /** Where the route's input is, for the objects it names: the query (GET, raw-byte bodies) or the body. */
    input?: 'query' | 'body';
  }
}

/** The keys that let machines in: an edge node's, the operator's. Each throws when the request has none. */
export interface MachineKeys {
  /** The edge node's name (its key's). */
  edge(request: FastifyRequest): Promise<string>;
  operator(request: FastifyRequest): Promise<void>;
}

/** A route as the gate saw it registered. */
export interface DeclaredRoute {
  method: string;
  url: string;
  permission: Permission<never>;
}

const public_: Permission<never> = { access: 'public', effect: 'read' };

/**
 * Routes that plugins register, which serve public files: the built console (`/`, `/*`) and the
 * API's documentation page (`/docs…`). Every other route declares its permission or the server
 * does not start.
 */
const publicMounts = [/^\/\*?$/, /^\/docs(\/|$)/];

const callers = new WeakMap<FastifyRequest, AuthContext>();

const edgeNodes = new WeakMap<FastifyRequest, string>();

/** The edge node of a request the gate let through (routes of `edge` access): its key's name. */
export function edgeNodeOf(request: FastifyRequest): string {
  const name = edgeNodes.get(request);
  if (name === undefined) throw new Error(`${request.method} ${request.url}: no edge node`);
  return name;
}

/** The signed-in caller of a request the gate let through (routes of `identity` or `open` access). */
export function callerOf(request: FastifyRequest): AuthContext {
  const caller = callers.get(request);
  if (!caller) throw new Error(`${request.method} ${request.url}: no signed-in caller`);
  return caller;
}

/**
 * The gate on every route (see `./gate.ts`):
 * - at registration: a route that declares no permission stops the server from starting;
 * - on each request, before its body is read: the caller is authenticated as the declaration's
 *   access says (bearer token, edge key, operator key) and authorised (`authorize`), so an
 *   anonymous or refused caller costs no parsing and learns nothing of the input;
 * - once the input is valid: the objects it names are judged against the caller's data scope.
 *
 * `link` routes (a signed download address, a calendar feed's secret) are opened by the address
 * itself: the route checks it, and what it opens is decided for the principal that made it.
 */
export function registerGate(app: FastifyInstance, ctx: AppContext, keys: MachineKeys): void {
  const table: DeclaredRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const method = String(route.method);
    if (!route.config?.permission) {
      if (!publicMounts.some((mount) => mount.test(route.url)))
        throw new Error(`${method} ${route.url} declares no permission`);
      route.config = { ...route.config, permission: public_ };
    }
    table.push({ method, url: route.url, permission: route.config.permission! });
  });

  app.addHook('onRequest', async (request, reply) => {
    const permission = request.routeOptions.config.permission;
    // A request that matches no route is answered by the not-found handler.
    if (!permission) return;
    switch (permission.access) {
      case 'public':
      case 'link':
        return;
      case 'edge':
        try {
          edgeNodes.set(request, await keys.edge(request));
          return;
        } catch (error) {
          // A caller without an edge key: the answer ends the connection, so the body it sends
          // (an access log, or a gzip bomb) is never read, not even to be thrown away.
          reply.header('connection', 'close');
          throw error;
        }
      case 'operator':
        return keys.operator(request);
      default: {
        const caller = await authenticate(ctx, request);
        authorize(caller, permission, { reauthMs: ctx.config.reauthMs });
        callers.set(request, caller);
      }
    }
  });

  app.addHook('preHandler', async (request) => {
    const { permission, input } = request.routeOptions.config;
    if (!permission?.objects) return;
    const caller = callers.get(request);
    if (!caller) return;
    const data =
      (input ?? (request.method === 'GET' ? 'query' : 'body')) === 'query' ? request.query : request.body;
    const objects = (
      permission.objects as (input: unknown) => ReturnType<NonNullable<Permission['objects']>>
    )(data);
    requireReach(caller, await resolveObjects(ctx.db, caller, objects));
  });
}

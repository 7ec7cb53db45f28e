import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { applyAny, Refusal, targetsOf, type AnyCommand } from '../../../src/commands/command';
import { objectsOfAggregate } from '../../../src/commands/objects';
import { commands, isCommandName } from '../../../src/commands/registry';
import { menuDefinitions, viewAccountHeader } from '../../../src/contract';
import { endpoints, type EndpointName } from '../../../src/contract/endpoints';
import { operations } from '../../../src/contract/operations';
import type { Objects, Permission } from '../../../src/contract/permissions';
import { registerGate } from '../../../server/authz/hooks';
import { stores, type AggregateStore } from '../../../server/commands/stores';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { commandPayloads, endpointInputs } from '../../support/api-fixtures';
import { changedTables, fingerprint, watchChanges, type Fingerprint } from '../../support/fingerprint';
import {
  call,
  cookieOf,
  demoPassword,
  describeServer,
  postLogin,
  redeem,
  redirectParams,
  signIn,
} from '../../support/server-harness';

/**
 * Who may make which call: every operation of the OpenAPI document, for every kind of caller, on
 * objects the caller was granted and on others. The answer each should get is worked out from the
 * operation's own declaration (src/contract/permissions.ts: its access, menu path, effect, callers
 * and the objects its input names; for a command, the aggregates it changes as they are and as it
 * leaves them), with the rules of spec §6:
 *
 * - a token used from an address it does not allow is refused; acting for an account that is not
 *   one's customer crosses the account boundary (40302);
 * - an API token never makes `console` or `main` calls; a read-only one never writes;
 * - the caller's menu must open the call's menu path;
 * - every object must be in the caller's data scope: a domain or certificate it was granted, a file
 *   of an owner it reaches, the account-wide settings only with every domain.
 *
 * Every other answer (0, or a refusal of the input such as 40001, 40401, 40905) counts as allowed:
 * the call got past the gate. Every write that is refused, whatever refused it, is checked to have
 * changed nothing in the database.
 */

type Outcome = 'allowed' | 40101 | 40103 | 40301 | 40302 | 40303;
type Variant = 'granted' | 'other';

interface Caller {
  name: string;
  headers: () => Record<string, string>;
  remoteAddress?: string;
  /** A console sign-in (not an API token), with the password it confirms before calls that ask. */
  console: { login: string; password: string } | null;
  /** A main account acting in a main account. */
  main: boolean;
  /** Its account's id (the push's actor). */
  actorId: number;
  menu: ReadonlySet<number>;
  domains: ReadonlySet<string> | 'all';
  certs: ReadonlySet<string> | 'all';
  owners: ReadonlySet<number> | 'all';
  access: 'read' | 'write';
  /** The accounts it may view (act in, read). */
  views: ReadonlySet<number>;
  /** Refused before anything else (an address the token does not allow, another's account). */
  refused?: Outcome;
  /** Which objects it is tried on. */
  variants: readonly Variant[];
}

/** The objects a call names, for each variant. */
interface Fixture {
  domain: string;
  domainName: string;
  cert: string;
  event: string;
  fileTask: string;
  policy: string;
  contentTask: string;
}

const password = 'Mx#Pass2026';
const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' };

const opens = (caller: Caller, path: string | readonly string[]) => {
  const paths: readonly string[] = typeof path === 'string' ? [path] : path;
  return menuDefinitions.some(
    (m) => paths.includes(m.path) && m.parent_id !== 0 && caller.menu.has(m.menu_id),
  );
};
const within = <T>(scope: ReadonlySet<T> | 'all', id: T) => scope === 'all' || scope.has(id);

/** The answer the declaration gives a caller, for the objects the call names (already looked up). */
function expected(caller: Caller, permission: Permission<never>, objects: Resolved): Outcome {
  switch (permission.access) {
    case 'public':
      // A public call that checks the caller's token itself refuses what the gate refuses.
      return permission.ownSignIn ? (caller.refused ?? 'allowed') : 'allowed';
    case 'link':
      // No caller holds a signed address here: the bearer token opens none.
      return 40301;
    case 'edge':
      return 40101;
    case 'operator':
      return 40301;
  }
  if (caller.refused) return caller.refused;
  const callers = permission.callers ?? 'any';
  if (callers !== 'any' && !caller.console) return 40301;
  if (callers === 'main' && !caller.main) return 40301;
  if (permission.effect === 'write' && caller.access === 'read') return 40301;
  if (permission.menu !== undefined && !opens(caller, permission.menu)) return 40301;
  // Console callers confirm their password before calls that need a recent sign-in (below).
  if (!objects.accounts.every((id) => caller.views.has(id))) return 40302;
  const reached =
    objects.domains.every((id) => within(caller.domains, id)) &&
    objects.certs.every((id) => within(caller.certs, id)) &&
    objects.owners.every((id) => within(caller.owners, id)) &&
    (!objects.settings || caller.domains === 'all');
  return reached ? 'allowed' : 40301;
}

interface Resolved {
  domains: string[];
  certs: string[];
  owners: number[];
  accounts: number[];
  settings: boolean;
}

/** The gate's refusals; the edge key's 40101 only where an edge key is asked for. */
const outcomeOf = (code: number | undefined, permission: Permission<never>): Outcome =>
  code === 40103 ||
  code === 40301 ||
  code === 40302 ||
  code === 40303 ||
  (code === 40101 && permission.access === 'edge')
    ? code
    : 'allowed';

describeServer('the authorisation matrix: every operation, every kind of caller', (h) => {
  const callers: Caller[] = [];
  const fixtures = {} as Record<Variant, Fixture>;
  let demoId = 0;
  let demoToken = '';
  /** The demo's domains by name, hosts standing for their domains. */
  const domainByName = new Map<string, string>();
  const eventObject = new Map<string, string>();
  const taskOwner = new Map<string, number>();
  let groupId = '';
  let targetSubId = 0;
  let targetTokenId = '';
  let operationIds: { method: string; path: string; id: string }[] = [];

  const post = <T = Record<string, unknown>>(token: string, path: string, body: unknown, headers = {}) =>
    call<T>(h().app, 'POST', path, { token, body, headers: { ...browser, ...headers } });

  /** What the declaration's objects stand for, looked up as the gate does in the demo account. */
  const resolve = (objects: Objects): Resolved => ({
    domains: [
      ...(objects.domains ?? []),
      ...(objects.hosts ?? []).flatMap((host) => domainByName.get(host) ?? []),
      ...(objects.alarmEvents ?? []).flatMap((id) => {
        const object = eventObject.get(id);
        return object && object !== '*' ? [object] : [];
      }),
    ],
    certs: [...(objects.certs ?? [])],
    owners: (objects.fileTasks ?? []).flatMap((id) => taskOwner.get(id) ?? []),
    accounts: [...(objects.accounts ?? [])],
    settings:
      objects.settings === true || (objects.alarmEvents ?? []).some((id) => eventObject.get(id) === '*'),
  });
  const merge = (all: Resolved[]): Resolved => ({
    domains: all.flatMap((r) => r.domains),
    certs: all.flatMap((r) => r.certs),
    owners: all.flatMap((r) => r.owners),
    accounts: all.flatMap((r) => r.accounts),
    settings: all.some((r) => r.settings),
  });
  const none: Resolved = { domains: [], certs: [], owners: [], accounts: [], settings: false };

  const subAccount = async (login: string, menuPaths: readonly string[] | 'all', data: unknown) => {
    const menuIds = menuDefinitions
      .filter((m) => !m.mainOnly && (menuPaths === 'all' || menuPaths.includes(m.path)))
      .map((m) => m.menu_id);
    const made = await post<{ user: { id: number } }>(demoToken, '/v3/customer/customer/childAdd', {
      login,
      password,
      confirm_password: password,
      menu_ids: menuIds,
      data,
      api_enabled: false,
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    return made.body.data.user.id;
  };
  const consoleSignIn = async (login: string, secret: string, source: 'portal' | 'canvas' = 'portal') => {
    const response = await postLogin(h().app, login, secret, {}, source);
    const { body } = await redeem(h().app, redirectParams(response), cookieOf(response));
    return body.data.token;
  };
  const menuOf = async (headers: Record<string, string>) => {
    const response = await h().app.inject({ method: 'GET', url: '/v3/customer/auth/lists', headers });
    const lists = (response.json() as { data: { lists: { menu_id: number }[] } }).data.lists;
    return new Set(lists.map((m) => m.menu_id));
  };
  const apiToken = async (body: Record<string, unknown>) => {
    const made = await post<{ secret: string; token: { id: string } }>(
      demoToken,
      '/v3/customer/token/create',
      {
        user_id: demoId,
        ...body,
      },
    );
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    return made.body.data;
  };
  const single = (token: string, path: string, body: unknown) =>
    post(token, path, body, { 'idempotency-key': `mx-${randomUUID()}` });

  beforeAll(async () => {
    demoToken = (await signIn(h().app, 'demo')).token;
    const demo = (await findAccountByLogin(h().db, 'demo'))!;
    demoId = demo.id;
    const names = await call<{ lists: { id: string; domain: string }[] }>(
      h().app,
      'GET',
      '/v3/domain/domain/names',
      { token: demoToken },
    );
    for (const d of names.body.data.lists) domainByName.set(d.domain, d.id);
    // Three active domains of plain names (a refresh names a host of each).
    const list = await call<{ lists: { id: string; domain: string; status: string }[] }>(
      h().app,
      'GET',
      '/v3/domain/domain/lists',
      { token: demoToken, query: { page: '1', page_size: '100' } },
    );
    const [a, b, c] = list.body.data.lists.filter((d) => d.status === 'active' && !d.domain.startsWith('*'));
    const certs = await call<{ lists: { id: string }[] }>(h().app, 'GET', '/v3/cert/lists', {
      token: demoToken,
    });
    const [certGranted, certOther] = certs.body.data.lists;
    const groups = await call<{ lists: { id: string }[] }>(h().app, 'GET', '/v3/domain/group/lists', {
      token: demoToken,
    });
    groupId = groups.body.data.lists[0]!.id;

    // A policy and an alarm on each of two domains, and a refresh of each.
    const policy = async (domain: string) => {
      const payload = {
        ...commandPayloads['alarmPolicy.save'](),
        id: randomUUID(),
        name: `mx_${randomUUID().slice(0, 8)}`,
        monitor_type: 'domain',
        domain_ids: [domain],
      };
      expect((await single(demoToken, '/v3/alarm/policy/save', payload)).body.code).toBe(0);
      return payload.id;
    };
    const event = async (policyId: string, domain: string) => {
      const id = randomUUID();
      await h().db.execute(sql`insert into alarm_events
        (account_id, id, policy_id, policy_name, monitor_type, object_id, object_name, content, status, started_at)
        values (${demoId}, ${id}, ${policyId}, 'mx', 'domain', ${domain}, 'mx', '[]'::jsonb, 'restored', now())`);
      eventObject.set(id, domain);
      return id;
    };
    const refresh = async (name: string) => {
      const id = randomUUID();
      const answer = await single(demoToken, '/v3/content/task/submit', {
        id,
        kind: 'url',
        urls: [`https://${name}/mx.js`],
      });
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
      return id;
    };
    const policyA = await policy(a!.id);
    const policyC = await policy(c!.id);

    // The sub-account: two domains, one certificate, every function but the IP check and packages.
    const subId = await subAccount(
      'mx-sub',
      menuDefinitions
        .map((m) => m.path)
        .filter((path) => path !== '/cdn/utils/ipinquiry' && path !== '/cdn/traffic-package'),
      { domains: { ids: [a!.id, b!.id] }, certs: { ids: [certGranted!.id] } },
    );
    const subToken = await consoleSignIn('mx-sub', password);
    // The target of the calls on sub-accounts, so that no caller of the matrix is changed by them.
    targetSubId = await subAccount('mx-target', [], {});
    // A file of the sub-account's own, beside the demo's.
    const subTask = randomUUID();
    const created = await post(subToken, '/v3/file-sync/task/create', {
      id: subTask,
      name: 'mx.bin',
      size: 1024,
      md5: '0'.repeat(32),
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    taskOwner.set(subTask, subId);
    const tasks = await call<{ lists: { id: string }[] }>(h().app, 'GET', '/v3/file-sync/task/lists', {
      token: demoToken,
    });
    const demoTask = tasks.body.data.lists.find((t) => t.id !== subTask)!.id;
    taskOwner.set(demoTask, demoId);

    fixtures.granted = {
      domain: a!.id,
      domainName: a!.domain,
      cert: certGranted!.id,
      event: await event(policyA, a!.id),
      fileTask: subTask,
      policy: policyA,
      contentTask: await refresh(a!.domain),
    };
    fixtures.other = {
      domain: c!.id,
      domainName: c!.domain,
      cert: certOther!.id,
      event: await event(policyC, c!.id),
      fileTask: demoTask,
      policy: policyC,
      contentTask: await refresh(c!.domain),
    };

    const readToken = await apiToken({ access: 'read' });
    const scopedToken = await apiToken({ access: 'write', domains: { all: false, ids: [a!.id] } });
    const addressToken = await apiToken({ access: 'write', allowed_ips: ['192.0.2.0/24'] });
    targetTokenId = (await apiToken({ access: 'read' })).token.id;
    const canvasToken = await consoleSignIn('canvas', demoPassword, 'canvas');
    const canvas = (await findAccountByLogin(h().db, 'canvas'))!;
    const channelToken = (await signIn(h().app, 'channel')).token;

    const bearer = (token: string) => () => ({ authorization: `Bearer ${token}`, ...browser });
    const demoMenu = await menuOf(bearer(demoToken)());
    callers.push(
      {
        name: 'main account',
        headers: bearer(demoToken),
        views: new Set([demoId]),
        console: { login: 'demo', password: demoPassword },
        main: true,
        actorId: demoId,
        menu: demoMenu,
        domains: 'all',
        certs: 'all',
        owners: 'all',
        access: 'write',
        // Its own changes go on the granted objects only: the others stay for the refusals.
        variants: ['granted'],
      },
      {
        name: 'sub-account with two domains and some menus',
        headers: bearer(subToken),
        views: new Set([subId, demoId]),
        console: { login: 'mx-sub', password },
        main: false,
        actorId: subId,
        menu: await menuOf(bearer(subToken)()),
        domains: new Set([a!.id, b!.id]),
        certs: new Set([certGranted!.id]),
        owners: new Set([subId]),
        access: 'write',
        variants: ['granted', 'other'],
      },
      {
        name: 'read-only token',
        views: new Set([demoId]),
        headers: bearer(readToken.secret),
        console: null,
        main: true,
        actorId: demoId,
        menu: demoMenu,
        domains: 'all',
        certs: 'all',
        owners: 'all',
        access: 'read',
        variants: ['granted', 'other'],
      },
      {
        name: 'write token scoped to one domain',
        views: new Set([demoId]),
        headers: bearer(scopedToken.secret),
        console: null,
        main: true,
        actorId: demoId,
        menu: demoMenu,
        domains: new Set([a!.id]),
        certs: 'all',
        owners: 'all',
        access: 'write',
        variants: ['granted', 'other'],
      },
      {
        name: 'token allowlisted to another address',
        views: new Set([demoId]),
        headers: bearer(addressToken.secret),
        console: null,
        main: true,
        actorId: demoId,
        menu: demoMenu,
        domains: 'all',
        certs: 'all',
        owners: 'all',
        access: 'write',
        refused: 40301,
        variants: ['granted'],
      },
      {
        name: 'another account',
        headers: bearer(canvasToken),
        views: new Set([canvas.id]),
        console: { login: 'canvas', password: demoPassword },
        main: true,
        actorId: canvas.id,
        menu: await menuOf(bearer(canvasToken)()),
        // All of its own account, and nothing of the demo's: the demo's ids name nothing there.
        domains: 'all',
        certs: 'all',
        owners: 'all',
        access: 'write',
        variants: ['granted'],
      },
      {
        name: 'channel account acting for an account not its customer',
        views: new Set(),
        headers: () => ({ ...bearer(channelToken)(), [viewAccountHeader]: String(demoId) }),
        console: { login: 'channel', password: demoPassword },
        main: true,
        actorId: 0,
        menu: demoMenu,
        domains: 'all',
        certs: 'all',
        owners: 'all',
        access: 'write',
        refused: 40302,
        variants: ['granted'],
      },
    );

    const document = await h().app.inject({ method: 'GET', url: '/v3/openapi.json' });
    const paths = (document.json() as { paths: Record<string, Record<string, { operationId?: string }>> })
      .paths;
    operationIds = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        id: operation.operationId ?? `${method} ${path}`,
      })),
    );
  });

  /** The declaration of an operation of the OpenAPI document. */
  const declarationOf = (id: string): Permission<never> | undefined => {
    if (id in endpoints) return endpoints[id as EndpointName];
    if (isCommandName(id)) return { access: 'open', effect: 'write', menu: commands[id].menuPath };
    return (operations as Record<string, Permission<never>>)[id];
  };

  it('declares every operation of the OpenAPI document, and every declared one is there or hidden', () => {
    expect(operationIds.length).toBeGreaterThan(100);
    expect(operationIds.filter((op) => declarationOf(op.id) === undefined).map((op) => op.id)).toEqual([]);
    const documented = new Set(operationIds.map((op) => op.id));
    const hidden = ['certCalendar', 'portal'];
    const declared = [...Object.keys(endpoints), ...Object.keys(commands), ...Object.keys(operations)];
    expect(declared.filter((id) => !documented.has(id) && !hidden.includes(id))).toEqual([]);
  });

  it('walks the route table: every route declares a permission, each API route one of the contract', () => {
    const table = h().app.routeTable;
    expect(table.length).toBeGreaterThan(150);
    const declared = new Set<unknown>([...Object.values(endpoints), ...Object.values(operations)]);
    const commandPaths = new Map(Object.values(commands).map((m) => [m.api.path, m.menuPath]));
    const strays = table
      .filter((route) => /^\/(v3|api|account|operator|portal\/api)\//.test(route.url))
      .filter(
        (route) =>
          !declared.has(route.permission) &&
          !(commandPaths.get(route.url) === route.permission.menu && route.permission.effect === 'write'),
      )
      .map((route) => `${route.method} ${route.url}`);
    expect(strays).toEqual([]);
    // The rest: the portal's pages, the built console and the documentation, all public.
    const others = table.filter((route) => !/^\/(v3|api|account|operator)\//.test(route.url));
    expect(others.every((route) => route.permission.access === 'public')).toBe(true);
  });

  it('refuses to start with a route that declares no permission', async () => {
    const app = Fastify();
    registerGate(app, { db: h().db } as never, { edge: async () => 'edge', operator: async () => {} });
    expect(() => app.get('/v3/undeclared', async () => ({}))).toThrow(
      'GET /v3/undeclared declares no permission',
    );
    await app.close().catch(() => {});
  });

  /** The input of an endpoint naming the objects of a variant. */
  const endpointInput = (name: string, f: Fixture): unknown => {
    const base = (endpointInputs as Record<string, unknown>)[name] as Record<string, unknown> | undefined;
    switch (name) {
      case 'domainDetail':
      case 'domainConfig':
      case 'domainDeployment':
        return { id: f.domain };
      case 'sectionHistory':
        return { id: f.domain, kind: 'domainCache' };
      case 'trafficSeries':
      case 'trafficTop':
      case 'trafficUv':
      case 'reportExport':
        return {
          ...(base ?? endpointInputs.trafficTop),
          ...(name === 'reportExport' ? { format: 'csv' } : {}),
          all: false,
          domain_ids: [f.domain],
        };
      case 'logFiles':
        return { ...base, domain_id: f.domain };
      case 'certDetail':
      case 'certDelete':
        return { id: f.cert };
      case 'alarmDeliveries':
        return { event_id: f.event };
      case 'fileSyncDelete':
        return { id: f.fileTask };
      case 'fileSyncChunk':
        return { id: f.fileTask, offset: 0 };
      case 'childDetail':
      case 'childUpdate':
      case 'childPassword':
      case 'childDelete':
        return { ...base, user_id: targetSubId };
      case 'childAuthLists':
      case 'childAuthUpdate':
      case 'childSimulate':
        return {
          ...base,
          child_user_id: targetSubId,
          ...(name === 'childSimulate' ? { kind: 'domain', id: f.domain } : {}),
        };
      case 'tokenDelete':
        return { id: targetTokenId, confirm: 'demo' };
      case 'switchUser':
        return { user_id: demoId };
      case 'auditExport':
        return { format: 'csv' };
      default:
        return base;
    }
  };

  /** The payload of a command naming the objects of a variant. */
  const commandPayload = (name: keyof typeof commands, f: Fixture): Record<string, unknown> => {
    const payload = commandPayloads[name]();
    if (name === 'domain.copyConfig') return { ...payload, source_id: f.domain };
    if (name === 'domainGroup.rename' || name === 'domainGroup.delete') return { ...payload, id: groupId };
    if (name === 'content.submit')
      return { ...payload, urls: [`https://${f.domainName}/mx-${randomUUID()}.js`] };
    if (name === 'content.retry') return { ...payload, id: f.contentTask };
    if (name === 'alarmPolicy.save' || name === 'alarmPolicy.copy')
      return {
        ...payload,
        ...(name === 'alarmPolicy.copy' ? { copied_from: f.policy } : {}),
        name: `mx_${randomUUID().slice(0, 8)}`,
        monitor_type: 'domain',
        domain_ids: [f.domain],
      };
    if (name === 'alarmPolicy.enable' || name === 'alarmPolicy.delete') return { ...payload, id: f.policy };
    if ('certificate_id' in payload) payload.certificate_id = f.cert;
    const module = commands[name] as AnyCommand;
    const primary = targetsOf(module, module.payload.parse(payload))[0]!;
    if (name !== 'domain.create' && objectsOfAggregate(primary.kind, 'x', undefined).domains?.includes('x'))
      payload.id = f.domain;
    return payload;
  };

  /** What a command touches, as the executor judges it: its aggregates by id, as they are, and as it would leave them. */
  const commandObjects = async (name: keyof typeof commands, payload: Record<string, unknown>) => {
    const module = commands[name] as AnyCommand;
    const parsed = module.payload.parse(payload);
    const targets = targetsOf(module, parsed);
    const current: Record<string, unknown> = {};
    const found: Resolved[] = [];
    for (const target of targets) {
      const stored = await (stores[target.kind] as AggregateStore<unknown>).load(h().db, demoId, target.id);
      current[target.kind] = stored?.state;
      found.push(resolve(objectsOfAggregate(target.kind, target.id, undefined)));
      found.push(resolve(objectsOfAggregate(target.kind, target.id, stored?.state)));
    }
    const primary = targets[0]!;
    const stored = await (stores[primary.kind] as AggregateStore<unknown>).load(h().db, demoId, primary.id);
    try {
      const next = applyAny(module, current as never, parsed, {
        now: new Date().toISOString(),
        actor: 'mx',
        facts: undefined,
        settings: undefined,
      });
      for (const target of targets)
        found.push(resolve(objectsOfAggregate(target.kind, target.id, next[target.kind])));
    } catch (error) {
      // A rule refuses it whatever the facts: it never gets to the objects it would leave.
      if (!(error instanceof Refusal)) throw error;
    }
    return { objects: merge(found), version: stored?.version ?? 0 };
  };

  it('answers every operation as its declaration says, and a refused write changes nothing', async () => {
    const wrong: string[] = [];
    const changed: string[] = [];
    let checked = 0;
    await watchChanges(h().db);
    let baseline: Fingerprint = await fingerprint(h().db);
    // The watch sees a change: a group the main account makes, and its audit event.
    expect(
      (await single(demoToken, '/v3/domain/group/add', commandPayloads['domainGroup.create']())).body.code,
    ).toBe(0);
    const seen = await fingerprint(h().db);
    expect(changedTables(baseline, seen)).toEqual(expect.arrayContaining(['domain_groups', 'audit_events']));
    baseline = seen;

    /** Sends one call; a write answered other than 0 must leave the database as it was. */
    const judged = async (
      label: string,
      want: Outcome,
      permission: Permission<never>,
      send: () => Promise<{ code: number | undefined }>,
    ) => {
      const { code } = await send();
      const got = outcomeOf(code, permission);
      if (got !== want) wrong.push(`${label}: got ${got} (${code}), want ${want}`);
      checked += 1;
      if (permission.effect !== 'write') return;
      const now = await fingerprint(h().db);
      if (code !== 0) {
        const tables = changedTables(baseline, now);
        if (tables.length > 0) changed.push(`${label} (${code}) changed ${tables.join(', ')}`);
      }
      baseline = now;
    };
    const confirm = async (caller: Caller) => {
      if (!caller.console || caller.refused) return;
      await h().app.inject({
        method: 'POST',
        url: '/v3/customer/security/confirm',
        headers: caller.headers(),
        payload: { password: caller.console.password },
      });
      // The confirmation is the caller's own change: the calls are judged from after it.
      baseline = await fingerprint(h().db);
    };

    // Destructive calls last, so the objects the others name are still there for them.
    const destructive = /delete|unban|hangUp|Delete|rotate|Rotate|logout/;
    const ordered = [...operationIds].sort(
      (x, y) => Number(destructive.test(x.id)) - Number(destructive.test(y.id)),
    );
    for (const op of ordered) {
      const permission = declarationOf(op.id)!;
      // Logging out would end the callers' own sign-ins: its declaration (public) is checked above.
      if (op.id === 'identityLogout') continue;
      // Callers that are refused go first: what they would change is still there.
      const order = [...callers].sort(
        (x, y) => Number(x.name === 'main account') - Number(y.name === 'main account'),
      );
      for (const caller of order) {
        for (const variant of caller.variants) {
          const f = fixtures[variant];
          const label = `${op.id} × ${caller.name} × ${variant}`;
          if (permission.reauth === 'recent') await confirm(caller);
          if (isCommandName(op.id)) {
            const payload = commandPayload(op.id, f);
            const { objects } = await commandObjects(op.id, payload);
            const want = expected(caller, permission, objects);
            await judged(`${label} (single call)`, want, permission, async () => {
              const response = await h().app.inject({
                method: 'POST',
                url: op.path,
                ...(caller.remoteAddress ? { remoteAddress: caller.remoteAddress } : {}),
                headers: {
                  ...caller.headers(),
                  'idempotency-key': `mx-${randomUUID()}`,
                  'accept-language': 'en',
                },
                payload,
              });
              return { code: (response.json() as { code?: number }).code };
            });
            // The same command through the push, based on the version it has now.
            const again = commandPayload(op.id, f);
            const now = await commandObjects(op.id, again);
            await judged(
              `${label} (push)`,
              expected(caller, permission, now.objects),
              permission,
              async () => {
                const response = await h().app.inject({
                  method: 'POST',
                  url: '/v3/sync/command/push',
                  headers: { ...caller.headers(), 'accept-language': 'en' },
                  payload: {
                    actor_id: caller.actorId,
                    commands: [
                      {
                        key: `mx-${randomUUID()}`,
                        name: op.id,
                        aggregate_id: targetsOf(
                          commands[op.id as keyof typeof commands] as AnyCommand,
                          commands[op.id as keyof typeof commands].payload.parse(again),
                        )[0]!.id,
                        base_version: now.version,
                        schema_version: commands[op.id as keyof typeof commands].schemaVersion,
                        payload: again,
                        origin: 'browser',
                      },
                    ],
                  },
                });
                const body = response.json() as { code: number; data: { results?: { code: number }[] } };
                return { code: body.code === 0 ? body.data.results?.[0]?.code : body.code };
              },
            );
            continue;
          }
          const input = endpointInput(op.id, f);
          const objects = permission.objects
            ? resolve((permission.objects as (input: unknown) => Objects)(parseInput(op.id, input ?? {})))
            : none;
          const want = expected(caller, permission, objects);
          await judged(label, want, permission, async () => {
            const path = op.path.replace(/\{(\w+)\}/g, (_all, key: string) =>
              key === 'account'
                ? String(demoId)
                : key === 'domain'
                  ? f.domain
                  : key === 'name'
                    ? '2026112512.log.gz'
                    : 'x',
            );
            const binary = op.id === 'fileSyncChunk';
            const query = op.method === 'GET' || binary;
            const response = await h().app.inject({
              method: op.method as 'GET' | 'POST',
              url: path,
              headers: {
                ...caller.headers(),
                'accept-language': 'en',
                ...(binary ? { 'content-type': 'application/octet-stream' } : {}),
              },
              ...(query && input !== undefined ? { query: input as Record<string, string> } : {}),
              ...(binary
                ? { payload: Buffer.from('mx') }
                : !query && input !== undefined
                  ? { payload: input as object }
                  : {}),
            });
            const json = response.headers['content-type']?.toString().includes('json') === true;
            return {
              code: json ? (response.json() as { code?: number }).code : response.statusCode === 200 ? 0 : -1,
            };
          });
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(changed).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
  }, 600_000);

  /** An input as the route validates it (defaults filled in), for the declaration's objects. */
  function parseInput(id: string, input: unknown): unknown {
    const endpoint = (endpoints as Record<string, { input?: { parse(value: unknown): unknown } }>)[id];
    if (endpoint?.input) return endpoint.input.parse(input);
    return input;
  }
});

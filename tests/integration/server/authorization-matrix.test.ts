import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { targetsOf } from '../../../src/commands/command';
import { commands, type CommandName } from '../../../src/commands/registry';
import { domainScoped } from '../../../server/commands/data-permission';
import { endpointEffects, endpointMenuPaths } from '../../../server/http/routes';
import { menuDefinitions, viewAccountHeader } from '../../../src/contract';
import { endpoints, type EndpointName } from '../../../src/contract/endpoints';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { commandPayloads, endpointInputs } from '../../support/api-fixtures';
import {
  call,
  cookieOf,
  describeServer,
  postLogin,
  redeem,
  redirectParams,
  signIn,
} from '../../support/server-harness';

/**
 * Who may make which call, generated from the registries: every endpoint of the contract and every
 * command of the command registry, for each kind of caller, on an object the caller was granted and
 * on one it was not. The expected answer is worked out from the rules (spec §6), not listed by hand:
 *
 * - an expired API token is not signed in (44); acting for an account that is not one's customer
 *   crosses the account boundary (40302); a token used from an address it does not allow is refused;
 * - function permission: the menu path of the call must be one the caller may open (a
 *   sub-account: what it was given; main-only items never);
 * - an API token never manages users, tokens or account security, and a read-only one never writes;
 * - data permission: a domain or certificate outside the caller's grants is refused (40301).
 *
 * Every other answer (0, or a refusal of the input such as 40001 or 40401) counts as allowed: the
 * call got past the permission checks. A call added to a registry without a row here fails.
 */

type Target = 'none' | 'domain' | 'cert' | 'account';
type Outcome = 'allowed' | 44 | 40301 | 40302;

interface Caller {
  name: string;
  headers: () => Record<string, string>;
  remoteAddress?: string;
  /** Menu item ids it may open; 'all' for a main account (its whole menu). */
  menu: Set<number> | 'all';
  domains: Set<string> | 'all';
  certs: Set<string> | 'all';
  token?: { access: 'read' | 'write'; expired?: boolean; wrongAddress?: boolean };
  boundary?: boolean;
  /** Whether it may switch to the demo account (the demo itself and its sub-accounts). */
  ofDemo?: boolean;
}

/** Ids that name nothing, granted or not: a permission is checked before the object is looked up. */
const granted = { domain: randomUUID(), cert: randomUUID(), account: '' };
const other = { domain: randomUUID(), cert: randomUUID(), account: '' };

/** The object each endpoint acts on, and its input for a given id. */
const endpointTargets: Record<EndpointName, { target: Target; input?: (id: string) => unknown }> = {
  identityView: { target: 'none' },
  identityValidate: { target: 'none' },
  identityLogout: { target: 'none' },
  identityUser: { target: 'none' },
  checkAuth: { target: 'none' },
  viewLists: { target: 'none' },
  searchCondition: { target: 'none' },
  enumLists: { target: 'none' },
  authLists: { target: 'none' },
  cdnType: { target: 'none' },
  overviewDomains: { target: 'none' },
  loginInfo: { target: 'none' },
  consoleBoot: { target: 'none' },
  switchUser: { target: 'account', input: (id) => ({ user_id: Number(id) }) },
  customerLists: { target: 'none' },
  baseInfo: { target: 'none' },
  update: { target: 'none' },
  cwn: { target: 'none' },
  productOpen: { target: 'none' },
  feedbackUpload: { target: 'none' },
  feedbackAdd: { target: 'none' },
  syncPush: { target: 'none' },
  ipBanList: { target: 'none' },
  ipBanLookup: { target: 'none' },
  domainList: { target: 'none' },
  domainNames: { target: 'none' },
  domainDetail: { target: 'domain', input: (id) => ({ id }) },
  domainGroupList: { target: 'none' },
  certList: { target: 'none' },
  certDetail: { target: 'cert', input: (id) => ({ id }) },
  certUpload: { target: 'none' },
  certDelete: { target: 'cert', input: (id) => ({ id }) },
  certFeed: { target: 'none' },
  certFeedUpdate: { target: 'none' },
  domainConfig: { target: 'domain', input: (id) => ({ id }) },
  sectionHistory: { target: 'domain', input: (id) => ({ id, kind: 'domainCache' }) },
  trafficSeries: {
    target: 'domain',
    input: (id) => ({ ...(endpointInputs.trafficSeries as object), all: false, domain_ids: [id] }),
  },
  trafficTop: {
    target: 'domain',
    input: (id) => ({ ...(endpointInputs.trafficTop as object), all: false, domain_ids: [id] }),
  },
  trafficUv: {
    target: 'domain',
    input: (id) => ({ ...(endpointInputs.trafficUv as object), all: false, domain_ids: [id] }),
  },
  logFiles: { target: 'domain', input: (id) => ({ ...(endpointInputs.logFiles as object), domain_id: id }) },
  childLists: { target: 'none' },
  childAdd: { target: 'none' },
  childDetail: { target: 'none' },
  childUpdate: { target: 'none' },
  childPassword: { target: 'none' },
  childDelete: { target: 'none' },
  childAuthLists: { target: 'none' },
  childAuthUpdate: { target: 'none' },
  childSimulate: { target: 'none' },
  tokenLists: { target: 'none' },
  tokenCreate: { target: 'none' },
  tokenDelete: { target: 'none' },
  passwordChange: { target: 'none' },
  twoFactorStatus: { target: 'none' },
  twoFactorSetup: { target: 'none' },
  twoFactorEnable: { target: 'none' },
  twoFactorDisable: { target: 'none' },
  auditList: { target: 'none' },
  contentList: { target: 'none' },
  contentQuota: { target: 'none' },
  ipCheck: { target: 'none' },
  trafficPackageList: { target: 'none' },
  resourceQuota: { target: 'none' },
  fileSyncList: { target: 'none' },
  fileSyncCreate: { target: 'none' },
  fileSyncChunk: { target: 'none' },
  fileSyncDelete: { target: 'none' },
  alarmConfig: { target: 'none' },
  alarmHistory: { target: 'none' },
  alarmDeliveries: { target: 'none' },
  alarmCallbackKey: { target: 'none' },
  alarmCallbackKeyRotate: { target: 'none' },
};

/** Whether a caller may open a menu path (a group's child item with that path). */
function opens(caller: Caller, path: string | readonly string[]): boolean {
  const paths: readonly string[] = typeof path === 'string' ? [path] : path;
  return menuDefinitions.some(
    (m) =>
      paths.includes(m.path) && m.parent_id !== 0 && (caller.menu === 'all' || caller.menu.has(m.menu_id)),
  );
}

const reaches = (scope: Set<string> | 'all', id: string) => scope === 'all' || scope.has(id);

/** The answer the rules give a caller for a call (its menu path, effect and tag) on an object. */
function expected(
  caller: Caller,
  call: { menuPath?: string | readonly string[]; writes: boolean; tag: string },
  object: { kind: Target; id: string },
): Outcome {
  if (caller.token?.expired) return 44;
  if (caller.boundary) return 40302;
  if (caller.token?.wrongAddress) return 40301;
  if (call.menuPath && !opens(caller, call.menuPath)) return 40301;
  if (caller.token && ['user', 'token', 'security'].includes(call.tag)) return 40301;
  if (caller.token?.access === 'read' && call.writes) return 40301;
  // Switching the active account: a token has none to switch; others only to an account they view.
  if (object.kind === 'account') return caller.token ? 40301 : caller.ofDemo ? 'allowed' : 40302;
  if (object.kind === 'domain' && !reaches(caller.domains, object.id)) return 40301;
  if (object.kind === 'cert' && !reaches(caller.certs, object.id)) return 40301;
  return 'allowed';
}

const outcomeOf = (code: number | undefined): Outcome =>
  code === 44 || code === 40301 || code === 40302 ? code : 'allowed';

describeServer('the authorisation matrix: every call, every kind of caller', (h) => {
  const password = 'Mx#Pass2026';
  const callers: Caller[] = [];

  const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' };
  const bearer = (token: string) => () => ({ authorization: `Bearer ${token}`, ...browser });

  beforeAll(async () => {
    const demo = await signIn(h().app, 'demo');
    const main = (await findAccountByLogin(h().db, 'demo'))!;
    granted.account = other.account = String(main.id);
    const post = (path: string, body: unknown) =>
      call<Record<string, unknown>>(h().app, 'POST', path, { token: demo.token, body, headers: browser });
    const menuItems = menuDefinitions.filter((m) => !m.mainOnly).map((m) => m.menu_id);
    const sub = async (login: string, menu: number[], data: unknown, apiEnabled = false) => {
      const made = await post('/v3/customer/customer/childAdd', {
        login,
        password,
        confirm_password: password,
        menu_ids: menu,
        data,
        api_enabled: apiEnabled,
      });
      expect(made.body.code, JSON.stringify(made.body)).toBe(0);
      const response = await postLogin(h().app, login, password);
      const { body } = await redeem(h().app, redirectParams(response), cookieOf(response));
      return body.data.token;
    };
    // Sub-accounts get every item but the add-ons the demo has too: its whole non-main menu.
    const demoMenu = new Set(menuItems);
    const scoped = { domains: { ids: [granted.domain] }, certs: { ids: [granted.cert] } };
    const full = await sub('mx-full', menuItems, scoped, true);
    const noData = await sub('mx-nodata', menuItems, {});
    const noFunction = await sub('mx-nofn', [101], { domains: { all: true }, certs: { all: true } });
    const future = await sub('mx-future', menuItems, { domains: { all: true }, certs: { all: true } });

    const token = async (body: Record<string, unknown>) => {
      const made = await post('/v3/customer/token/create', body);
      expect(made.body.code, JSON.stringify(made.body)).toBe(0);
      return (made.body.data as { secret: string }).secret;
    };
    const channel = await signIn(h().app, 'channel');
    const customer = (await findAccountByLogin(h().db, 'customer01'))!;
    const subScope = { domains: new Set([granted.domain]), certs: new Set([granted.cert]) };

    callers.push(
      { name: 'main', headers: bearer(demo.token), menu: 'all', domains: 'all', certs: 'all' },
      { name: 'sub with function and data', headers: bearer(full), menu: demoMenu, ...subScope },
      {
        name: 'sub without data',
        headers: bearer(noData),
        menu: demoMenu,
        domains: new Set(),
        certs: new Set(),
      },
      {
        name: 'sub without function',
        headers: bearer(noFunction),
        menu: new Set([101]),
        domains: 'all',
        certs: 'all',
      },
      {
        name: 'sub with all, including future',
        headers: bearer(future),
        menu: demoMenu,
        domains: 'all',
        certs: 'all',
      },
      {
        name: 'channel acting for a customer',
        headers: () => ({ ...bearer(channel.token)(), [viewAccountHeader]: String(customer.id) }),
        // The customer's menu: every item but the add-ons, which it has not subscribed to.
        menu: new Set(menuDefinitions.filter((m) => !m.addon).map((m) => m.menu_id)),
        domains: 'all',
        certs: 'all',
      },
      {
        name: 'channel acting for a non-customer',
        headers: () => ({ ...bearer(channel.token)(), [viewAccountHeader]: String(main.id) }),
        menu: 'all',
        domains: 'all',
        certs: 'all',
        boundary: true,
      },
    );
    const readToken = await token({ user_id: main.id, access: 'read' });
    const writeToken = await token({ user_id: main.id, access: 'write' });
    const names = await call<{ lists: { id: string }[] }>(h().app, 'GET', '/v3/domain/domain/names', {
      token: demo.token,
    });
    const realDomain = names.body.data.lists[0]!.id;
    const scopedToken = await token({ user_id: main.id, access: 'write', domains: { ids: [realDomain] } });
    const expiredToken = await token({
      user_id: main.id,
      access: 'write',
      expires_at: new Date(Date.now() + 1500).toISOString(),
    });
    const addressToken = await token({ user_id: main.id, access: 'write', allowed_ips: ['192.0.2.0/24'] });
    callers.push(
      {
        name: 'token read-only',
        headers: bearer(readToken),
        menu: 'all',
        domains: 'all',
        certs: 'all',
        token: { access: 'read' },
      },
      {
        name: 'token read-write',
        headers: bearer(writeToken),
        menu: 'all',
        domains: 'all',
        certs: 'all',
        token: { access: 'write' },
      },
      {
        name: 'token domain-scoped',
        headers: bearer(scopedToken),
        menu: 'all',
        domains: new Set([realDomain]),
        certs: 'all',
        token: { access: 'write' },
      },
      {
        name: 'token expired',
        headers: bearer(expiredToken),
        menu: 'all',
        domains: 'all',
        certs: 'all',
        token: { access: 'write', expired: true },
      },
      {
        name: 'token from a wrong address',
        headers: bearer(addressToken),
        menu: 'all',
        domains: 'all',
        certs: 'all',
        token: { access: 'write', wrongAddress: true },
      },
    );
    for (const caller of callers) caller.ofDemo = caller.name === 'main' || caller.name.startsWith('sub ');
    // Let the short-lived token expire before the matrix runs.
    await new Promise((resolve) => setTimeout(resolve, 1600));
    h().app.authCache.clear();
  });

  it('has a row for every endpoint and a payload for every command', () => {
    expect(Object.keys(endpointTargets).sort()).toEqual(Object.keys(endpoints).sort());
    expect(Object.keys(commandPayloads).sort()).toEqual(Object.keys(commands).sort());
  });

  it('answers every endpoint as the rules say, for every caller, on granted and other objects', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [name, endpoint] of Object.entries(endpoints) as [
      EndpointName,
      (typeof endpoints)[EndpointName],
    ][]) {
      const row = endpointTargets[name];
      // Public calls (the sign-in flow's) check no permission; calling logout would end the sign-ins.
      if (endpoint.access === 'public') continue;
      const objects =
        row.target === 'none'
          ? [{ kind: 'none' as Target, id: '' }]
          : row.target === 'account'
            ? [{ kind: row.target, id: granted.account }]
            : [
                { kind: row.target, id: granted[row.target] },
                { kind: row.target, id: other[row.target] },
              ];
      for (const caller of callers) {
        for (const object of objects) {
          const input = row.input ? row.input(object.id) : endpointInputs[name];
          const response = await h().app.inject({
            method: endpoint.method,
            url: endpoint.path,
            headers: { ...caller.headers(), 'accept-language': 'en' },
            ...(caller.remoteAddress ? { remoteAddress: caller.remoteAddress } : {}),
            ...(endpoint.method === 'GET'
              ? { query: (input ?? {}) as Record<string, string> }
              : input !== undefined
                ? { payload: input as Record<string, unknown> }
                : {}),
          });
          const got =
            response.headers['content-type']?.toString().includes('json') === true
              ? outcomeOf((response.json() as { code?: number }).code)
              : 'allowed';
          const want = expected(
            caller,
            {
              menuPath: endpointMenuPaths[name],
              writes: endpointEffects[name] === 'write',
              tag: endpoint.tag,
            },
            object,
          );
          if (got !== want) wrong.push(`${name} × ${caller.name} × ${object.kind}: got ${got}, want ${want}`);
          checked++;
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });

  it('answers every command as the rules say, for every caller, on granted and other domains', async () => {
    const wrong: string[] = [];
    for (const [name, make] of Object.entries(commandPayloads) as [
      CommandName,
      () => Record<string, unknown>,
    ][]) {
      const spec = commands[name];
      for (const caller of callers) {
        for (const which of ['granted', 'other'] as const) {
          const payload = make();
          const ids = which === 'granted' ? granted : other;
          if ('id' in payload && domainScoped.has(targetsOf(spec, spec.payload.parse(payload))[0]!.kind))
            payload.id = ids.domain;
          if ('certificate_id' in payload && payload.certificate_id !== null)
            payload.certificate_id = ids.cert;
          const parsed = spec.payload.parse(payload);
          const targets = targetsOf(spec, parsed);
          const info = await h().app.inject({
            method: 'GET',
            url: '/v3/customer/customer/loginInfo',
            headers: caller.headers(),
          });
          const actor = (info.json() as { data?: { user_id?: number } }).data?.user_id ?? 0;
          const response = await h().app.inject({
            method: 'POST',
            url: '/v3/sync/command/push',
            headers: { ...caller.headers(), 'accept-language': 'en' },
            payload: {
              actor_id: actor,
              commands: [
                {
                  key: `matrix-${randomUUID()}`,
                  name,
                  aggregate_id: targets[0]!.id,
                  base_version: 0,
                  schema_version: spec.schemaVersion,
                  payload,
                  origin: 'browser',
                },
              ],
            },
          });
          const body = response.json() as { code: number; data: { results?: { code: number }[] } };
          const got = outcomeOf(body.code === 0 ? body.data.results?.[0]?.code : body.code);
          // The push itself is a write of the sync menu-less endpoint; each command then needs its
          // module's menu path, and its domain (a new domain: "all") and certificate granted.
          const domains = targets.filter((t) => domainScoped.has(t.kind));
          const pushed = expected(caller, { writes: true, tag: 'sync' }, { kind: 'none', id: '' });
          let want: Outcome = pushed;
          if (want === 'allowed') {
            if (!opens(caller, spec.menuPath)) want = 40301;
            else if (domains.some((d) => !reaches(caller.domains, d.id))) want = 40301;
            else if (
              typeof payload.certificate_id === 'string' &&
              !reaches(caller.certs, payload.certificate_id)
            )
              want = 40301;
          }
          if (got !== want) wrong.push(`${name} × ${caller.name} × ${which}: got ${got}, want ${want}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('"all, including future items" reaches a domain made after the grant; a list grant does not', async () => {
    const demo = await signIn(h().app, 'demo');
    const name = `future-${Date.now()}.example.com`;
    const make = commandPayloads['domain.create']!();
    const payload = { ...make, domain: name };
    const spec = commands['domain.create'];
    const info = await call<{ user_id: number }>(h().app, 'GET', '/v3/customer/customer/loginInfo', {
      token: demo.token,
    });
    const pushed = await call<{ results: { code: number }[] }>(h().app, 'POST', '/v3/sync/command/push', {
      token: demo.token,
      body: {
        actor_id: info.body.data.user_id,
        commands: [
          {
            key: `future-${randomUUID()}`,
            name: 'domain.create',
            aggregate_id: targetsOf(spec, spec.payload.parse(payload))[0]!.id,
            base_version: 0,
            schema_version: spec.schemaVersion,
            payload,
            origin: 'browser',
          },
        ],
      },
    });
    expect(pushed.body.data.results[0]!.code).toBe(0);
    const id = targetsOf(spec, spec.payload.parse(payload))[0]!.id;
    const detail = (caller: Caller) =>
      h().app.inject({ method: 'GET', url: `/v3/domain/domain/detail?id=${id}`, headers: caller.headers() });
    const byName = (n: string) => callers.find((c) => c.name === n)!;
    expect((await detail(byName('sub with all, including future'))).json().code).toBe(0);
    expect((await detail(byName('sub with function and data'))).json().code).toBe(40301);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { menuDefinitions } from '../../../src/contract';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { commandPayloads } from '../../support/api-fixtures';
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
 * Attacks on the authorisation of every way in, each as a caller tried them against a running
 * console: API token scopes through the single-command calls, data permission of sub-accounts on
 * alarms, groups, feeds, the callback key and file-sync uploads, and the calls that need a recent
 * sign-in. Each is refused, and refused without an effect.
 */

const password = 'Pr#Probe2026';
const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' };

describeServer('authorisation probes', (h) => {
  let demo: string;
  let mainId: number;
  let domainA: { id: string; name: string };
  let domainB: { id: string; name: string };
  let domainC: { id: string; name: string };

  const as = (token: string) => ({
    get: <T = Record<string, unknown>>(path: string, query?: Record<string, string>) =>
      call<T>(h().app, 'GET', path, { token, headers: browser, language: 'en', ...(query ? { query } : {}) }),
    post: <T = Record<string, unknown>>(path: string, body: unknown, headers: Record<string, string> = {}) =>
      call<T>(h().app, 'POST', path, { token, body, headers: { ...browser, ...headers }, language: 'en' }),
  });
  const single = (token: string, path: string, body: unknown) =>
    as(token).post(path, body, { 'idempotency-key': `probe-${randomUUID()}` });

  const subAccount = async (login: string, menus: readonly string[], data: unknown) => {
    const menuIds = menuDefinitions.filter((m) => menus.includes(m.path)).map((m) => m.menu_id);
    const made = await as(demo).post('/v3/customer/customer/childAdd', {
      login,
      password,
      confirm_password: password,
      menu_ids: menuIds,
      data,
      api_enabled: false,
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    const response = await postLogin(h().app, login, password);
    const { body } = await redeem(h().app, redirectParams(response), cookieOf(response));
    return body.data.token;
  };
  const apiToken = async (body: Record<string, unknown>) => {
    const made = await as(demo).post<{ secret: string }>('/v3/customer/token/create', {
      user_id: mainId,
      ...body,
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    return made.body.data.secret;
  };
  const sectionVersion = async (id: string, kind: string) => {
    const detail = await as(demo).get<Record<string, { version: number }>>('/v3/domain/config/detail', {
      id,
    });
    return detail.body.data[kind]?.version;
  };

  beforeAll(async () => {
    demo = (await signIn(h().app, 'demo')).token;
    mainId = (await findAccountByLogin(h().db, 'demo'))!.id;
    const names = await as(demo).get<{ lists: { id: string; domain: string }[] }>('/v3/domain/domain/names');
    const lists = names.body.data.lists;
    [domainA, domainB, domainC] = lists.slice(0, 3).map((d) => ({ id: d.id, name: d.domain })) as [
      typeof domainA,
      typeof domainA,
      typeof domainA,
    ];
  });

  describe('API token scopes on the single-command calls', () => {
    let readOnly: string;
    let scoped: string;
    beforeAll(async () => {
      readOnly = await apiToken({ access: 'read' });
      scoped = await apiToken({ access: 'write', domains: { all: false, ids: [domainA.id] } });
    });

    it('a read-only token changes nothing through any single-command call', async () => {
      const before = await sectionVersion(domainA.id, 'domainCache');
      const groups = (await as(demo).get<{ lists: unknown[] }>('/v3/domain/group/lists')).body.data.lists
        .length;
      const calls: [string, unknown][] = [
        ['/v3/domain/cache/update', { ...commandPayloads['domainCache.set'](), id: domainA.id }],
        ['/v3/domain/domain/hangup', { id: domainA.id, shown_as: domainA.name }],
        ['/v3/domain/group/add', commandPayloads['domainGroup.create']()],
        ['/v3/alarm/contact/save', commandPayloads['alarmContact.save']()],
      ];
      for (const [path, body] of calls) {
        const answer = await single(readOnly, path, body);
        expect([path, answer.body.code, answer.body.msg]).toEqual([
          path,
          40301,
          'This token is read-only: it cannot make changes.',
        ]);
      }
      expect(await sectionVersion(domainA.id, 'domainCache')).toBe(before);
      const detail = await as(demo).get<{ status: string }>('/v3/domain/domain/detail', { id: domainA.id });
      expect(detail.body.data.status).toBe('active');
      expect(
        (await as(demo).get<{ lists: unknown[] }>('/v3/domain/group/lists')).body.data.lists,
      ).toHaveLength(groups);
    });

    it('a token scoped to one domain changes no other domain, and adds none', async () => {
      const before = await sectionVersion(domainC.id, 'domainCache');
      const refused: [string, unknown][] = [
        ['/v3/domain/cache/update', { ...commandPayloads['domainCache.set'](), id: domainC.id }],
        ['/v3/domain/domain/recover', { id: domainC.id, shown_as: domainC.name }],
        [
          '/v3/content/task/submit',
          { id: randomUUID(), kind: 'url', urls: [`https://${domainC.name}/a.js`] },
        ],
        [
          '/v3/alarm/policy/save',
          {
            ...commandPayloads['alarmPolicy.save'](),
            monitor_type: 'domain',
            domain_ids: [domainC.id],
          },
        ],
        ['/v3/domain/domain/add', commandPayloads['domain.create']()],
      ];
      for (const [path, body] of refused) {
        const answer = await single(scoped, path, body);
        expect([path, answer.body.code]).toEqual([path, 40301]);
      }
      expect(await sectionVersion(domainC.id, 'domainCache')).toBe(before);
      const records = await as(demo).get<{ lists: { urls: { url: string }[] }[] }>('/v3/content/task/lists', {
        page: '1',
        page_size: '100',
      });
      expect(records.body.data.lists.flatMap((t) => t.urls.map((u) => u.url))).not.toContain(
        `https://${domainC.name}/a.js`,
      );
      // Its own domain it does change.
      const own = await single(scoped, '/v3/domain/cache/update', {
        ...commandPayloads['domainCache.set'](),
        id: domainA.id,
      });
      expect(own.body.code).toBe(0);
    });
  });

  describe('data permission of sub-accounts', () => {
    let sub: string;
    let analyst: string;
    beforeAll(async () => {
      sub = await subAccount(
        'probe-sub',
        ['/cdn/domain/list', '/cdn/cert', '/cdn/alarm-manage', '/cdn/file-sync'],
        { domains: { ids: [domainA.id, domainB.id] } },
      );
      const response = await postLogin(h().app, 'demo-analyst', demoPassword);
      analyst = (await redeem(h().app, redirectParams(response), cookieOf(response))).body.data.token;
    });

    it('a calendar feed lists only the certificates its maker may see, and is its own', async () => {
      const mainFeed = await as(demo).post<{ url: string }>('/v3/cert/feed', { action: 'create' });
      expect(mainFeed.body.code).toBe(0);
      const subFeed = await as(sub).post<{ url: string }>('/v3/cert/feed', { action: 'create' });
      expect(subFeed.body.code).toBe(0);
      const read = (url: string) => h().app.inject({ method: 'GET', url: new URL(url).pathname });
      const mainIcs = await read(mainFeed.body.data.url);
      expect(mainIcs.statusCode).toBe(200);
      expect(mainIcs.body).toContain('BEGIN:VEVENT');
      const subIcs = await read(subFeed.body.data.url);
      expect(subIcs.statusCode).toBe(200);
      expect(subIcs.body).not.toContain('BEGIN:VEVENT');
      // Revoking its own feed leaves the main account's.
      expect((await as(sub).post('/v3/cert/feed', { action: 'revoke' })).body.code).toBe(0);
      expect((await read(subFeed.body.data.url)).statusCode).toBe(404);
      expect((await read(mainFeed.body.data.url)).statusCode).toBe(200);
      expect((await as(demo).get<{ enabled: boolean }>('/v3/cert/feed')).body.data.enabled).toBe(true);
    });

    it('alarm policies, history and deliveries of other domains are out of reach', async () => {
      const policy = (domainIds: string[]) => ({
        ...commandPayloads['alarmPolicy.save'](),
        id: randomUUID(),
        name: `probe_${randomUUID().slice(0, 8)}`,
        monitor_type: 'domain',
        domain_ids: domainIds,
      });
      const mine = policy([domainA.id]);
      const theirs = policy([domainC.id]);
      expect((await single(demo, '/v3/alarm/policy/save', mine)).body.code).toBe(0);
      expect((await single(demo, '/v3/alarm/policy/save', theirs)).body.code).toBe(0);
      const config = await as(sub).get<{ policies: { id: string }[] }>('/v3/alarm/config/lists');
      const seen = config.body.data.policies.map((p) => p.id);
      expect(seen).toContain(mine.id);
      expect(seen).not.toContain(theirs.id);
      for (const path of ['/v3/alarm/policy/enable', '/v3/alarm/policy/delete']) {
        const answer = await single(sub, path, { id: theirs.id, enabled: false });
        expect([path, answer.body.code]).toEqual([path, 40301]);
      }
      const still = await as(demo).get<{ policies: { id: string; enabled: boolean; deleted: boolean }[] }>(
        '/v3/alarm/config/lists',
      );
      expect(still.body.data.policies.find((p) => p.id === theirs.id)).toMatchObject({
        enabled: true,
        deleted: false,
      });

      // An alarm raised on another domain: not in the sub-account's history, nor its deliveries.
      const eventId = randomUUID();
      await h().db.execute(sql`insert into alarm_events
        (account_id, id, policy_id, policy_name, monitor_type, object_id, object_name, content, status, started_at)
        values (${mainId}, ${eventId}, ${theirs.id}, ${theirs.name}, 'domain', ${domainC.id}, ${domainC.name},
          '[]'::jsonb, 'ongoing', now())`);
      const history = await as(sub).get<{ lists: { id: string }[] }>('/v3/alarm/history/lists', {
        page: '1',
        page_size: '100',
      });
      expect(history.body.data.lists.map((e) => e.id)).not.toContain(eventId);
      const mainHistory = await as(demo).get<{ lists: { id: string }[] }>('/v3/alarm/history/lists', {
        page: '1',
        page_size: '100',
      });
      expect(mainHistory.body.data.lists.map((e) => e.id)).toContain(eventId);
      expect((await as(sub).get('/v3/alarm/history/deliveries', { event_id: eventId })).body.code).toBe(
        40301,
      );
    });

    it('the account-wide settings stay the main account’s: groups and the callback key', async () => {
      const groups = await as(demo).get<{ lists: { id: string; name: string }[] }>('/v3/domain/group/lists');
      const group = groups.body.data.lists[0]!;
      const rename = await single(analyst, '/v3/domain/group/rename', {
        id: group.id,
        name: 'Renamed by analyst',
        shown_as: group.name,
      });
      expect(rename.body.code).toBe(40301);
      const create = await single(analyst, '/v3/domain/group/add', commandPayloads['domainGroup.create']());
      expect(create.body.code).toBe(40301);
      const after = await as(demo).get<{ lists: { id: string; name: string }[] }>('/v3/domain/group/lists');
      expect(after.body.data.lists).toEqual(groups.body.data.lists);

      const key = await as(demo).post<{ key: string }>('/v3/alarm/callback/key', {});
      expect(key.body.code).toBe(0);
      expect((await as(sub).post('/v3/alarm/callback/key', {})).body.code).toBe(40301);
      expect((await as(sub).post('/v3/alarm/callback/rotate', {})).body.code).toBe(40301);
      const again = await as(demo).post<{ key: string }>('/v3/alarm/callback/key', {});
      expect(again.body.data.key).toBe(key.body.data.key);
    });

    it('the main account’s file-sync uploads are neither listed to nor cancelled by a sub-account', async () => {
      const tasks = await as(demo).get<{ lists: { id: string; status: string }[] }>(
        '/v3/file-sync/task/lists',
      );
      const task = tasks.body.data.lists[0]!;
      const seen = await as(sub).get<{ lists: { id: string }[] }>('/v3/file-sync/task/lists');
      expect(seen.body.data.lists.map((t) => t.id)).not.toContain(task.id);
      expect((await as(sub).post('/v3/file-sync/task/delete', { id: task.id })).body.code).toBe(40301);
      const after = await as(demo).get<{ lists: { id: string; status: string }[] }>(
        '/v3/file-sync/task/lists',
      );
      expect(after.body.data.lists.find((t) => t.id === task.id)).toEqual(task);
    });
  });

  describe('calls that need a recent sign-in', () => {
    it('asks for the password again when the sign-in is older than five minutes', async () => {
      const session = await signIn(h().app, 'demo');
      const token = session.token;
      // Ten minutes later, on the server's clock.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 10 * 60_000);
      h().app.authCache.clear();
      const refused: [string, unknown][] = [
        ['/v3/customer/security/twoFactorSetup', {}],
        ['/v3/customer/security/twoFactorEnable', { code: '123456' }],
        ['/v3/customer/token/create', { user_id: mainId, access: 'read' }],
        [
          '/v3/customer/customer/childAdd',
          { login: 'probe-late', password, confirm_password: password, menu_ids: [], data: {} },
        ],
      ];
      for (const [path, body] of refused) {
        const answer = await as(token).post(path, body);
        expect([path, answer.body.code, answer.body.msg]).toEqual([
          path,
          40103,
          'For your account’s safety, confirm your password first.',
        ]);
      }
      const status = await as(token).get<{ enabled: boolean }>('/v3/customer/security/twoFactor');
      expect(status.body.data.enabled).toBe(false);
      expect(await findAccountByLogin(h().db, 'probe-late')).toBeNull();

      const wrong = await as(token).post('/v3/customer/security/confirm', { password: 'Not#ThePassword1' });
      expect(wrong.body.code).toBe(40001);
      const confirmed = await as(token).post<{ confirmed_until: string }>('/v3/customer/security/confirm', {
        password: demoPassword,
      });
      expect(confirmed.body.code).toBe(0);
      expect(Date.parse(confirmed.body.data.confirmed_until)).toBeGreaterThan(Date.now() + 4 * 60_000);
      const setup = await as(token).post('/v3/customer/security/twoFactorSetup', {});
      expect(setup.body.code).toBe(0);
    });
    afterAll(() => {
      vi.useRealTimers();
    });
  });
});

import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditEvents } from '../../../server/db/schema';
import { findAccountByLogin } from '../../../server/modules/account/service';
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
 * Sub-accounts (spec §6, §7): made by a main account, signing in through the portal, reaching only
 * the menu and the domains granted to them, on the server, whatever the browser asks.
 */
describeServer('sub-accounts and their permissions', (h) => {
  const password = 'Sub#Pass2026';
  let main: string;
  let names: { id: string; domain: string }[];

  const post = <T = Record<string, unknown>>(token: string, path: string, body: unknown, language = 'zh') =>
    call<T>(h().app, 'POST', `/v3/customer/customer/${path}`, { token, body, language });
  const signInSub = async (login: string) => {
    const response = await postLogin(h().app, login, password);
    expect(response.statusCode).toBe(303);
    const { body } = await redeem(h().app, redirectParams(response), cookieOf(response));
    expect(body.code).toBe(0);
    return body.data.token;
  };
  const menuOf = async (token: string) =>
    (await call<{ lists: { menu_id: number }[] }>(h().app, 'GET', '/v3/customer/auth/lists', { token })).body;

  beforeAll(async () => {
    ({ token: main } = await signIn(h().app, 'demo'));
    const list = await call<{ lists: { id: string; domain: string }[] }>(
      h().app,
      'GET',
      '/v3/domain/domain/names',
      { token: main },
    );
    names = list.body.data.lists;
    expect(names.length).toBeGreaterThan(3);
  });

  it('makes a sub-account that sees only its two domains and its menu, and refuses a third by id', async () => {
    const [a, b, c] = names;
    const made = await post<{ user: { id: number; login: string } }>(main, 'childAdd', {
      login: 'demo-ops',
      password,
      confirm_password: password,
      real_name: '运维',
      mobile: '13800138000',
      menu_ids: [201],
      data: { domains: { all: false, ids: [a!.id, b!.id] } },
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    expect(made.body.msg).toBe('子账号已创建');
    const sub = await signInSub('demo-ops');

    const seen = await call<{ lists: { id: string }[] }>(h().app, 'GET', '/v3/domain/domain/names', {
      token: sub,
    });
    expect(seen.body.data.lists.map((d) => d.id).sort()).toEqual([a!.id, b!.id].sort());
    const page = await call<{ lists: { id: string }[]; total: number }>(
      h().app,
      'GET',
      '/v3/domain/domain/lists',
      { token: sub, query: { page: '1', page_size: '20' } },
    );
    expect(page.body.data.total).toBe(2);

    const third = await call(h().app, 'GET', '/v3/domain/domain/detail', {
      token: sub,
      query: { id: c!.id },
    });
    expect(third.body.code).toBe(40301);
    const own = await call(h().app, 'GET', '/v3/domain/domain/detail', { token: sub, query: { id: a!.id } });
    expect(own.body.code).toBe(0);

    // Statistics of "all domains" are of its domains; a third domain by id is refused.
    const range = { start: new Date(Date.now() - 3_600_000).toISOString(), end: new Date().toISOString() };
    const stats = await call(h().app, 'POST', '/v3/statistics/traffic/series', {
      token: sub,
      body: { all: false, domain_ids: [c!.id], granularity: 5, ...range },
    });
    expect(stats.body.code).toBe(40301);

    // Only the granted menu: the domain list, not certificates, statistics or user management.
    const menu = await menuOf(sub);
    const ids = JSON.stringify(menu);
    expect(ids).toContain('201');
    for (const absent of ['301', '401', '1001', '1003']) expect(ids).not.toContain(`"menu_id":${absent}`);
    const certs = await call(h().app, 'GET', '/v3/cert/lists', { token: sub });
    expect(certs.body.code).toBe(40301);
    // Only a main account manages sub-accounts.
    expect((await post(sub, 'childLists', {})).body.code).toBe(40301);
  });

  it('refuses the sixth sub-account and a login already taken, with their messages', async () => {
    const listed = await post<{ lists: unknown[] }>(main, 'childLists', {});
    for (let i = listed.body.data.lists.length; i < 5; i++)
      expect(
        (await post(main, 'childAdd', { login: `demo-sub${i}`, password, confirm_password: password })).body
          .code,
      ).toBe(0);
    const sixth = await post(main, 'childAdd', { login: 'demo-sub9', password, confirm_password: password });
    expect(sixth.body).toMatchObject({
      code: 42203,
      msg: '最多可创建 5 个子账号，如需新建，请先删除不需要的子账号',
    });
    const en = await post(
      main,
      'childAdd',
      { login: 'demo-sub9', password, confirm_password: password },
      'en',
    );
    expect(en.body.msg).toBe(
      'Up to 5 sub-accounts can be created. To create a new one, please delete an unneeded sub-account first.',
    );
    // A free slot, then a login already taken (by a main account).
    const subs = (await post<{ lists: { id: number; login: string }[] }>(main, 'childLists', {})).body.data
      .lists;
    const last = subs.find((s) => s.login === 'demo-sub4')!;
    expect((await post(main, 'childDelete', { user_id: last.id })).body.code).toBe(0);
    const taken = await post(main, 'childAdd', { login: 'Canvas', password, confirm_password: password });
    expect(taken.body).toMatchObject({ code: 40901, msg: '登录账号 Canvas 已被使用' });
  });

  it('checks the password policy, the confirmation, the login and the contacts on the server', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: 'Ab1#', confirm_password: 'Ab1#' }, 'password'],
      [{ password: 'abcdefgh1', confirm_password: 'abcdefgh1' }, 'password'],
      [{ password: 'Abc def#12', confirm_password: 'Abc def#12' }, 'password'],
      [{ password, confirm_password: `${password}x` }, 'confirm_password'],
      [{ login: '1abc', password, confirm_password: password }, 'login'],
      [{ mobile: '1380013800', password, confirm_password: password }, 'mobile'],
      [{ email: 'a@b', password, confirm_password: password }, 'email'],
    ];
    for (const [body, path] of cases) {
      const answer = await post<{ issues: { path: string }[] }>(main, 'childAdd', {
        login: 'demo-x',
        ...body,
      });
      expect(answer.body.code, JSON.stringify(body)).toBe(40001);
      expect(answer.body.data.issues.map((i) => i.path)).toContain(path);
    }
  });

  it('"all, including future items" reaches every domain; a deleted sub-account is signed out', async () => {
    const subs = (await post<{ lists: { id: number; login: string }[] }>(main, 'childLists', {})).body.data
      .lists;
    const ops = subs.find((s) => s.login === 'demo-ops')!;
    const token = await signInSub('demo-ops');
    const updated = await post<{
      data: { domains: { all: boolean } };
      auths: { menu_id: number; checked: boolean }[];
    }>(main, 'childAuthUpdate', {
      child_user_id: ops.id,
      menu_ids: [201, 301],
      data: { domains: { all: true }, certs: { all: true } },
    });
    expect(updated.body.code).toBe(0);
    expect(updated.body.data.data.domains.all).toBe(true);
    // A group is checked with its child; main-only items are not offered.
    const checked = updated.body.data.auths.filter((a) => a.checked).map((a) => a.menu_id);
    expect(checked).toEqual(expect.arrayContaining([200, 201, 300, 301]));
    expect(updated.body.data.auths.some((a) => a.menu_id === 1001)).toBe(false);

    const seen = await call<{ lists: unknown[] }>(h().app, 'GET', '/v3/domain/domain/names', { token });
    expect(seen.body.data.lists).toHaveLength(names.length);
    expect((await call(h().app, 'GET', '/v3/cert/lists', { token })).body.code).toBe(0);

    // Another account cannot read or delete it.
    const { token: canvas } = await signIn(h().app, 'canvas');
    expect((await post(canvas, 'childDetail', { user_id: ops.id })).body.code).toBe(40401);

    const demo = (await findAccountByLogin(h().db, 'demo'))!;
    const actions = (await h().db.select().from(auditEvents).where(eq(auditEvents.accountId, demo.id))).map(
      (e) => `${e.action}:${e.target}`,
    );
    expect(actions).toEqual(expect.arrayContaining(['childAdd:demo-ops', 'childAuthUpdate:demo-ops']));

    expect((await post(main, 'childDelete', { user_id: ops.id })).body.code).toBe(0);
    const after = await call(h().app, 'GET', '/v3/domain/domain/names', { token });
    expect(after.body.code).toBe(44);
  });

  it('simulates what a sub-account can do on a domain, as its own calls are then answered', async () => {
    const analyst = (await findAccountByLogin(h().db, 'demo-analyst'))!;
    const token = (await signIn(h().app, 'demo-analyst')).token;
    const own = await call<{ lists: { id: string }[] }>(h().app, 'GET', '/v3/domain/domain/names', { token });
    const granted = own.body.data.lists[0]!.id;
    const other = names.find((d) => !own.body.data.lists.some((o) => o.id === d.id))!.id;
    type Simulated = { data_allowed: boolean; calls: { name: string; allowed: boolean; reason: string }[] };
    for (const [id, dataAllowed] of [
      [granted, true],
      [other, false],
    ] as const) {
      const simulated = await post<Simulated>(main, 'childSimulate', {
        child_user_id: analyst.id,
        kind: 'domain',
        id,
      });
      expect(simulated.body.data.data_allowed).toBe(dataAllowed);
      const verdict = (name: string) => simulated.body.data.calls.find((c) => c.name === name)!;
      expect(verdict('domain.rename')).toMatchObject({ allowed: dataAllowed });
      // Its menu holds no log download: refused for the function, whatever the domain.
      expect(verdict('logFiles')).toMatchObject({ allowed: false, reason: 'function' });
      // The simulator's verdict is what the real call answers.
      const real = await call(h().app, 'GET', '/v3/domain/domain/detail', { token, query: { id } });
      expect(real.body.code === 0).toBe(verdict('domainDetail').allowed);
    }
  });
});

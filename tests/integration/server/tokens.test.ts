import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiTokens, auditEvents } from '../../../server/db/schema';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { call, describeServer, signIn } from '../../support/server-harness';

/**
 * API tokens (spec §3, §6, §8, §9): made by a main account, answered once, kept hashed, working on
 * the documented calls as their user with their own limits, each limit refused as it should be.
 */
describeServer('API tokens', (h) => {
  let main: string;
  let domains: { id: string; domain: string }[];

  const manage = <T = Record<string, unknown>>(path: string, body: unknown, language = 'zh') =>
    call<T>(h().app, 'POST', `/v3/customer/token/${path}`, {
      token: main,
      body,
      language,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' },
    });
  const create = (body: Record<string, unknown>) =>
    manage<{ secret: string; token: { id: string; hint: string } }>('create', body);
  /** A call as a script makes it: the API token, no browser. */
  const api = (secret: string, method: 'GET' | 'POST', url: string, extra: Record<string, unknown> = {}) =>
    h().app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${secret}`, 'user-agent': 'curl/8.5.0', 'accept-language': 'en' },
      ...extra,
    });
  const names = async (secret: string) =>
    (await api(secret, 'GET', '/v3/domain/domain/names')).json() as {
      code: number;
      msg: string;
      data: { lists: { id: string }[] };
    };

  beforeAll(async () => {
    ({ token: main } = await signIn(h().app, 'demo'));
    const list = await call<{ lists: { id: string; domain: string }[] }>(
      h().app,
      'GET',
      '/v3/domain/domain/names',
      { token: main },
    );
    domains = list.body.data.lists;
  });

  it('answers the secret once, keeps its hash, and reads with it', async () => {
    const demo = (await findAccountByLogin(h().db, 'demo'))!;
    const made = await create({ user_id: demo.id, remark: 'reports', access: 'read' });
    expect(made.body.code).toBe(0);
    const { secret, token } = made.body.data;
    expect(secret).toMatch(/^cdnk_[A-Za-z0-9_-]{40}$/);
    expect(secret.startsWith(token.hint.slice(0, -1))).toBe(true);
    const [row] = await h().db.select().from(apiTokens).where(eq(apiTokens.id, token.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    const listed = await manage<{ lists: unknown[] }>('lists', {});
    expect(JSON.stringify(listed.body.data)).not.toContain(secret);

    const read = await names(secret);
    expect(read.code).toBe(0);
    expect(read.data.lists).toHaveLength(domains.length);
    // Read-only: a change is refused; tokens never manage tokens or users.
    const change = await api(secret, 'POST', '/v3/cert/feed', { payload: { action: 'create' } });
    expect(change.json()).toMatchObject({
      code: 40301,
      msg: 'This token is read-only: it cannot make changes.',
    });
    const managing = await api(secret, 'POST', '/v3/customer/token/lists', { payload: {} });
    expect(managing.json().code).toBe(40301);
  });

  it('reaches only its domains, only from its addresses, only until its expiry', async () => {
    const demo = (await findAccountByLogin(h().db, 'demo'))!;
    const [a, b] = domains;
    const scoped = await create({
      user_id: demo.id,
      domains: { ids: [a!.id] },
      allowed_ips: ['192.0.2.0/24'],
    });
    expect(scoped.body.code).toBe(0);
    const { secret, token } = scoped.body.data;
    // From 127.0.0.1: refused; from the allowed network: its one domain.
    expect((await names(secret)).code).toBe(40301);
    const from = { remoteAddress: '192.0.2.7' };
    const seen = (await api(secret, 'GET', '/v3/domain/domain/names', from)).json();
    expect(seen.data.lists.map((d: { id: string }) => d.id)).toEqual([a!.id]);
    const other = await api(secret, 'GET', `/v3/domain/domain/detail?id=${b!.id}`, from);
    expect(other.json().code).toBe(40301);

    // Past its expiry it no longer signs in.
    await h()
      .db.update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, token.id));
    h().app.authCache.clear();
    expect((await api(secret, 'GET', '/v3/domain/domain/names', from)).json().code).toBe(44);
    // A bad network or an expiry in the past is refused at creation.
    const bad = await create({ user_id: demo.id, allowed_ips: ['192.0.2.7/24'] });
    expect(bad.body).toMatchObject({ code: 40001 });
    const past = await create({ user_id: demo.id, expires_at: new Date(Date.now() - 60_000).toISOString() });
    expect(past.body).toMatchObject({ code: 40001 });
  });

  it('gives a sub-account tokens only once API permission is on, within its own grants', async () => {
    const [a] = domains;
    const child = await call<{ user: { id: number } }>(h().app, 'POST', '/v3/customer/customer/childAdd', {
      token: main,
      body: {
        login: 'demo-api',
        password: 'Sub#Pass2026',
        confirm_password: 'Sub#Pass2026',
        menu_ids: [201],
        data: { domains: { ids: [a!.id] } },
      },
    });
    const subId = child.body.data.user.id;
    const refused = await create({ user_id: subId });
    expect(refused.body).toMatchObject({ code: 40301, msg: '该子账号未开通 API 权限，请先在权限设置中开启' });
    await call(h().app, 'POST', '/v3/customer/customer/childAuthUpdate', {
      token: main,
      body: { child_user_id: subId, menu_ids: [201], data: { domains: { ids: [a!.id] } }, api_enabled: true },
    });
    const made = await create({ user_id: subId, access: 'write' });
    expect(made.body.code).toBe(0);
    const seen = await names(made.body.data.secret);
    expect(seen.data.lists.map((d) => d.id)).toEqual([a!.id]);
    // A change made with it is recorded as coming from the API, by the sub-account.
    const updated = await api(made.body.data.secret, 'POST', '/v3/customer/customer/update', {
      payload: { company: 'Via API' },
    });
    expect(updated.json().code).toBe(0);
  });

  it('refuses the sixth token with the spec message, and a deleted token stops working', async () => {
    const demo = (await findAccountByLogin(h().db, 'demo'))!;
    const listed = await manage<{ lists: { id: string }[] }>('lists', {});
    const made: string[] = [];
    for (let i = listed.body.data.lists.length; i < 5; i++) {
      const token = await create({ user_id: demo.id });
      expect(token.body.code).toBe(0);
      made.push(token.body.data.secret);
    }
    const sixth = await manage('create', { user_id: demo.id }, 'en');
    expect(sixth.body).toMatchObject({
      code: 42203,
      msg: 'Only supports the creation of up to 5 tokens. If you need to create a new token, please delete the unnecessary tokens first.',
    });
    const all = (await manage<{ lists: { id: string; hint: string }[] }>('lists', {})).body.data.lists;
    const last = all.at(-1)!;
    const secret = made.find((s) => s.startsWith(last.hint.slice(0, -1)))!;
    expect((await names(secret)).code).toBe(0);
    // spec §5: the typed confirmation is the token's user name, checked by the server too.
    for (const confirm of ['', 'Demo', 'someone-else'])
      expect((await manage('delete', { id: last.id, confirm }, 'en')).body).toMatchObject({
        code: 40001,
        msg: 'To delete the token, type its user name: demo.',
      });
    expect((await names(secret)).code).toBe(0);
    expect((await manage('delete', { id: last.id, confirm: ' demo ' })).body.code).toBe(0);
    expect((await names(secret)).code).toBe(44);

    const actions = (await h().db.select().from(auditEvents).where(eq(auditEvents.accountId, demo.id))).map(
      (e) => `${e.action}:${e.origin}`,
    );
    expect(actions).toEqual(expect.arrayContaining(['tokenCreate:browser', 'tokenDelete:browser']));
    // The contact change made with the sub-account's token: its own, recorded as coming from the API.
    const sub = (await findAccountByLogin(h().db, 'demo-api'))!;
    expect(sub.company).toBe('Via API');
    const [change] = await h().db.select().from(auditEvents).where(eq(auditEvents.accountId, sub.id));
    expect(change).toMatchObject({ action: 'customer.update', actorId: sub.id, origin: 'api' });
    expect((await findAccountByLogin(h().db, 'demo'))!.company).not.toBe('Via API');
  });
});

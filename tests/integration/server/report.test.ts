import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { TrafficTopResult } from '../../../src/contract/traffic';
import { ingestLines, logLine } from '../../support/edge-log';
import { call, demoPassword, describeServer, signIn } from '../../support/server-harness';

/**
 * The report (spec §2 report page): its sub-account dimension, each sub-account's requests and
 * traffic over the domains its data permission reaches, within what the viewer reaches (spec §6);
 * the top URLs ranked by traffic for an account with the top-URL-type permission (spec §6).
 */
describeServer('report by sub-account and top URL type', (h) => {
  const tag = randomUUID().slice(0, 6);
  const logins = {
    two: `rep-two-${tag}`,
    all: `rep-all-${tag}`,
    none: `rep-none-${tag}`,
    viewer: `rep-view-${tag}`,
  };
  let demo: string;
  let domains: { id: string; domain: string }[];
  const range = {
    start: new Date(Date.now() - 7 * 86_400_000).toISOString(),
    end: new Date(Date.now() + 60_000).toISOString(),
  };

  const top = (token: string, dimension: string, body: Record<string, unknown> = { all: true }) =>
    call<TrafficTopResult>(h().app, 'POST', '/v3/statistics/traffic/top', {
      token,
      body: { ...range, ...body, dimension, limit: 2000 },
      language: 'en',
    });
  const addSub = async (login: string, data: Record<string, unknown>, menu = [409]) => {
    const made = await call<{ user: { id: number } }>(h().app, 'POST', '/v3/customer/customer/childAdd', {
      token: demo,
      body: { login, password: demoPassword, confirm_password: demoPassword, menu_ids: menu, data },
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    return made.body.data.user.id;
  };
  const sumOf = (rows: TrafficTopResult['rows'], ids: readonly string[]) => ({
    requests: rows.filter((r) => ids.includes(r.key)).reduce((s, r) => s + r.requests, 0),
    bytes: rows.filter((r) => ids.includes(r.key)).reduce((s, r) => s + r.bytes, 0),
  });

  let twoId = 0;
  beforeAll(async () => {
    ({ token: demo } = await signIn(h().app, 'demo'));
    const names = await call<{ lists: { id: string; domain: string; status: string }[] }>(
      h().app,
      'GET',
      '/v3/domain/domain/names',
      { token: demo },
    );
    domains = names.body.data.lists.filter((d) => d.status === 'active');
    // Traffic of three domains, as an edge sends it: per domain, (url, bytes) of each request.
    const requests: [number, string, number][] = [
      [0, '/big', 5000],
      [0, '/many', 100],
      [0, '/many', 100],
      [0, '/many', 100],
      [1, '/a', 500],
      [1, '/b', 500],
      [2, '/c', 100],
    ];
    const ingested = await ingestLines(
      h().app,
      h().db,
      `report-${h().kind}-${tag}`,
      requests.map(([d, url, bytes], n) =>
        logLine(domains[d]!.domain, {
          time: new Date(Date.now() - (n + 1) * 60_000).toISOString(),
          url,
          bytes,
        }),
      ),
    );
    expect(ingested.json()).toMatchObject({ code: 0, data: { accepted: requests.length } });
    twoId = await addSub(logins.two, { domains: { ids: [domains[0]!.id, domains[1]!.id] } });
    await addSub(logins.all, { domains: { all: true } });
    await addSub(logins.none, {});
  });

  it('gives the main account each sub-account over its own domains, the busiest first', async () => {
    const byDomain = (await top(demo, 'domain')).body.data;
    const answer = await top(demo, 'sub_account');
    expect(answer.body.code).toBe(0);
    const rows = new Map(answer.body.data.rows.map((r) => [r.key, r]));
    expect(byDomain.total_requests).toBeGreaterThan(0);
    expect(rows.get(logins.two)).toMatchObject(sumOf(byDomain.rows, [domains[0]!.id, domains[1]!.id]));
    expect(rows.get(logins.all)).toMatchObject({
      requests: byDomain.total_requests,
      bytes: byDomain.total_bytes,
    });
    // No domain, no traffic: not listed. The demo's own sub-account (two of its domains) is.
    expect(rows.has(logins.none)).toBe(false);
    expect(rows.get('demo-analyst')?.requests).toBeGreaterThan(0);
    const requests = answer.body.data.rows.map((r) => r.requests);
    expect(requests).toEqual([...requests].sort((a, b) => b - a));
    expect(answer.body.data).toMatchObject({
      total_requests: byDomain.total_requests,
      total_bytes: byDomain.total_bytes,
    });

    // The chosen domains narrow every sub-account to them.
    const one = await top(demo, 'sub_account', { domain_ids: [domains[1]!.id] });
    const narrowed = new Map(one.body.data.rows.map((r) => [r.key, r]));
    const only = sumOf(byDomain.rows, [domains[1]!.id]);
    expect(narrowed.get(logins.two)).toMatchObject(only);
    expect(narrowed.get(logins.all)).toMatchObject(only);
  });

  it('shows a sub-account viewer only the sub-accounts it reaches, over the domains it reaches', async () => {
    await addSub(logins.viewer, { domains: { ids: [domains[0]!.id] }, users: { ids: [twoId] } });
    const { token: viewer } = await signIn(h().app, logins.viewer);
    const byDomain = (await top(demo, 'domain')).body.data;
    const answer = await top(viewer, 'sub_account');
    expect(answer.body.code).toBe(0);
    const keys = answer.body.data.rows.map((r) => r.key);
    // Itself (no traffic of its own domains is possible to miss: it reaches domain 0) and the one granted.
    expect(keys.sort()).toEqual([logins.two, logins.viewer].sort());
    expect(answer.body.data.rows.find((r) => r.key === logins.two)).toMatchObject(
      sumOf(byDomain.rows, [domains[0]!.id]),
    );
  });

  it('never names another account’s sub-accounts', async () => {
    const { token: other } = await signIn(h().app, 'canvas');
    const answer = await top(other, 'sub_account');
    expect(answer.body.code).toBe(0);
    for (const login of [...Object.values(logins), 'demo-analyst'])
      expect(answer.body.data.rows.map((r) => r.key)).not.toContain(login);
  });

  it('exports the dimension with the screen’s column titles', async () => {
    const response = await h().app.inject({
      method: 'POST',
      url: '/v3/statistics/report/export',
      headers: { authorization: `Bearer ${demo}` },
      payload: { ...range, all: true, dimension: 'sub_account', format: 'csv', language: 'en_US' },
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Rank,Sub-account,Requests,Share of requests,Traffic (bytes),Share of traffic');
    expect(lines.some((l) => l.includes(`,${logins.all},`))).toBe(true);
    const zh = await h().app.inject({
      method: 'POST',
      url: '/v3/statistics/report/export',
      headers: { authorization: `Bearer ${demo}` },
      payload: { ...range, all: true, dimension: 'url', format: 'csv', language: 'zh_CN' },
    });
    expect(zh.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      '排名,URL,请求数,请求数占比,流量（字节）,流量占比',
    );
  });

  it('ranks the top URLs by traffic for an account with the top-URL-type permission, and refuses one without', async () => {
    const byBytes = await top(demo, 'url', { all: true, order: 'bytes' });
    expect(byBytes.body.code).toBe(0);
    const bytes = byBytes.body.data.rows.map((r) => r.bytes);
    expect(bytes).toEqual([...bytes].sort((a, b) => b - a));
    expect(byBytes.body.data.rows[0]?.key).toMatch(/\/big$/);
    const byRequests = (await top(demo, 'url')).body.data.rows;
    expect(byRequests.map((r) => r.requests)).toEqual(
      [...byRequests.map((r) => r.requests)].sort((a, b) => b - a),
    );
    expect(byRequests[0]?.key).toMatch(/\/many$/);

    // canvas has not the permission: by requests only, also in the export.
    const { token: plain } = await signIn(h().app, 'canvas');
    expect((await top(plain, 'url', { all: true, order: 'bytes' })).body).toMatchObject({
      code: 40301,
      msg: 'Ranking the top URLs by traffic is not enabled for this account.',
    });
    const exported = await h().app.inject({
      method: 'POST',
      url: '/v3/statistics/report/export',
      headers: { authorization: `Bearer ${plain}` },
      payload: { ...range, all: true, dimension: 'url', order: 'bytes', format: 'csv' },
    });
    expect(exported.json()).toMatchObject({ code: 40301 });
    expect((await top(plain, 'url')).body.code).toBe(0);
    expect((await top(plain, 'domain', { all: true, order: 'bytes' })).body.code).toBe(0);
  });

  it('answers API tokens by their scope, and refuses bad input clearly', async () => {
    const demoId = (
      await call<{ user_id: number }>(h().app, 'GET', '/v3/customer/customer/loginInfo', { token: demo })
    ).body.data.user_id;
    const token = async (body: Record<string, unknown>) => {
      const made = await call<{ secret: string }>(h().app, 'POST', '/v3/customer/token/create', {
        token: demo,
        body: { user_id: demoId, ...body },
      });
      expect(made.body.code, JSON.stringify(made.body)).toBe(0);
      return made.body.data.secret;
    };
    const viaToken = (secret: string, payload: Record<string, unknown>) =>
      h()
        .app.inject({
          method: 'POST',
          url: '/v3/statistics/traffic/top',
          headers: { authorization: `Bearer ${secret}`, 'accept-language': 'en' },
          payload: { ...range, limit: 2000, ...payload },
        })
        .then((r) => ({ status: r.statusCode, body: r.json() as { code: number; data: TrafficTopResult } }));
    const byDomain = (await top(demo, 'domain')).body.data;

    // A read-only token reads the report; a token of one domain sees each sub-account over it only.
    const readOnly = await token({ access: 'read' });
    expect((await viaToken(readOnly, { all: true, dimension: 'sub_account' })).body.code).toBe(0);
    const scoped = await token({ access: 'write', domains: { all: false, ids: [domains[1]!.id] } });
    const one = (await viaToken(scoped, { all: true, dimension: 'sub_account' })).body.data;
    expect(one.rows.find((r) => r.key === logins.all)).toMatchObject(sumOf(byDomain.rows, [domains[1]!.id]));
    expect(one.rows.find((r) => r.key === logins.two)).toMatchObject(sumOf(byDomain.rows, [domains[1]!.id]));
    // Naming a domain outside its scope is refused, not narrowed silently.
    expect(
      (await viaToken(scoped, { domain_ids: [domains[0]!.id], dimension: 'sub_account' })).body.code,
    ).not.toBe(0);

    // Bad input: a clear refusal (40001), never a 500.
    for (const payload of [
      { all: true, dimension: 'sub_account\u0000' },
      { all: true, dimension: 'url', order: 'bytes; drop table' },
      { all: true, dimension: 'sub_account', limit: 1e9 },
      { all: true, dimension: 'x'.repeat(100_000) },
    ]) {
      const answer = await viaToken(readOnly, payload);
      expect(answer.status, JSON.stringify(payload).slice(0, 60)).toBeLessThan(500);
      expect(answer.body.code).toBe(40001);
    }
    // A sub-account with two domains and no users granted: itself only, over its two domains.
    const { token: two } = await signIn(h().app, logins.two);
    const own = (await top(two, 'sub_account')).body.data.rows;
    expect(own.map((r) => r.key)).toEqual([logins.two]);
    expect(own[0]).toMatchObject(sumOf(byDomain.rows, [domains[0]!.id, domains[1]!.id]));

    const longConfirm = await call(h().app, 'POST', '/v3/customer/token/delete', {
      token: demo,
      body: { id: 'nope', confirm: 'x'.repeat(10_000) },
    });
    expect(longConfirm.response.statusCode).toBeLessThan(500);
    expect(longConfirm.body.code).toBe(40001);
  });
});

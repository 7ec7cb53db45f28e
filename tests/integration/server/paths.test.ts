import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { loginFailures } from '../../../server/db/schema';
import { call, describeServer, signIn, type Envelope } from '../../support/server-harness';

interface Route {
  method: string;
  url: string;
}

/**
 * Every route of the app, hidden ones included (the portal pages, the calendar feed), read from
 * its route tree: with `commonPrefix: false` each line is a path segment under its parent's.
 */
function routesOf(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  const segments: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!node) continue;
    const [, indent = '', segment = '', methods = ''] = node;
    const depth = indent.length / 4;
    segments.length = depth;
    segments.push(segment);
    const url = segments.join('');
    for (const method of methods.split(', ').filter(Boolean)) routes.push({ method, url });
  }
  return routes;
}

/** A path a route takes: its parameters filled with values of their shape. */
const pathOf = (pattern: string) =>
  pattern
    .replace(':file', 'unknown.ics')
    .replace(':account', '1')
    .replace(':domain', '00000000-0000-4000-8000-000000000000')
    .replace(':name', '2026010100.log.gz')
    .replace(/:\w+/g, 'x');

/** The same path with its first letter escaped (`/v3/...` → `/%763/...`): routed the same. */
const escapeFirstLetter = (path: string) =>
  path.replace(/^\/([a-z])/i, (_whole, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`);

const isApiPattern = (url: string) => /^\/(?:v3|api|account|portal\/api|operator)\//.test(url);

const nonCanonical = {
  code: 40001,
  msg: 'The request path is not in its canonical form.',
  data: { issues: [] },
};

describeServer('request paths: one spelling per route', (h) => {
  const staticDirs: string[] = [];
  afterAll(() => {
    for (const dir of staticDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses escaped unreserved characters and escaped slashes before routing (400, 40001, no-store)', async () => {
    const demo = await signIn(h().app, 'demo');
    const paths = [
      '/%763/customer/customer/loginInfo',
      '/v3/customer/customer/login%49nfo',
      '/v3/customer/customer/loginInf%6f?lang=en',
      '/v3/customer%2Fcustomer/loginInfo',
      '/v3/cert/calendar/a%2fb.ics',
      '/v3/cert/calendar/a%5Cb.ics',
      '/v3/log/file/download/1%2F2/00000000-0000-4000-8000-000000000000/2026010100.log.gz',
      '/v3/cert/calendar/%7Esecret.ics',
    ];
    for (const url of paths) {
      const response = await h().app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${demo.token}`, 'accept-language': 'en' },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(nonCanonical);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const chinese = await h().app.inject({
      method: 'GET',
      url: '/%763/customer/customer/loginInfo',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect((chinese.json() as Envelope).msg).toBe('请求地址格式不规范');
  });

  it('refuses an escaped sign-in form post before it is counted as an attempt', async () => {
    const login = 'path-probe';
    const attempts = async () =>
      (await h().db.select({ n: count() }).from(loginFailures).where(eq(loginFailures.login, login)))[0]?.n;
    const before = await attempts();
    const response = await h().app.inject({
      method: 'POST',
      url: '/%70ortal/login',
      remoteAddress: '198.51.100.41',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: new URLSearchParams({ username: login, password: 'wrong' }).toString(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(nonCanonical);
    expect(await attempts()).toBe(before);
  });

  it('refuses every route spelt with an escaped letter, and answers every API route with no-store', async () => {
    const routes = routesOf(h().app).filter(({ method, url }) => method !== 'HEAD' && !url.includes('*'));
    const api = routes.filter(({ url }) => isApiPattern(url));
    // The OpenAPI routes and the hidden ones (calendar feed, log download, portal pages).
    expect(api.length).toBeGreaterThan(100);
    expect(routes.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/v3/cert/calendar/:file', '/portal/login', '/docs']),
    );
    for (const { method, url } of routes) {
      const json =
        method === 'POST' ? { headers: { 'content-type': 'application/json' }, payload: '{}' } : {};
      const path = pathOf(url);
      const answer = await h().app.inject({ method: method as 'GET' | 'POST', url: path, ...json });
      if (isApiPattern(url)) expect(answer.headers['cache-control'], `${method} ${path}`).toBe('no-store');
      const escaped = await h().app.inject({
        method: method as 'GET' | 'POST',
        url: escapeFirstLetter(path),
        ...json,
      });
      expect(escaped.statusCode, `${method} ${escapeFirstLetter(path)}`).toBe(400);
      expect(escaped.json(), `${method} ${escapeFirstLetter(path)}`).toMatchObject({ code: 40001 });
      expect(escaped.headers['cache-control']).toBe('no-store');
    }
  });

  it('judges the path only: escapes in the query, non-ASCII and reserved characters in parameters pass', async () => {
    const demo = await signIn(h().app, 'demo');
    const info = await call(h().app, 'GET', '/v3/customer/customer/loginInfo?probe=%76%2F%2e%7E', {
      token: demo.token,
    });
    expect(info.response.statusCode).toBe(200);
    expect(info.body.code).toBe(0);
    // The calendar feed at its secret address, as the console hands it out.
    const made = await call<{ url: string }>(h().app, 'POST', '/v3/cert/feed', {
      token: demo.token,
      body: { action: 'create' },
    });
    expect(made.body.code).toBe(0);
    const feed = new URL(made.body.data.url);
    const calendar = await h().app.inject({ method: 'GET', url: feed.pathname + feed.search });
    expect(calendar.statusCode).toBe(200);
    expect(calendar.headers['content-type']).toContain('text/calendar');
    for (const url of ['/v3/cert/calendar/%E4%B8%AD%3A.ics', '/v3/cert/calendar/unknown.ics?lang=%65n_US'])
      expect((await h().app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    // A log download address: its signature is checked (403), not its spelling.
    const download = await h().app.inject({
      method: 'GET',
      url: '/v3/log/file/download/1/00000000-0000-4000-8000-000000000000/2026010100.log.gz?expires=1&signature=a%2Bb%2F%3D',
    });
    expect(download.statusCode).toBe(403);
    expect(download.headers['cache-control']).toBe('no-store');
    const docs = await h().app.inject({ method: 'GET', url: '/docs' });
    expect(docs.statusCode).toBeLessThan(400);
    expect((await h().app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
  });

  it('counts API calls, unmatched API paths and form posts against the address, by their route', async () => {
    const app = await h().appWith({ rateLimit: { perToken: 1000, perAddress: 3 } });
    const from = (remoteAddress: string, url: string, method: 'GET' | 'POST' = 'GET') =>
      app.inject({
        method,
        url,
        remoteAddress,
        ...(method === 'POST'
          ? {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: 'username=path-probe&password=wrong',
            }
          : {}),
      });
    const statuses = async (remoteAddress: string, url: string, method: 'GET' | 'POST' = 'GET') => {
      const seen: number[] = [];
      for (let i = 0; i < 4; i += 1) seen.push((await from(remoteAddress, url, method)).statusCode);
      return seen;
    };
    expect(await statuses('198.51.100.51', '/v3/common/enum/lists')).toEqual([200, 200, 200, 429]);
    expect(await statuses('198.51.100.52', '/v3/no/such/call')).toEqual([200, 200, 200, 429]);
    expect(await statuses('198.51.100.53', '/portal/login', 'POST')).toEqual([401, 401, 401, 429]);
    // Pages that are not API calls are not counted.
    expect(await statuses('198.51.100.54', '/portal/support')).toEqual([200, 200, 200, 200]);
    await h().db.delete(loginFailures).where(eq(loginFailures.login, 'path-probe'));
  });

  it('reads an absolute-form request target (GET http://host/v3/...) by its path, as the router does', async () => {
    const app = await h().appWith({ rateLimit: { perToken: 1000, perAddress: 6 } });
    const { port } = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
    // Node's client sends a path that is a whole URL as it is: the request target a proxy would get.
    const send = (target: string) =>
      new Promise<{ status: number; cacheControl: string | undefined }>((resolve, reject) => {
        httpGet({ host: '127.0.0.1', port, path: `http://console.test${target}` }, (response) => {
          response.resume();
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, cacheControl: response.headers['cache-control'] }),
          );
        }).on('error', reject);
      });
    expect((await send('/%763/common/enum/lists')).status).toBe(400);
    const answers = [];
    for (const target of ['/v3/common/enum/lists', '/v3/no/such/call'])
      for (let i = 0; i < 3; i += 1) answers.push(await send(target));
    expect(answers).toEqual(Array(6).fill({ status: 200, cacheControl: 'no-store' }));
    expect((await send('/v3/common/enum/lists')).status).toBe(429);
  });

  it('serves the built console, and counts unmatched API paths behind its catch-all route', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdn-static-'));
    staticDirs.push(dir);
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>console</title>');
    writeFileSync(join(dir, 'assets', 'app-1.js'), 'console.log(1);');
    const app = await h().appWith({ staticDir: dir, rateLimit: { perToken: 1000, perAddress: 3 } });
    const get = (url: string, remoteAddress = '198.51.100.61') =>
      app.inject({ method: 'GET', url, remoteAddress });

    const index = await get('/');
    expect(index.statusCode).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    for (let i = 0; i < 4; i += 1) {
      const asset = await get('/assets/app-1.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    expect((await get('/assets/%61pp-1.js')).statusCode).toBe(400);
    const unmatched: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await get('/v3/no/such/call', '198.51.100.62');
      expect(response.headers['cache-control']).toBe('no-store');
      unmatched.push(response.statusCode);
    }
    expect(unmatched).toEqual([200, 200, 200, 429]);
  });
});

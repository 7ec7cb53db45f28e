import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { commands } from '../../../src/commands/registry';
import { dictionary } from '../../../src/contract';
import { endpoints } from '../../../src/contract/endpoints';
import { call, describeServer, postLogin, signIn } from '../../support/server-harness';

describeServer('platform: headers, OpenAPI, errors, logs, static files', (h) => {
  it('sends the strict Content-Security-Policy', async () => {
    for (const url of ['/portal/login', '/v3/customer/customer/loginInfo']) {
      const response = await h().app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe/);
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('describes every contract endpoint in the OpenAPI document', async () => {
    const response = await h().app.inject({ method: 'GET', url: '/v3/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json() as {
      openapi: string;
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; security?: unknown[] }>>;
      components: { securitySchemes: Record<string, unknown> };
    };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    // API tokens are described where callers read how to sign in.
    expect(JSON.stringify(doc.components.securitySchemes.bearerAuth)).toContain('cdnk_');
    for (const endpoint of Object.values(endpoints)) {
      const operation = doc.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
      expect(operation, endpoint.path).toBeDefined();
      expect(operation?.summary).toBe(endpoint.summary);
      expect(operation?.tags).toEqual([endpoint.tag]);
      if (endpoint.access !== 'public') expect(operation?.security).toEqual([{ bearerAuth: [] }]);
    }
    // Every command's own call too (the configuration sections' among them), with its payload.
    for (const module of Object.values(commands)) {
      const operation = doc.paths[module.api.path]?.post;
      expect(operation, module.api.path).toBeDefined();
      expect(operation?.summary).toBe(module.api.summary);
      expect(operation?.tags).toEqual([module.api.tag]);
    }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v3/domain/cache/update', '/v3/domain/https/update']),
    );
    // The portal's HTML pages are not API calls.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/portal/log') || p === '/portal/realname')).toBe(
      false,
    );
  });

  it('documents the operator calls and the multipart body of the picture upload', async () => {
    const doc = (await h().app.inject({ method: 'GET', url: '/v3/openapi.json' })).json() as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
      components: { securitySchemes: Record<string, unknown> };
      tags: { name: string }[];
    };
    expect(doc.components.securitySchemes.operatorKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-operator-key',
    });
    expect(doc.tags.map((t) => t.name)).toContain('operator');
    const approve = doc.paths['/operator/approve']?.post;
    expect(approve).toMatchObject({
      tags: ['operator'],
      security: [{ operatorKey: [] }],
      requestBody: {
        content: {
          'application/json': { schema: { properties: { login: { type: 'string' } }, required: ['login'] } },
        },
      },
    });
    expect(String(approve?.summary)).toMatch(/approve/i);
    const pending = doc.paths['/operator/pending']?.get;
    expect(pending).toMatchObject({ tags: ['operator'], security: [{ operatorKey: [] }] });
    expect(JSON.stringify(pending?.responses)).toContain('created_at');
    const upload = doc.paths['/v3/suggestion/feedback/upload']?.post;
    expect(upload?.requestBody).toMatchObject({
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            required: ['file'],
            properties: { file: { type: 'string', format: 'binary' } },
          },
        },
      },
    });
    // Feedback names a product of the dictionary; the limits are in characters.
    const add = doc.paths['/v3/suggestion/feedback/add']?.post as {
      requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
    };
    const fields = add.requestBody.content['application/json'].schema.properties;
    expect(fields.product).toMatchObject({ enum: Object.keys(dictionary.product ?? {}) });
    expect(fields.title).toMatchObject({ maxLength: 50 });
    expect(fields.content).toMatchObject({ maxLength: 1000 });
    expect(doc.paths['/v3/openapi.json']?.get).toMatchObject({ tags: ['common'] });
  });

  it('serves the API documentation under the app’s own Content-Security-Policy, without the online validator', async () => {
    const app = h().app;
    const appCsp = String(
      (await app.inject({ method: 'GET', url: '/portal/login' })).headers['content-security-policy'],
    );
    for (const url of [
      '/docs/',
      '/docs/static/swagger-initializer.js',
      '/docs/static/swagger-ui-bundle.js',
      '/docs/json',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-security-policy'], url).toBe(appCsp);
    }
    expect(appCsp).not.toMatch(/validator\.swagger\.io|https:|upgrade-insecure-requests/);
    const initializer = await app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('"validatorUrl":null');
    expect(initializer.body).not.toContain('validator.swagger.io');
    // The page loads only same-origin scripts: nothing inline for the script-src 'self' to refuse.
    const page = await app.inject({ method: 'GET', url: '/docs/' });
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.body).not.toMatch(/https?:\/\//);
  });

  it('answers unknown API paths with 40401 in the envelope', async () => {
    const { body, response } = await call(h().app, 'GET', '/v3/nothing/here', { language: 'en' });
    expect(response.statusCode).toBe(200);
    expect(body).toEqual({ code: 40401, msg: 'The requested resource does not exist.', data: {} });
    const page = await h().app.inject({ method: 'GET', url: '/no-such-file.js' });
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ code: 40401 });
  });

  it('answers server faults with 50000 and no internals', async () => {
    const app = await h().appWith({});
    app.get('/v3/test/fault', { config: { permission: { access: 'public', effect: 'read' } } }, async () => {
      throw new Error('secret internal detail at /srv/db');
    });
    const response = await app.inject({
      method: 'GET',
      url: '/v3/test/fault',
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      code: 50000,
      msg: 'The server is busy. Please try again later.',
      data: {},
    });
    expect(response.body).not.toContain('secret');
  });

  it('keeps credentials and sign-in parameters out of the logs', async () => {
    const s = await signIn(h().app, 'demo');
    await postLogin(h().app, 'demo', 'Wrong#Password1');
    await h().app.inject({
      method: 'GET',
      url: '/account/user/view?code=CODE-SECRET-1&state=STATE-SECRET-2&session_state=SESSION-SECRET-3',
      headers: { cookie: s.cookie, authorization: `Bearer ${s.token}` },
    });
    h().app.log.info(
      {
        req: { headers: { authorization: `Bearer ${s.token}`, cookie: s.cookie } },
        password: 'Cdn#Demo2026',
      },
      'probe',
    );
    const text = h().logs.join('');
    expect(text).toContain('/account/user/view?code=[redacted]&state=[redacted]&session_state=[redacted]');
    for (const secret of [
      'CODE-SECRET-1',
      'STATE-SECRET-2',
      'SESSION-SECRET-3',
      s.token,
      s.code,
      s.cookie.split('=')[1],
      'Cdn#Demo2026',
      'Wrong#Password1',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('"probe"');
  });

  it('serves the built console with the right caching', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdn-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>CDN Console</title>');
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("install", () => {});');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1);');
    const app = await h().appWith({ staticDir: dir });
    const index = await app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('CDN Console');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/sw.js' })).headers['cache-control']).toBe('no-cache');
    expect(
      (await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })).headers['cache-control'],
    ).toBe('public, max-age=31536000, immutable');
    expect(
      (await app.inject({ method: 'GET', url: '/v3/customer/customer/loginInfo' })).json(),
    ).toMatchObject({ code: 44 });
  });

  it('serves the copies compressed at build time, by Accept-Encoding, with the caching of the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdn-static-'));
    mkdirSync(join(dir, 'assets'));
    const html = '<!doctype html><title>CDN Console</title>'.repeat(50);
    const script = 'console.log("a long enough script");\n'.repeat(100);
    for (const [name, text] of [
      ['index.html', html],
      [join('assets', 'index-abc123.js'), script],
    ] as const) {
      writeFileSync(join(dir, name), text);
      writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
    }
    const app = await h().appWith({ staticDir: dir });
    const get = (url: string, encoding?: string) =>
      app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('/', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(html);
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});

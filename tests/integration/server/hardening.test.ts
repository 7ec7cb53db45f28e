import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { expect, it } from 'vitest';
import type { z } from 'zod';
import { targetsOf } from '../../../src/commands/command';
import { commands, type CommandName } from '../../../src/commands/registry';
import { endpoints, type EndpointName } from '../../../src/contract/endpoints';
import { textProblems } from '../../../src/contract';
import { stringLeaves, withValueAt } from '../../support/contract-walk';
import { commandPayloads, endpointInputs } from '../../support/api-fixtures';
import { call, describeServer, signIn, type Envelope } from '../../support/server-harness';

/** The characters no free-text field takes: NUL, a bidi override, an escape, a bell. */
const poisons = ['a\u0000b', 'a\u202Egpj.exe', 'a\u001b[31mb', 'a\u0007b'];
const textMessageIds: string[] = Object.values(textProblems);

const issuesOf = (data: unknown) =>
  (data as { issues?: { path: string; message_id: string }[] } | undefined)?.issues ?? [];

/**
 * The refusal must be for the poisoned field: 40001 with an issue at its path (the text rule's
 * message when it is a free-text field). NUL is refused before any schema reads the request, with
 * the text rule's message for the whole request.
 */
function expectRefusedAt(
  answer: { code: number | undefined; data: unknown },
  leaf: { path: (string | number)[]; text: string | null },
  poison: string,
  where: string,
) {
  expect(answer.code, where).toBe(40001);
  const issues = issuesOf(answer.data);
  if (poison.includes('\u0000')) {
    expect(textMessageIds, where).toContain(issues[0]?.message_id);
    return;
  }
  const atField = issues.find((issue) => issue.path === leaf.path.join('.'));
  expect(atField, `${where}: ${JSON.stringify(issues)}`).toBeDefined();
  if (leaf.text) expect(textMessageIds, where).toContain(atField?.message_id);
}

describeServer('hardening: text rule, caching, JSON only, rate limits, compression', (h) => {
  it('has a valid base input for every endpoint and command, so none escapes the generated tests', () => {
    const withInput = Object.entries(endpoints)
      .filter(([, endpoint]) => 'input' in endpoint)
      .map(([name]) => name);
    expect(withInput.filter((name) => !(name in endpointInputs))).toEqual([]);
    for (const [name, input] of Object.entries(endpointInputs)) {
      const schema = (endpoints[name as EndpointName] as { input: z.ZodType }).input;
      expect(schema.safeParse(input).success, name).toBe(true);
    }
    for (const [name, payload] of Object.entries(commandPayloads)) {
      const spec = commands[name as CommandName];
      expect(spec.payload.safeParse(payload()).success, name).toBe(true);
    }
  });

  it('refuses control and bidi characters in every string field of every endpoint, never with a 500', async () => {
    const demo = await signIn(h().app, 'demo');
    let checked = 0;
    for (const [name, base] of Object.entries(endpointInputs)) {
      const endpoint = endpoints[name as EndpointName] as { method: string; path: string; input: z.ZodType };
      for (const leaf of stringLeaves(endpoint.input)) {
        for (const poison of poisons) {
          const input = withValueAt(base, leaf.path, poison) as Record<string, unknown>;
          const { body, response } =
            endpoint.method === 'GET'
              ? await call(h().app, 'GET', endpoint.path, {
                  token: demo.token,
                  query: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])),
                  headers: { cookie: demo.cookie },
                })
              : await call(h().app, 'POST', endpoint.path, {
                  token: demo.token,
                  body: input,
                  headers: { cookie: demo.cookie },
                });
          const where = `${name} ${leaf.path.join('.')} ${JSON.stringify(poison)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          expectRefusedAt(body, leaf, poison, where);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('refuses control and bidi characters in every string field of every command payload', async () => {
    const demo = await signIn(h().app, 'demo');
    const info = await call<{ user_id: number }>(h().app, 'GET', '/v3/customer/customer/loginInfo', {
      token: demo.token,
    });
    const actor = info.body.data.user_id;
    let checked = 0;
    for (const [name, make] of Object.entries(commandPayloads)) {
      const spec = commands[name as CommandName];
      for (const leaf of stringLeaves(spec.payload)) {
        for (const poison of poisons) {
          const base = make();
          const payload = withValueAt(base, leaf.path, poison);
          const { body, response } = await call<{ results: { code: number; data: unknown }[] }>(
            h().app,
            'POST',
            '/v3/sync/command/push',
            {
              token: demo.token,
              body: {
                actor_id: actor,
                commands: [
                  {
                    key: `poison-${randomUUID()}`,
                    name,
                    aggregate_id: targetsOf(spec, spec.payload.parse(base))[0]!.id,
                    base_version: 0,
                    schema_version: spec.schemaVersion,
                    payload,
                    origin: 'browser',
                  },
                ],
              },
            },
          );
          const where = `${name} ${leaf.path.join('.')} ${JSON.stringify(poison)}`;
          expect(response.statusCode, where).toBeLessThan(500);
          // NUL is refused for the whole push before anything reads it; other characters per command.
          const result = body.code === 0 ? body.data.results[0] : { code: body.code, data: body.data };
          expectRefusedAt({ code: result?.code, data: result?.data }, leaf, poison, where);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('answers every API route of the OpenAPI document with Cache-Control: no-store', async () => {
    const demo = await signIn(h().app, 'demo');
    const document = (await h().app.inject({ method: 'GET', url: '/v3/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() as 'GET' | 'POST' })),
    );
    const apiRoutes = routes.filter(({ path }) => /^\/(v3|api|portal\/api|account)\//.test(path));
    expect(apiRoutes.length).toBeGreaterThan(30);
    for (const { path, method } of apiRoutes) {
      for (const token of [demo.token, undefined]) {
        const response = await h().app.inject({
          method,
          url: path,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            cookie: demo.cookie,
            ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          ...(method === 'POST' ? { payload: '{}' } : {}),
        });
        expect(response.headers['cache-control'], `${method} ${path}`).toBe('no-store');
      }
    }
    // Unknown API paths and refusals carry it too.
    for (const url of ['/v3/no/such/call', '/api/nothing', '/portal/api/nothing']) {
      const response = await h().app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('takes JSON bodies only on JSON endpoints: forms, text and multipart are refused (41502)', async () => {
    const demo = await signIn(h().app, 'demo');
    const before = await call<{ mobile: string }>(h().app, 'POST', '/v3/customer/customer/baseInfo', {
      token: demo.token,
      body: {},
    });
    const bodies: { type: string; payload: string }[] = [
      { type: 'application/x-www-form-urlencoded', payload: 'mobile=13900139000' },
      { type: 'text/plain', payload: '{"mobile":"13900139000"}' },
      {
        type: 'multipart/form-data; boundary=x',
        payload: '--x\r\nContent-Disposition: form-data; name="mobile"\r\n\r\n13900139000\r\n--x--\r\n',
      },
    ];
    for (const { type, payload } of bodies) {
      for (const language of ['en', 'zh-CN']) {
        const response = await h().app.inject({
          method: 'POST',
          url: '/v3/customer/customer/update',
          headers: {
            authorization: `Bearer ${demo.token}`,
            'content-type': type,
            'accept-language': language,
          },
          payload,
        });
        const body = response.json() as Envelope;
        expect(body.code, type).toBe(41502);
        expect(body.msg).toBe(
          language === 'en'
            ? 'The request body must be JSON (Content-Type: application/json).'
            : '请求正文须为 JSON（Content-Type: application/json）',
        );
      }
    }
    const after = await call<{ mobile: string }>(h().app, 'POST', '/v3/customer/customer/baseInfo', {
      token: demo.token,
      body: {},
    });
    expect(after.body.data.mobile).toBe(before.body.data.mobile);
  });

  it('limits calls per token and per address, answering 429 with Retry-After and 42901', async () => {
    const app = await h().appWith({ rateLimit: { perToken: 5, perAddress: 8 } });
    const demo = await signIn(app, 'demo');
    const info = (token: string, remoteAddress = '198.51.100.9', language = 'en') =>
      app.inject({
        method: 'GET',
        url: '/v3/customer/customer/loginInfo',
        remoteAddress,
        headers: { authorization: `Bearer ${token}`, 'accept-language': language },
      });
    for (let i = 0; i < 5; i += 1) expect((await info(demo.token)).statusCode).toBe(200);
    const limited = await info(demo.token);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers['cache-control']).toBe('no-store');
    const body = limited.json() as Envelope<{ retry_after: number }>;
    expect(body.code).toBe(42901);
    expect(body.msg).toMatch(/^Too many requests\. Please wait \d+ s and try again\.$/);
    expect(body.data.retry_after).toBe(Number(limited.headers['retry-after']));
    // The token is limited from any address; another token of the same address is not (yet).
    expect((await info(demo.token, '192.0.2.200')).statusCode).toBe(429);
    const other = await signIn(app, 'newbie');
    expect((await info(other.token)).statusCode).toBe(200);
    expect((await info(other.token)).statusCode).toBe(200);
    // The address has now made 9 calls: over its 8, whatever the token, in Chinese too.
    const byAddress = await info(other.token, '198.51.100.9', 'zh-CN');
    expect(byAddress.statusCode).toBe(429);
    expect((byAddress.json() as Envelope).msg).toMatch(/^请求过于频繁，请 \d+ 秒后重试$/);
    // Calls without a token count against the address as well.
    const anonymous = await app.inject({
      method: 'GET',
      url: '/v3/common/enum/lists',
      remoteAddress: '198.51.100.9',
    });
    expect(anonymous.statusCode).toBe(429);
  });

  it('compresses API answers above 1 KB and leaves small ones alone', async () => {
    const demo = await signIn(h().app, 'demo');
    const big = await h().app.inject({
      method: 'GET',
      url: '/v3/domain/domain/lists',
      headers: { authorization: `Bearer ${demo.token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(big.headers['content-encoding']).toBe('br');
    expect(String(big.headers.vary)).toMatch(/accept-encoding/i);
    const decoded = JSON.parse(brotliDecompressSync(big.rawPayload).toString('utf8')) as Envelope;
    expect(decoded.code).toBe(0);
    expect(big.rawPayload.length).toBeLessThan(JSON.stringify(decoded).length);
    const small = await h().app.inject({
      method: 'GET',
      url: '/v3/customer/customer/cwn',
      headers: { authorization: `Bearer ${demo.token}`, 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

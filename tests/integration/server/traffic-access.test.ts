import { beforeAll, expect, it } from 'vitest';
import type { LogFilesResult } from '../../../src/contract/traffic';
import { ingestLines, logLine } from '../../support/edge-log';
import { call, describeServer, signIn } from '../../support/server-harness';

/**
 * The traffic calls as an attacker tries them: another account's domains, forged download links,
 * oversized and control-character input. Each answers a clear refusal, never data and never a 500.
 */
describeServer('traffic calls keep to the account and refuse bad input', (h) => {
  let demo: string;
  let other: string;
  let domainId: string;
  let domain: string;
  const day = 86_400_000;
  const range = {
    start: new Date(Date.now() - day).toISOString(),
    end: new Date(Date.now() + 60_000).toISOString(),
  };

  beforeAll(async () => {
    ({ token: demo } = await signIn(h().app, 'demo'));
    ({ token: other } = await signIn(h().app, 'canvas'));
    const list = await call<{ lists: { id: string; domain: string }[] }>(
      h().app,
      'GET',
      '/v3/domain/domain/names',
      { token: demo },
    );
    domainId = list.body.data.lists[0]!.id;
    domain = list.body.data.lists[0]!.domain;
    // A few lines for the domain, gzip-compressed as edges send them.
    const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
    const response = await ingestLines(
      h().app,
      h().db,
      `access-${h().kind}`,
      [1, 2, 3].map((n) => logLine(domain, { time: minutesAgo(n), url: `/p${n}` })),
    );
    expect(response.json()).toMatchObject({ code: 0, data: { accepted: 3, rejected: 0 } });
  });

  const post = (token: string, path: string, body: unknown) =>
    call(h().app, 'POST', path, { token, body, language: 'en-US' });

  it('answers the owner and refuses another account the same domain', async () => {
    const body = { domain_ids: [domainId], ...range, granularity: 60 };
    const mine = await post(demo, '/v3/statistics/traffic/series', body);
    expect(mine.body.code).toBe(0);
    for (const [path, input] of [
      ['/v3/statistics/traffic/series', body],
      ['/v3/statistics/traffic/top', { domain_ids: [domainId], ...range, dimension: 'url' }],
      ['/v3/statistics/traffic/uv', { domain_ids: [domainId], ...range }],
      ['/v3/log/file/lists', { domain_id: domainId, ...range }],
      ['/v3/statistics/report/export', { domain_ids: [domainId], ...range, dimension: 'url', format: 'csv' }],
    ] as const) {
      const theirs = await post(other, path, input);
      expect(theirs.response.statusCode, path).toBeLessThan(500);
      expect(theirs.body.code, path).not.toBe(0);
      expect(JSON.stringify(theirs.body), path).not.toContain('/p1');
    }
  });

  it('serves a log file only through its own signed link', async () => {
    const listed = await post(demo, '/v3/log/file/lists', { domain_id: domainId, ...range });
    const files = (listed.body.data as unknown as LogFilesResult).files;
    expect(files.length).toBeGreaterThan(0);
    const url = files[0]!.url;
    expect((await h().app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const forged = url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await h().app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const later = url.replace(/expires=\d+/, `expires=${Date.now() + 365 * day}`);
    expect((await h().app.inject({ method: 'GET', url: later })).statusCode).toBe(403);
    const traversal = url.replace(/\/[^/?]+\.log\.gz/, '/..%2F..%2Foperator.key');
    expect((await h().app.inject({ method: 'GET', url: traversal })).statusCode).toBeLessThan(500);
    expect((await h().app.inject({ method: 'GET', url: traversal })).statusCode).not.toBe(200);
  });

  it('refuses oversized and control-character input with a message', async () => {
    const cases: [string, unknown][] = [
      ['/v3/statistics/traffic/series', { domain_ids: ['\u0000\u001b[31m'], ...range, granularity: 60 }],
      [
        '/v3/statistics/traffic/series',
        { domain_ids: Array.from({ length: 6000 }, () => domainId), ...range, granularity: 60 },
      ],
      ['/v3/statistics/traffic/series', { all: true, start: 'yesterday', end: range.end, granularity: 60 }],
      ['/v3/statistics/traffic/series', { all: true, ...range, granularity: 7 }],
      [
        '/v3/statistics/traffic/uv',
        {
          domain_ids: Array.from(
            { length: 1001 },
            (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          ),
          ...range,
        },
      ],
      ['/v3/statistics/traffic/top', { all: true, ...range, dimension: 'password', limit: 1e9 }],
      [
        '/v3/log/file/lists',
        { domain_id: domainId, start: range.start, end: new Date(Date.now() + 40 * day).toISOString() },
      ],
    ];
    for (const [path, body] of cases) {
      const answer = await post(demo, path, body);
      expect(answer.response.statusCode, JSON.stringify(body).slice(0, 80)).toBeLessThan(500);
      expect(answer.body.code).not.toBe(0);
      expect(answer.body.msg.length).toBeGreaterThan(0);
    }
    const uv = await post(demo, '/v3/statistics/traffic/uv', cases[4]![1]);
    expect(uv.body.msg).toContain('A maximum of 1000 domains can be selected');
  });

  it('holds a burst of one caller to a few at a time and gives every slot back', async () => {
    const body = { all: true, ...range, granularity: 60 };
    const burst = await Promise.all(
      Array.from({ length: 30 }, () => post(demo, '/v3/statistics/traffic/series', body)),
    );
    const refused = burst.filter((answer) => answer.response.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.response.headers['retry-after']).toBe('2');
    expect(refused[0]!.body.code).toBe(42901);
    expect(burst.filter((answer) => answer.body.code === 0).length).toBeGreaterThanOrEqual(18);
    // Another caller is not refused meanwhile, and the slots all come back.
    expect((await post(other, '/v3/statistics/traffic/series', body)).body.code).toBe(0);
    for (let i = 0; i < 25; i++) {
      expect((await post(demo, '/v3/statistics/traffic/series', body)).body.code).toBe(0);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { agentVersion, EdgeAgent } from '../../../edge/agent';
import type { DomainDeployment } from '../../../src/contract/edge';
import type { TrafficSeriesResult } from '../../../src/contract/traffic';
import { createEdgeKey } from '../../../server/modules/traffic/edge-keys';
// @ts-expect-error -- a plain ES module of the project's scripts
import { ensureNginx, nginxModules, nginxPath } from '../../../scripts/nginx.mjs';
import { call, describeServer, operatorKey, signIn } from '../../support/server-harness';

/**
 * The console and a real edge node together: the agent registers with its key, pulls the domains,
 * makes nginx serve them, reports what took effect and ships its access log; the console shows
 * the deployment, sends refresh and prefetch to the node, and counts the requests served.
 */

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(port: number, host: string, path: string, from = '127.0.0.1'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host }, localAddress: from, agent: false },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describeServer(
  'a real edge node driven by the console',
  (h, kind) => {
    let consoleUrl = '';
    let origin: Server;
    let originHits = 0;
    let agent: EdgeAgent;
    let root = '';
    let httpPort = 0;
    let token = '';
    const domainId = randomUUID();
    const domainName = `edge-${kind}-${randomUUID().slice(0, 8)}.example.com`;

    const single = (path: string, body: unknown) =>
      call(h().app, 'POST', path, {
        token,
        body,
        headers: { 'idempotency-key': `edge-${randomUUID()}` },
      });
    const deployment = async () =>
      (await call<DomainDeployment>(h().app, 'GET', `/v3/domain/config/deployment?id=${domainId}`, { token }))
        .body.data;
    const settled = async (part: string) => {
      await expect
        .poll(async () => (await deployment()).sections.find((s) => s.kind === part)?.state, {
          timeout: 10_000,
          interval: 100,
        })
        .not.toBe('deploying');
      return (await deployment()).sections.find((s) => s.kind === part)!;
    };
    const cacheRules = (rules: Record<string, unknown>[]) =>
      single('/v3/domain/cache/update', {
        id: domainId,
        content: {
          rules: rules.map((rule) => ({
            ttl: 600,
            priority: 1,
            ignore_no_cache: false,
            follow_origin: false,
            ignore_case: true,
            query: 'keep',
            ...rule,
          })),
        },
      });
    // Every request the suite sends through the edge: the statistics must count each once.
    let sent = 0;
    const through = (path: string, from?: string) => {
      sent += 1;
      return get(httpPort, domainName, path, from);
    };

    beforeAll(async () => {
      ensureNginx();
      origin = createServer((request, response) => {
        originHits += 1;
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(`origin says ${request.url}`);
      });
      await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
      await h().app.listen({ port: 0, host: '127.0.0.1' });
      consoleUrl = `http://127.0.0.1:${(h().app.server.address() as AddressInfo).port}`;
      const { key } = await createEdgeKey(h().db, `node-${kind}`, new Date());
      root = mkdtempSync(join(tmpdir(), 'cdn-edge-node-'));
      httpPort = await freePort();
      agent = new EdgeAgent({
        consoleUrl,
        key,
        root,
        listen: '127.0.0.1',
        httpPort,
        httpsPort: await freePort(),
        controlPort: await freePort(),
        nginx: nginxPath as string,
        modules: nginxModules as string,
        intervalMs: 200,
        log: () => undefined,
      });
      await agent.start();
      token = (await signIn(h().app, 'demo')).token;
      const created = await single('/v3/domain/domain/add', {
        id: domainId,
        domain: domainName,
        service_type: 'web',
        area: '1',
        business_type: 'web',
        origins: [
          {
            type: 'ip',
            address: '127.0.0.1',
            port: (origin.address() as AddressInfo).port,
            level: 10,
            weight: 10,
          },
        ],
        group_id: null,
      });
      expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    }, 60_000);

    afterAll(async () => {
      await agent?.stop();
      origin?.close();
      if (root) rmSync(root, { recursive: true, force: true });
    });

    it('serves a new domain from its origin, and the console shows it in effect', async () => {
      expect((await settled('domain')).state).toBe('effective');
      const answer = await through('/hello.txt');
      expect(answer.status).toBe(200);
      expect(answer.body).toBe('origin says /hello.txt');
    });

    it('caches by the rule once it is in effect: MISS, then HIT', async () => {
      const started = Date.now();
      expect((await cacheRules([{ type: 'suffix', content: 'txt' }])).body.code).toBe(0);
      expect(await settled('domainCache')).toMatchObject({ state: 'effective', version: 1 });
      expect(Date.now() - started).toBeLessThan(5000);
      const before = originHits;
      expect((await through('/cached.txt')).headers['x-cache']).toBe('MISS');
      expect((await through('/cached.txt')).headers['x-cache']).toBe('HIT');
      expect(originHits).toBe(before + 1);
    });

    it('keeps serving the configuration in effect when nginx refuses a new one, and says why', async () => {
      // JavaScript takes this regular expression; nginx's PCRE refuses the repeat count.
      expect((await cacheRules([{ type: 'regex', content: '/x{70000}' }])).body.code).toBe(0);
      const part = await settled('domainCache');
      expect(part).toMatchObject({ state: 'failed', version: 2, effective_version: 1 });
      expect(part.reason).toMatch(/domains\/.+\.conf:\d+/);
      // The rules of version 1 still serve.
      expect((await through('/cached.txt')).headers['x-cache']).toBe('HIT');
      // A good version takes effect again.
      expect((await cacheRules([{ type: 'suffix', content: 'txt' }])).body.code).toBe(0);
      expect(await settled('domainCache')).toMatchObject({ state: 'effective', effective_version: 3 });
    });

    it('refuses a banned address within 5 s of the command, and no other', async () => {
      const started = Date.now();
      const banned = await single('/v3/ipban/ban/add', {
        cidr: '127.0.0.2',
        reason: 'edge test',
        expires_at: null,
      });
      expect(banned.body.code, JSON.stringify(banned.body)).toBe(0);
      await expect
        .poll(async () => (await through('/ban.txt', '127.0.0.2')).status, { timeout: 5000, interval: 100 })
        .toBe(403);
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await through('/ban.txt', '127.0.0.1')).status).toBe(200);
      expect((await single('/v3/ipban/ban/unban', { cidr: '127.0.0.2' })).body.code).toBe(0);
      await expect
        .poll(async () => (await through('/ban.txt', '127.0.0.2')).status, { timeout: 5000, interval: 100 })
        .toBe(200);
    });

    it('refreshes a URL and a directory on the node, and prefetches through it', async () => {
      await through('/dir/a.txt');
      await through('/dir/b.txt');
      expect((await through('/dir/a.txt')).headers['x-cache']).toBe('HIT');
      const submit = async (kind: 'url' | 'dir' | 'prefetch', urls: string[]) => {
        const id = randomUUID();
        expect((await single('/v3/content/task/submit', { id, kind, urls })).body.code).toBe(0);
        return id;
      };
      const task = async (id: string) =>
        (
          await call<{ lists: { id: string; status: string }[] }>(
            h().app,
            'GET',
            `/v3/content/task/lists?page_size=50`,
            { token },
          )
        ).body.data.lists.find((t) => t.id === id)?.status;
      const { ContentWorker } = await import('../../../server/modules/content/worker');
      const { LocalEdge } = await import('../../../server/modules/content/edge');
      const { NodeEdge } = await import('../../../server/modules/edge/content-edge');
      const worker = new ContentWorker(
        h().db,
        new NodeEdge(h().db, new LocalEdge(h().db, 0), { pollMs: 50 }),
      );
      const refreshed = await submit('url', [`http://${domainName}/dir/a.txt`]);
      await worker.round();
      expect(await task(refreshed)).toBe('success');
      expect((await through('/dir/a.txt')).headers['x-cache']).toBe('MISS');
      expect((await through('/dir/b.txt')).headers['x-cache']).toBe('HIT');
      const dir = await submit('dir', [`http://${domainName}/dir/`]);
      await worker.round();
      expect(await task(dir)).toBe('success');
      expect((await through('/dir/a.txt')).headers['x-cache']).toBe('MISS');
      expect((await through('/dir/b.txt')).headers['x-cache']).toBe('MISS');
      const prefetched = await submit('prefetch', [`http://${domainName}/dir/new.txt`]);
      await worker.round();
      expect(await task(prefetched)).toBe('success');
      expect((await through('/dir/new.txt')).headers['x-cache']).toBe('HIT');
    });

    it('is listed for the operator with its version, contact and deployment, and answers the IP check', async () => {
      const listed = await call<{
        nodes: {
          name: string;
          online: boolean;
          version: string;
          applied_seq: number;
          latest_seq: number;
          failed_domains: number;
        }[];
      }>(h().app, 'GET', '/operator/edge/nodes', { headers: { 'x-operator-key': operatorKey } });
      expect(listed.body.data.nodes).toContainEqual(
        expect.objectContaining({
          name: `node-${kind}`,
          online: true,
          version: agentVersion,
          failed_domains: 0,
        }),
      );
      const node = listed.body.data.nodes.find((n) => n.name === `node-${kind}`)!;
      expect(node.applied_seq).toBe(node.latest_seq);
      const checked = await call<{
        lists: { edge_node: boolean; node: { name: string; online: boolean } | null }[];
      }>(h().app, 'POST', '/v3/tools/ip/check', { token, body: { ips: ['127.0.0.1'] } });
      expect(checked.body.data.lists[0]).toMatchObject({
        edge_node: true,
        node: { name: `node-${kind}`, online: true },
      });
    });

    it('counts every request the suite sent through the edge in the statistics, exactly', async () => {
      const from = new Date(Date.now() - 3_600_000).toISOString();
      const totals = async () =>
        (
          await call<TrafficSeriesResult>(h().app, 'POST', '/v3/statistics/traffic/series', {
            token,
            body: {
              domain_ids: [domainId],
              start: from,
              end: new Date(Date.now() + 3_600_000).toISOString(),
              granularity: 5,
            },
          })
        ).body.data.summary.requests;
      for (let i = 0; i < 7; i++) await through(`/count-${i}.txt`);
      await agent.flushLogs();
      // The agent's prefetch is no client's request: it is not counted.
      await expect.poll(totals, { timeout: 10_000, interval: 200 }).toBe(sent);
    });
  },
  { config: { originPrivate: true } },
);

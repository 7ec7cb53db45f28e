import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiCall,
  makeEdgeKey,
  shipLogs,
  signInOverHttp,
  startServer,
  type ApiAnswer as Answer,
  type RunningServer,
} from '../../e2e/support/server-process';
import { anyRequestsPolicy, callbackReceiver } from '../../support/alarm-hooks';
import { freshPostgres } from '../../support/server-harness';

/**
 * Three instances of the server, as `npm run cluster` starts them, on one PostgreSQL database:
 * they seed once, and what one instance is asked is counted with what the others are asked
 * (versions, idempotency keys, quotas), whichever instance a call reaches.
 */
describe.skipIf(!process.env.DATABASE_URL)('three instances on one PostgreSQL database', () => {
  let servers: RunningServer[] = [];
  let drop: () => Promise<void> = async () => {};
  let dataDir = '';
  let shared: Record<string, string> = {};

  beforeAll(async () => {
    let url: string;
    ({ url, drop } = await freshPostgres());
    dataDir = mkdtempSync(join(tmpdir(), 'cdn-cluster-'));
    shared = {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      OPERATOR_KEY: randomBytes(32).toString('base64url'),
      STATIC_DIR: '/nonexistent',
      LOG_LEVEL: 'warn',
      // Counted together where the machine has a Redis; at most 60 calls a minute per token.
      REDIS_URL: process.env.REDIS_URL ?? '',
      RATE_LIMIT_TOKEN: '60',
      // The work of a killed instance is taken by another after 3 s.
      CLAIM_SECONDS: '3',
      // Each instance asks every second to evaluate the alarms; callbacks may reach loopback.
      ALARM_EVALUATE_SECONDS: '1',
      ALARM_CALLBACK_PRIVATE: '1',
    };
    servers = await Promise.all([0, 1, 2].map(() => startServer(shared, 180_000)));
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const signIn = (server: RunningServer, login: string) => signInOverHttp(server.url, login);
  const post = <T = Record<string, unknown>>(
    server: RunningServer,
    token: string,
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ) =>
    apiCall<T>(server.url, token, path, body, {
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)',
      ...headers,
    });

  it('seeds the demo data once between them', () => {
    expect(servers.filter((s) => s.output().includes('demo data seeded'))).toHaveLength(1);
  });

  it('signs in on one instance and serves the token on every other', async () => {
    const token = await signIn(servers[0]!, 'demo');
    for (const server of servers) {
      const info = await fetch(`${server.url}/v3/customer/customer/loginInfo`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(((await info.json()) as Answer).code).toBe(0);
    }
  });

  it('creates at most 5 tokens however many instances are asked at once', async () => {
    const token = await signIn(servers[1]!, 'demo');
    const me = (await post<{ id: number }>(servers[1]!, token, '/v3/customer/customer/baseInfo', {})).data;
    const listed = await post<{ lists: { id: string }[] }>(
      servers[0]!,
      token,
      '/v3/customer/token/lists',
      {},
    );
    for (const old of listed.data.lists)
      await post(servers[0]!, token, '/v3/customer/token/delete', { id: old.id, confirm: 'demo' });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(servers[i % 3]!, token, '/v3/customer/token/create', { user_id: me.id, access: 'read' }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(5);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === 42203)).toBe(true);
    const after = await post<{ lists: unknown[] }>(servers[2]!, token, '/v3/customer/token/lists', {});
    expect(after.data.lists).toHaveLength(5);
  });

  it('runs a command once per idempotency key, and once per version, whichever instance is asked', async () => {
    const token = await signIn(servers[2]!, 'demo');
    const cidr = `10.${Math.floor(Math.random() * 200) + 20}.7.0/24`;
    const key = `cluster-${randomUUID()}`;
    const banned = await Promise.all(
      servers.map((server) =>
        post(server, token, '/v3/ipban/ban/add', { cidr, reason: 'one' }, { 'idempotency-key': key }),
      ),
    );
    // One execution: an instance asked while another runs it says so (40903, to be sent again);
    // sent again (one at a time), every instance answers the first answer.
    expect(banned.filter((a) => a.code === 0).length).toBeGreaterThanOrEqual(1);
    expect(banned.every((a) => a.code === 0 || a.code === 40903)).toBe(true);
    const again: Answer[] = [];
    for (const server of servers)
      again.push(
        await post(server, token, '/v3/ipban/ban/add', { cidr, reason: 'one' }, { 'idempotency-key': key }),
      );
    const first = JSON.stringify(banned.find((a) => a.code === 0));
    for (const answer of again) expect(JSON.stringify(answer)).toBe(first);
    // Three changes of version 1 at once: one applies, the others are told the version moved on.
    const updates = await Promise.all(
      servers.map((server, i) =>
        post(
          server,
          token,
          '/v3/ipban/ban/update',
          { cidr, reason: `from ${i}`, expires_at: null, base_version: 1 },
          { 'idempotency-key': `cluster-${randomUUID()}` },
        ),
      ),
    );
    expect(updates.filter((a) => a.code === 0)).toHaveLength(1);
    expect(updates.filter((a) => a.code === 40902)).toHaveLength(2);
    expect(updates.find((a) => a.code === 0)?.data).toMatchObject({ version: 2 });
  });

  it("keeps the day's directory-refresh quota exact whichever instances are asked at once", async () => {
    const token = await signIn(servers[1]!, 'demo');
    const names = await fetch(`${servers[1]!.url}/v3/domain/domain/names`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const domain = (
      (await names.json()) as Answer<{ lists: { domain: string; status: string }[] }>
    ).data.lists.find((d) => d.status === 'active' && !d.domain.startsWith('*'))!.domain;
    // 12 tasks of 30 directories at once: 100 a day fit three (90), never a fourth.
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(
          servers[i % 3]!,
          token,
          '/v3/content/task/submit',
          {
            id: randomUUID(),
            kind: 'dir',
            urls: Array.from({ length: 30 }, (_, n) => `http://${domain}/quota-${i}-${n}/`),
          },
          { 'idempotency-key': `cluster-${randomUUID()}` },
        ),
      ),
    );
    expect(
      answers.filter((a) => a.code === 0),
      JSON.stringify(answers.map((a) => [a.code, a.msg])),
    ).toHaveLength(3);
  });

  it('lets one IP check through in 5 seconds whichever instances are asked', async () => {
    const token = await signIn(servers[0]!, 'demo');
    const answers = await Promise.all(
      [...servers, ...servers].map((server) =>
        post(server, token, '/v3/tools/ip/check', { ips: ['192.0.2.1'] }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === 42901 || a.code === 42902)).toBe(true);
  });

  it('raises one alarm per event and calls back once per delivery, whichever instances evaluate and send', async () => {
    const token = await signIn(servers[0]!, 'demo');
    const hook = await callbackReceiver();
    try {
      const template = {
        id: randomUUID(),
        name: 'Cluster_hook',
        channels: ['callback'],
        callback_url: hook.url,
      };
      const once = () => ({ 'idempotency-key': `cluster-${randomUUID()}` });
      expect((await post(servers[0]!, token, '/v3/alarm/template/save', template, once())).code).toBe(0);
      const policy = anyRequestsPolicy('Cluster_once', [template.id]);
      expect((await post(servers[1]!, token, '/v3/alarm/policy/save', policy, once())).code).toBe(0);
      // Requests from an edge, through every instance.
      const edgeKey = await makeEdgeKey(servers[2]!.url, shared.OPERATOR_KEY!, 'cluster');
      const names = await apiCall<{ lists: { domain: string; status: string }[] }>(
        servers[2]!.url,
        token,
        '/v3/domain/domain/names',
      );
      const domain = names.data.lists.find((d) => d.status === 'active')!.domain;
      for (const [i, server] of servers.entries())
        expect((await shipLogs(server.url, edgeKey, `cluster-${i}`, domain, 5)).code).toBe(0);
      // Read through each instance in turn.
      let i = 0;
      const check = async () => {
        const events = await apiCall<{ lists: { id: string; policy_id: string }[] }>(
          servers[i++ % 3]!.url,
          token,
          '/v3/alarm/history/lists?keyword=Cluster_once',
        );
        const mine = events.data.lists.filter((e) => e.policy_id === policy.id);
        expect(mine).toHaveLength(1);
        const deliveries = await apiCall<{ lists: { id: string; status: string }[] }>(
          servers[i++ % 3]!.url,
          token,
          `/v3/alarm/history/deliveries?event_id=${mine[0]!.id}`,
        );
        expect(deliveries.data.lists.length).toBeGreaterThan(0);
        for (const delivery of deliveries.data.lists) expect(delivery.status).toBe('sent');
        // Each delivery called back once (a restore, when the minute moves on, is a delivery of its own).
        expect(hook.deliveryIds().sort()).toEqual(deliveries.data.lists.map((d) => d.id).sort());
      };
      await vi.waitFor(check, { timeout: 30_000, interval: 500 });
      // Three instances go on asking to evaluate and send, every second: nothing more (a restore,
      // should the minute move on meanwhile, is sent once too).
      await new Promise((done) => setTimeout(done, 3_000));
      await vi.waitFor(check, { timeout: 10_000, interval: 500 });
    } finally {
      await hook.close();
    }
  });

  it('creates at most 5 sub-accounts however many instances are asked at once', async () => {
    const token = await signIn(servers[2]!, 'demo');
    const listed = await post<{ lists: unknown[]; max: number }>(
      servers[0]!,
      token,
      '/v3/customer/customer/childLists',
      {},
    );
    const room = listed.data.max - listed.data.lists.length;
    expect(listed.data.max).toBe(5);
    const password = 'Sub#Cluster2026';
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) =>
        post(servers[i % 3]!, token, '/v3/customer/customer/childAdd', {
          login: `cluster-sub-${i}`,
          password,
          confirm_password: password,
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(room);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.code === 42203)).toBe(true);
    const after = await post<{ lists: unknown[] }>(
      servers[1]!,
      token,
      '/v3/customer/customer/childLists',
      {},
    );
    expect(after.data.lists).toHaveLength(5);
  });

  it.runIf(process.env.REDIS_URL)(
    "counts a token's calls on every instance together (Redis): 60 a minute in all",
    async () => {
      const token = await signIn(servers[0]!, 'demo');
      const answers = await Promise.all(
        Array.from({ length: 66 }, (_, i) =>
          fetch(`${servers[i % 3]!.url}/v3/common/enum/lists`, {
            headers: { authorization: `Bearer ${token}` },
          }).then((r) => r.status),
        ),
      );
      expect(answers.filter((status) => status === 200)).toHaveLength(60);
      expect(answers.filter((status) => status === 429)).toHaveLength(6);
    },
  );

  it('keeps every acknowledged command when an instance is killed mid-work', async () => {
    const token = await signIn(servers[1]!, 'demo');
    const base = Math.floor(Math.random() * 150) + 60;
    const acknowledged: string[] = [];
    const sends = Array.from({ length: 30 }, async (_, i) => {
      const cidr = `10.${base}.${i}.0/24`;
      const answer = await post(
        servers[i % 3]!,
        token,
        '/v3/ipban/ban/add',
        { cidr },
        {
          'idempotency-key': `cluster-${randomUUID()}`,
        },
      ).catch(() => null);
      if (answer?.code === 0) acknowledged.push(cidr);
    });
    // Killed while the calls are under way: what it acknowledged was committed first.
    setTimeout(() => servers[0]!.process.kill('SIGKILL'), 30);
    await Promise.all(sends);
    expect(acknowledged.length).toBeGreaterThan(0);
    const list = await fetch(`${servers[2]!.url}/v3/ipban/ban/lists?keyword=10.${base}.&page_size=1000`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const stored = new Set(
      ((await list.json()) as Answer<{ lists: { id: string }[] }>).data.lists.map((l) => l.id),
    );
    for (const cidr of acknowledged) expect(stored.has(cidr), cidr).toBe(true);
    // The two left go on answering.
    for (const server of servers.slice(1))
      expect((await post(server, token, '/v3/customer/customer/baseInfo', {})).code).toBe(0);
  });

  it('finishes on another instance the refresh task a killed instance was executing', async () => {
    // The account's earlier tasks done first (its tasks run one at a time)...
    const running = (server: RunningServer) =>
      server.process.exitCode === null && server.process.signalCode === null;
    const alive = servers.find(running)!;
    const token = await signIn(alive, 'demo');
    await vi.waitFor(
      async () => {
        for (const state of ['pending', 'running']) {
          const listed = await apiCall<{ total: number }>(
            alive.url,
            token,
            `/v3/content/task/lists?status=${state}`,
          );
          expect(listed.data.total).toBe(0);
        }
      },
      { timeout: 30_000, interval: 500 },
    );
    // ...then, alone on the database, an instance whose edge takes 10 minutes takes the task...
    for (const server of servers) if (running(server)) server.process.kill('SIGKILL');
    const slow = await startServer({ ...shared, CONTENT_EDGE_DELAY_MS: '600000' }, 180_000);
    servers.push(slow);
    const names = await apiCall<{ lists: { domain: string; status: string }[] }>(
      slow.url,
      token,
      '/v3/domain/domain/names',
    );
    const domain = names.data.lists.find((d) => d.status === 'active' && !d.domain.startsWith('*'))!.domain;
    const id = randomUUID();
    const submitted = await post(
      slow,
      token,
      '/v3/content/task/submit',
      { id, kind: 'url', urls: [`http://${domain}/takeover.html`] },
      { 'idempotency-key': `cluster-${randomUUID()}` },
    );
    expect(submitted.code, submitted.msg).toBe(0);
    const status = async (server: RunningServer) => {
      const listed = await apiCall<{ lists: { id: string; status: string }[] }>(
        server.url,
        token,
        '/v3/content/task/lists?keyword=takeover.html',
      );
      if (listed.code !== 0) throw new Error(`${listed.code} ${listed.msg}`);
      return listed.data.lists.find((task) => task.id === id)?.status;
    };
    await vi.waitFor(async () => expect(await status(slow)).toBe('running'), {
      timeout: 10_000,
      interval: 250,
    });
    // ...and is killed while executing it: another instance finishes it once the claim runs out.
    slow.process.kill('SIGKILL');
    const rescuer = await startServer({ ...shared, CONTENT_EDGE_DELAY_MS: '100' }, 180_000);
    servers.push(rescuer);
    await vi.waitFor(async () => expect(await status(rescuer)).toBe('success'), {
      timeout: 20_000,
      interval: 250,
    });
  }, 240_000);
});

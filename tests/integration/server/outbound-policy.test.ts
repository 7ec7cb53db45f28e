import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domains } from '../../../server/db/schema';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { AlarmNotifier } from '../../../server/modules/alarm/deliver';
import { AlarmScheduler } from '../../../server/modules/alarm/scheduler';
import { KeyVault } from '../../../server/modules/cert/key-vault';
import { generateLines } from '../../../server/modules/traffic/generator';
import { ingestText } from '../../../server/modules/traffic/ingest';
import { Code } from '../../../src/contract';
import type { AlarmDelivery, AlarmEvent } from '../../../src/contract/alarm';
import type { CommandResult } from '../../../src/contract/commands';
import type { DomainEntry } from '../../../src/contract/domain';
import { anyRequestsPolicy } from '../../support/alarm-hooks';
import { call, describeServer, signIn, type Envelope } from '../../support/server-harness';

const minute = 60_000;

/** The origins the security review found accepted. */
const refusedOrigins = ['169.254.169.254', '10.0.0.5', '::1'];
const notPublic = {
  en: 'The origin cannot be a private, loopback or reserved address',
  zh: '源站地址不能是内网、本机或保留地址',
};

const ipOrigin = (address: string, extra: Record<string, unknown> = {}) => ({
  type: 'ip',
  address,
  port: 80,
  level: 10,
  weight: 10,
  ...extra,
});

const newDomain = (origins: unknown[]) => ({
  id: randomUUID(),
  domain: `outbound-${randomUUID().slice(0, 8)}.example.com`,
  service_type: 'web',
  area: '1',
  business_type: 'web',
  origins,
  group_id: null,
});

interface Received {
  headers: IncomingMessage['headers'];
}

/** An HTTP receiver on `host` (a port of its own unless given) that answers `status` and counts its calls. */
async function receiver(host: string, port = 0, status = 200, headers: Record<string, string> = {}) {
  const calls: Received[] = [];
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      calls.push({ headers: request.headers });
      response.writeHead(status, headers).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(port, host, done));
  return {
    port: (server.address() as AddressInfo).port,
    calls,
    close: () => new Promise((done) => server.close(done)),
  };
}

/** Answers the hosts of `table` (a list per call: the last one again after that); others do not resolve. */
function fakeResolver(table: Record<string, string[][]>) {
  const calls: string[] = [];
  const resolve = async (host: string): Promise<LookupAddress[]> => {
    const answers = table[host];
    const asked = calls.filter((c) => c === host).length;
    calls.push(host);
    const answer = answers?.[Math.min(asked, answers.length - 1)];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { calls });
}

/**
 * The outbound address policy (server/net/outbound.ts): an address the server connects to (an
 * alarm callback) or has an edge connect to (a domain's origin) must be global unicast, unless the
 * operator allows loopback and private ones; a callback connects to the address it checked.
 */
describeServer('outbound address policy', (h) => {
  let token = '';
  let actorId = 0;
  beforeAll(async () => {
    ({ token } = await signIn(h().app, 'demo'));
    actorId = (await findAccountByLogin(h().db, 'demo'))!.id;
  });

  /** One command through the push endpoint, as the console's outbox sends it. */
  const push = async (
    name: string,
    aggregate: string,
    base: number,
    payload: unknown,
    options: { app?: FastifyInstance; language?: string } = {},
  ) => {
    const { body } = await call<{ results: CommandResult[] }>(
      options.app ?? h().app,
      'POST',
      '/v3/sync/command/push',
      {
        token,
        language: options.language ?? 'en',
        body: {
          actor_id: actorId,
          commands: [
            {
              key: `outbound-${randomUUID()}`,
              name,
              aggregate_id: aggregate,
              base_version: base,
              schema_version: 1,
              payload,
              origin: 'browser',
            },
          ],
        },
      },
    );
    expect(body.code, body.msg).toBe(Code.ok);
    return body.data.results[0]!;
  };
  /** One call of a command's single-command endpoint, as an API caller makes it. */
  const single = async (
    path: string,
    payload: unknown,
    options: { app?: FastifyInstance; language?: string } = {},
  ) =>
    (
      await call(options.app ?? h().app, 'POST', path, {
        token,
        body: payload,
        language: options.language ?? 'en',
        headers: { 'idempotency-key': `outbound-${randomUUID()}` },
      })
    ).body as Envelope & Pick<CommandResult, 'data'>;
  const stored = async (id: string) => (await h().db.select().from(domains).where(eq(domains.id, id)))[0];
  const created = async (origins: unknown[] = [ipOrigin('8.8.8.8')]) => {
    const payload = newDomain(origins);
    expect((await push('domain.create', payload.id, 0, payload)).code).toBe(Code.ok);
    return payload;
  };
  const refusedAt = (answer: { code: number; msg: string; data: Record<string, unknown> }, index = 0) =>
    expect(answer, JSON.stringify(answer)).toMatchObject({
      code: Code.commandRejected,
      msg: notPublic.en,
      data: { issues: [{ path: `origins.${index}.address`, message_id: 'domain.origin.notPublic' }] },
    });

  describe('domain origins', () => {
    it.each(refusedOrigins)(
      'refuses a new domain with the origin %s (push and single call)',
      async (address) => {
        const pushed = newDomain([ipOrigin('8.8.8.8', { level: 20 }), ipOrigin(address)]);
        refusedAt(await push('domain.create', pushed.id, 0, pushed), 1);
        expect(await stored(pushed.id)).toBeUndefined();
        const called = newDomain([ipOrigin(address)]);
        refusedAt(await single('/v3/domain/domain/add', called));
        expect(await stored(called.id)).toBeUndefined();
        const chinese = await push('domain.create', called.id, 0, called, { language: 'zh-CN' });
        expect(chinese).toMatchObject({ code: Code.commandRejected, msg: notPublic.zh });
      },
    );

    it.each(refusedOrigins)(
      'refuses to change the origins of a domain to %s (push and single call)',
      async (address) => {
        const domain = await created();
        refusedAt(
          await push('domain.setOrigins', domain.id, 1, { id: domain.id, origins: [ipOrigin(address)] }),
        );
        refusedAt(await single('/v3/domain/domain/origins', { id: domain.id, origins: [ipOrigin(address)] }));
        expect(await stored(domain.id)).toMatchObject({ version: 1, origins: [{ address: '8.8.8.8' }] });
      },
    );

    it.each(refusedOrigins)(
      'refuses a copy to a new domain with the origin %s (push and single call)',
      async (address) => {
        const source = await created();
        const copy = () => ({
          ...newDomain([ipOrigin(address)]),
          source_id: source.id,
          copy_id: randomUUID(),
          contents: ['basic', 'origin'],
        });
        const pushed = copy();
        refusedAt(await push('domain.copyConfig', pushed.id, 0, pushed));
        expect(await stored(pushed.id)).toBeUndefined();
        const called = copy();
        refusedAt(await single('/v3/domain/domain/copy', called));
        expect(await stored(called.id)).toBeUndefined();
      },
    );

    it('accepts public addresses, the documentation blocks and host names, which the edge resolves itself', async () => {
      const domain = await created([
        ipOrigin('223.5.5.5'),
        ipOrigin('2400:3200::1'),
        ipOrigin('192.0.2.10', { level: 15 }),
        ipOrigin('2001:db8::10', { level: 15 }),
        { ...ipOrigin('localhost.example.com', { level: 20 }), type: 'domain' },
      ]);
      expect(await stored(domain.id)).toMatchObject({ version: 1 });
    });

    it('accepts loopback, private and link-local origins with ORIGIN_PRIVATE=1, and never unspecified, multicast or broadcast ones', async () => {
      const app = await h().appWith({ originPrivate: true });
      const origins = refusedOrigins.map((address) => ipOrigin(address));
      const domain = newDomain(origins);
      expect(await push('domain.create', domain.id, 0, domain, { app })).toMatchObject({ code: Code.ok });
      const other = newDomain([ipOrigin('8.8.8.8')]);
      expect(await single('/v3/domain/domain/add', other, { app })).toMatchObject({ code: Code.ok });
      expect(
        await single('/v3/domain/domain/origins', { id: other.id, origins: [ipOrigin('fd00::5')] }, { app }),
      ).toMatchObject({ code: Code.ok });
      expect(await stored(other.id)).toMatchObject({ version: 2, origins: [{ address: 'fd00::5' }] });
      for (const address of ['0.0.0.0', '224.0.0.1', '255.255.255.255', '::ffff:10.0.0.5', '198.18.0.1'])
        refusedAt(
          await push(
            'domain.setOrigins',
            other.id,
            2,
            { id: other.id, origins: [ipOrigin(address)] },
            { app },
          ),
        );
      // The app without the setting still refuses them.
      refusedAt(await push('domain.setOrigins', other.id, 2, { id: other.id, origins: origins.slice(0, 1) }));
    });
  });

  describe('alarm callbacks', () => {
    let domain: { id: string; domain: string };
    const receivers: Awaited<ReturnType<typeof receiver>>[] = [];
    const post = (path: string, body: unknown) => single(path, body);
    const deliveries = async (eventId: string) =>
      (
        await call<{ lists: AlarmDelivery[] }>(h().app, 'GET', '/v3/alarm/history/deliveries', {
          token,
          query: { event_id: eventId },
        })
      ).body.data.lists;

    beforeAll(async () => {
      const list = await call<{ lists: DomainEntry[] }>(h().app, 'GET', '/v3/domain/domain/lists', {
        token,
        query: { page: '1', page_size: '50' },
      });
      domain = list.body.data.lists.find((d) => d.status === 'active')!;
    });
    afterAll(async () => {
      for (const r of receivers) await r.close();
    });

    /**
     * Alarms raised now on the account, told to one callback template per URL (five to a policy,
     * the most it takes): their deliveries by URL.
     */
    const raised = async (urls: string[]) => {
      const templates = urls.map((url) => ({
        id: randomUUID(),
        name: `Outbound_${randomUUID().slice(0, 8)}`,
        channels: ['callback'],
        callback_url: url,
      }));
      for (const template of templates)
        expect((await post('/v3/alarm/template/save', template)).code).toBe(Code.ok);
      const policies: string[] = [];
      for (let i = 0; i < templates.length; i += 5) {
        const policy = anyRequestsPolicy(
          `Outbound_${randomUUID().slice(0, 8)}`,
          templates.slice(i, i + 5).map((t) => t.id),
        );
        expect((await post('/v3/alarm/policy/save', policy)).code).toBe(Code.ok);
        policies.push(policy.id);
      }
      const at = Math.floor(Date.now() / minute) * minute - 3 * minute;
      const lines = generateLines({
        domains: [{ name: domain.domain, peakBps: 1e8 }],
        from: at,
        to: at + minute,
        stepMs: minute,
        perStep: 30,
        seed: at,
      });
      await ingestText(h().db, null, [...lines].map((l) => JSON.stringify(l)).join('\n'), Date.now());
      await new AlarmScheduler(h().db).tick(new Date(at + minute + 45_000));
      const history = await call<{ lists: AlarmEvent[] }>(h().app, 'GET', '/v3/alarm/history/lists', {
        token,
        query: { page_size: '100' },
      });
      const events = history.body.data.lists.filter((e) => policies.includes(e.policy_id));
      expect(events).toHaveLength(policies.length);
      return async () => {
        const log = (await Promise.all(events.map((e) => deliveries(e.id)))).flat();
        return Object.fromEntries(urls.map((url) => [url, log.find((d) => d.recipient === url)]));
      };
    };
    const notifier = (options: ConstructorParameters<typeof AlarmNotifier>[2]) =>
      new AlarmNotifier(h().db, KeyVault.open(h().config.dataDir), {
        retryDelaysMs: [],
        timeoutMs: 2000,
        ...options,
      });

    it('refuses a callback to each address the review found, without connecting', async () => {
      const local = await receiver('127.0.0.1');
      receivers.push(local);
      const resolve = fakeResolver({ 'rebind.example.com': [['127.0.0.1']] });
      // The first four would reach the receiver on this machine if they were connected to.
      const urls = [
        `http://127.0.0.1:${local.port}/hook`,
        `http://0.0.0.0:${local.port}/hook`,
        `http://[::ffff:127.0.0.1]:${local.port}/hook`,
        `http://rebind.example.com:${local.port}/hook`,
        'http://198.18.0.1/hook',
        'http://224.0.0.1/hook',
        'http://255.255.255.255/hook',
        'http://[fec0::1]/hook',
        'http://[64:ff9b::7f00:1]/hook',
        'http://[::7f00:1]/hook',
        'http://169.254.169.254/latest/meta-data/',
        'https://10.0.0.5/hook',
      ];
      const log = await raised(urls);
      await notifier({ resolve }).round(new Date(), 100);
      expect(local.calls).toHaveLength(0);
      const byUrl = await log();
      const private_ = 'the callback URL reaches a private address';
      const reserved = 'the callback URL reaches a reserved address';
      expect(Object.fromEntries(urls.map((url) => [url, [byUrl[url]?.status, byUrl[url]?.error]]))).toEqual({
        [urls[0]!]: ['failed', private_],
        [urls[1]!]: ['failed', reserved],
        [urls[2]!]: ['failed', reserved],
        [urls[3]!]: ['failed', private_],
        'http://198.18.0.1/hook': ['failed', reserved],
        'http://224.0.0.1/hook': ['failed', reserved],
        'http://255.255.255.255/hook': ['failed', reserved],
        'http://[fec0::1]/hook': ['failed', reserved],
        'http://[64:ff9b::7f00:1]/hook': ['failed', reserved],
        'http://[::7f00:1]/hook': ['failed', reserved],
        'http://169.254.169.254/latest/meta-data/': ['failed', private_],
        'https://10.0.0.5/hook': ['failed', private_],
      });
    });

    it('with ALARM_CALLBACK_PRIVATE reaches loopback, and still never unspecified, multicast or broadcast', async () => {
      const local = await receiver('127.0.0.1');
      receivers.push(local);
      const reached = `http://127.0.0.1:${local.port}/hook`;
      const urls = [
        reached,
        `http://0.0.0.0:${local.port}/hook`,
        'http://224.0.0.1/hook',
        'http://255.255.255.255/hook',
      ];
      const log = await raised(urls);
      await notifier({ allowPrivate: true, resolve: fakeResolver({}) }).round(new Date(), 100);
      expect(local.calls).toHaveLength(1);
      const byUrl = await log();
      expect(byUrl[reached]).toMatchObject({ status: 'sent', error: null });
      for (const url of urls.slice(1))
        expect(byUrl[url], url).toMatchObject({
          status: 'failed',
          error: 'the callback URL reaches a reserved address',
        });
    });

    it('connects to the address it checked, whatever the name resolves to afterwards', async () => {
      // The same port on two loopback addresses: the first answer is checked, the second would
      // only be reached by a second resolution.
      const checked = await receiver('127.0.0.1');
      const later = await receiver('127.0.0.2', checked.port);
      receivers.push(checked, later);
      const resolve = fakeResolver({ 'hooks.example.com': [['127.0.0.1'], ['127.0.0.2']] });
      const url = `http://hooks.example.com:${checked.port}/hook`;
      const log = await raised([url]);
      await notifier({ allowPrivate: true, resolve }).round(new Date(), 100);
      expect((await log())[url]).toMatchObject({ status: 'sent' });
      expect(resolve.calls.filter((host) => host === 'hooks.example.com')).toHaveLength(1);
      expect(later.calls).toHaveLength(0);
      expect(checked.calls).toHaveLength(1);
      // The receiver is told the URL's host, not the address.
      expect(checked.calls[0]!.headers.host).toBe(`hooks.example.com:${checked.port}`);
    });

    it('does not follow a redirect (it would lead to an address nobody checked)', async () => {
      const target = await receiver('127.0.0.1');
      const redirecting = await receiver('127.0.0.1', 0, 302, {
        location: `http://127.0.0.1:${target.port}/`,
      });
      receivers.push(target, redirecting);
      const url = `http://127.0.0.1:${redirecting.port}/hook`;
      const log = await raised([url]);
      await notifier({ allowPrivate: true, resolve: fakeResolver({}) }).round(new Date(), 100);
      expect((await log())[url]).toMatchObject({ status: 'failed', error: 'HTTP 302' });
      expect(redirecting.calls).toHaveLength(1);
      expect(target.calls).toHaveLength(0);
    });
  });
});

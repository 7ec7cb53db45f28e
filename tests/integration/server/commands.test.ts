import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type pg from 'pg';
import { expect, it } from 'vitest';
import { commandLockName } from '../../../server/commands/idempotency';
import { advisoryKey } from '../../../server/commands/locks';
import type { Db } from '../../../server/db/client';
import { auditEvents, idempotencyKeys, ipBans } from '../../../server/db/schema';
import { findAccountByLogin, revokeMenuItems } from '../../../server/modules/account/service';
import { pushCommands } from '../../../server/modules/sync/service';
import { ownPrincipal } from '../../../server/authz/principal';
import type { CommandResult } from '../../../src/contract/commands';
import { call, describeServer, signIn } from '../../support/server-harness';

const pushPath = '/v3/sync/command/push';
const inAMinute = () => new Date(Date.now() + 60_000).toISOString();

interface Session {
  token: string;
  id: number;
}

interface Command {
  key: string;
  name: string;
  aggregate_id: string;
  base_version: number;
  schema_version: number;
  payload: unknown;
  origin: 'browser' | 'replay';
}

const command = (
  name: string,
  aggregate: string,
  baseVersion: number,
  payload: unknown,
  origin: Command['origin'] = 'browser',
): Command => ({
  key: `test-${randomUUID()}`,
  name,
  aggregate_id: aggregate,
  base_version: baseVersion,
  schema_version: 1,
  payload,
  origin,
});
const ban = (cidr: string, baseVersion = 0, fields: Record<string, unknown> = {}) =>
  command('ipBan.ban', cidr, baseVersion, { cidr, reason: '', expires_at: null, ...fields });
const update = (cidr: string, baseVersion: number, reason: string, expiresAt: string | null = null) =>
  command('ipBan.update', cidr, baseVersion, { cidr, reason, expires_at: expiresAt });
const unban = (cidr: string, baseVersion: number) => command('ipBan.unban', cidr, baseVersion, { cidr });

describeServer('commands: push, idempotency, versions, permissions', (h, kind) => {
  const session = async (login: string): Promise<Session> => {
    const { token } = await signIn(h().app, login);
    const account = await findAccountByLogin(h().db, login);
    return { token, id: account!.id };
  };
  const push = (
    who: Session,
    commands: Command[],
    options: { language?: string; headers?: Record<string, string>; actorId?: number } = {},
  ) =>
    call<{ results: CommandResult[] }>(h().app, 'POST', pushPath, {
      token: who.token,
      body: { actor_id: options.actorId ?? who.id, commands },
      language: options.language ?? 'en',
      ...(options.headers ? { headers: options.headers } : {}),
    }).then((r) => r.body);
  const entry = async (accountId: number, id: string) => {
    const [row] = await h()
      .db.select()
      .from(ipBans)
      .where(and(eq(ipBans.accountId, accountId), eq(ipBans.id, id)));
    return row ?? null;
  };
  const events = (accountId: number, target: string) =>
    h()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.target, target)))
      .orderBy(asc(auditEvents.id));
  const storedKeys = async (accountId: number, keys: string[]) => {
    const rows = await h()
      .db.select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.accountId, accountId));
    return rows.map((r) => r.key).filter((key) => keys.includes(key));
  };

  it('applies the commands in the order sent, each raising its entry’s version, and answers in that order', async () => {
    const demo = await session('demo');
    const sent = [
      ban('10.1.0.0/24', 0, { reason: 'first' }),
      update('10.1.0.0/24', 1, 'changed', inAMinute()),
      ban('10.1.1.5'),
      unban('10.1.0.0/24', 2),
    ];
    const answer = await push(demo, sent);
    expect(answer.code).toBe(0);
    expect(answer.data.results.map((r) => r.key)).toEqual(sent.map((c) => c.key));
    expect(answer.data.results.map((r) => [r.code, r.msg, r.data.version])).toEqual([
      [0, 'Banned.', 1],
      [0, 'The ban was updated.', 2],
      [0, 'Banned.', 1],
      [0, 'Unbanned.', 3],
    ]);
    const last = answer.data.results[3]!.data.snapshot as Record<string, unknown>;
    expect(last).toMatchObject({
      id: '10.1.0.0/24',
      family: 4,
      reason: 'changed',
      status: 'unbanned',
      created_by: 'demo',
      updated_by: 'demo',
      version: 3,
    });
    expect(await entry(demo.id, '10.1.0.0/24')).toMatchObject({ version: 3, status: 'unbanned' });
    expect(await entry(demo.id, '10.1.1.5')).toMatchObject({ version: 1, status: 'banned' });
    const trail = await events(demo.id, '10.1.0.0/24');
    expect(trail.map((e) => [e.action, e.actorId, e.origin])).toEqual([
      ['ipBan.ban', demo.id, 'browser'],
      ['ipBan.update', demo.id, 'browser'],
      ['ipBan.unban', demo.id, 'browser'],
    ]);
    // What changed, field by field.
    expect(JSON.parse(trail[1]!.before!)).toEqual({ reason: 'first', expires_at: null });
    expect(JSON.parse(trail[1]!.after!)).toEqual({ reason: 'changed', expires_at: expect.any(String) });
    expect(trail[0]!.before).toBeNull();
  });

  it('answers a push sent again, twice and three times, with the same results and one effect', async () => {
    const demo = await session('demo');
    const sent = [
      ban('10.2.0.0/24', 0, { reason: 'once' }),
      update('10.2.0.0/24', 1, 'twice?'),
      ban('10.2.1.1'),
    ];
    const first = await push(demo, sent);
    expect(first.data.results.map((r) => r.code)).toEqual([0, 0, 0]);
    const second = await push(demo, sent);
    const third = await push(demo, sent);
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    // A replay answers in the caller's language of the moment; code and data are the stored ones.
    const chinese = await push(demo, sent, { language: 'zh-CN' });
    expect(chinese.data.results.map((r) => r.msg)).toEqual(['封禁成功', '封禁信息已修改', '封禁成功']);
    expect(chinese.data.results.map((r) => r.data)).toEqual(first.data.results.map((r) => r.data));
    expect(await entry(demo.id, '10.2.0.0/24')).toMatchObject({ version: 2, reason: 'twice?' });
    expect(await events(demo.id, '10.2.0.0/24')).toHaveLength(2);
    expect(await events(demo.id, '10.2.1.1')).toHaveLength(1);
    expect(
      await storedKeys(
        demo.id,
        sent.map((c) => c.key),
      ),
    ).toHaveLength(3);
  });

  it('takes effect once when copies of a push arrive at the same time', async () => {
    const demo = await session('demo');
    const sent = [ban('10.3.0.0/24'), update('10.3.0.0/24', 1, 'concurrent'), ban('10.3.1.0/24')];
    const answers = await Promise.all([push(demo, sent), push(demo, sent), push(demo, sent)]);
    const settled = await push(demo, sent);
    expect(settled.data.results.map((r) => r.code)).toEqual([0, 0, 0]);
    for (const [i, accepted] of settled.data.results.entries()) {
      const outcomes = answers.map((a) => a.data.results[i]!);
      // Each copy either answers the stored answer, or was told the key was being applied (40903)
      // or that an earlier command of its entry was (40904); on PGlite transactions take turns.
      for (const outcome of outcomes) {
        if (kind === 'pglite' || outcome.code === 0) expect(outcome).toEqual(accepted);
        else expect([40903, 40904]).toContain(outcome.code);
      }
      expect(outcomes.some((o) => o.code === 0)).toBe(true);
    }
    expect(await entry(demo.id, '10.3.0.0/24')).toMatchObject({ version: 2, reason: 'concurrent' });
    expect(await events(demo.id, '10.3.0.0/24')).toHaveLength(2);
    expect(await events(demo.id, '10.3.1.0/24')).toHaveLength(1);
  });

  it('refuses the same key with another request (42202) and changes nothing', async () => {
    const demo = await session('demo');
    const first = ban('10.4.0.0/24', 0, { reason: 'original' });
    expect((await push(demo, [first])).data.results[0]?.code).toBe(0);
    const changed = { ...first, payload: { cidr: '10.4.0.0/24', reason: 'edited', expires_at: null } };
    const renamed = { ...first, name: 'ipBan.unban', payload: { cidr: '10.4.0.0/24' } };
    const answer = await push(demo, [changed, renamed]);
    expect(answer.data.results.map((r) => r.code)).toEqual([42202, 40904]);
    expect(answer.data.results[0]?.msg).toBe(
      'This idempotency key was already used for a different request.',
    );
    expect(await entry(demo.id, '10.4.0.0/24')).toMatchObject({ version: 1, reason: 'original' });
    expect(await events(demo.id, '10.4.0.0/24')).toHaveLength(1);
  });

  it('answers a stale base version with 40902 and the server’s side, and changes nothing', async () => {
    const demo = await session('demo');
    await push(demo, [ban('10.5.0.0/24', 0, { reason: 'server' })]);
    const answer = await push(demo, [update('10.5.0.0/24', 0, 'mine'), ban('10.5.1.0/24', 3)]);
    const [stale, ahead] = answer.data.results;
    expect(stale).toMatchObject({
      code: 40902,
      msg: 'This was changed on the server meanwhile, and your change conflicts with it.',
      data: { version: 1, current: { id: '10.5.0.0/24', reason: 'server', status: 'banned', version: 1 } },
    });
    expect(ahead).toMatchObject({ code: 40902, data: { version: 0, current: null } });
    expect(await entry(demo.id, '10.5.0.0/24')).toMatchObject({ version: 1, reason: 'server' });
    expect(await entry(demo.id, '10.5.1.0/24')).toBeNull();
    expect(await events(demo.id, '10.5.0.0/24')).toHaveLength(1);
  });

  it('holds the later commands of an entry after one is not accepted (40904), and goes on with the others', async () => {
    const demo = await session('demo');
    const sent = [
      update('10.6.0.0/24', 0, 'not banned yet'),
      ban('10.6.0.0/24'),
      ban('10.6.1.0/24'),
      unban('10.6.0.0/24', 1),
    ];
    const answer = await push(demo, sent);
    expect(answer.data.results.map((r) => r.code)).toEqual([40905, 40904, 0, 40904]);
    expect(answer.data.results[0]).toMatchObject({
      msg: 'This IP or range is not banned (it was unbanned or its ban has expired)',
      data: { issues: [{ path: 'cidr', message_id: 'ipBan.rule.notBanned' }] },
    });
    expect(answer.data.results[1]).toMatchObject({
      msg: 'Not applied, because an earlier change to the same item was not applied.',
      data: { held_by: sent[0]!.key },
    });
    expect(await entry(demo.id, '10.6.0.0/24')).toBeNull();
    // Nothing of the refused or held commands was kept: sent again, they are judged afresh.
    expect(
      await storedKeys(
        demo.id,
        sent.map((c) => c.key),
      ),
    ).toEqual([sent[2]!.key]);
    const again = await push(demo, [sent[1]!, sent[3]!]);
    expect(again.data.results.map((r) => r.code)).toEqual([0, 0]);
  });

  it('does not keep a refusal: the same key succeeds once the condition is gone', async () => {
    const demo = await session('demo');
    await push(demo, [ban('10.7.0.0/16')]);
    const narrow = ban('10.7.1.0/24');
    const refused = await push(demo, [narrow]);
    expect(refused.data.results[0]).toMatchObject({
      code: 40905,
      msg: 'It overlaps 10.7.0.0/16, which is already banned',
      data: { entry: '10.7.0.0/16', issues: [{ path: 'cidr', message_id: 'ipBan.rule.overlapsEntry' }] },
    });
    await push(demo, [unban('10.7.0.0/16', 1)]);
    const accepted = await push(demo, [narrow]);
    expect(accepted.data.results[0]).toMatchObject({ code: 0, data: { version: 1 } });
  });

  it('refuses a push made by another signed-in account (40304), applying nothing', async () => {
    const demo = await session('demo');
    const canvas = await findAccountByLogin(h().db, 'canvas');
    const answer = await push(demo, [ban('10.8.0.0/24')], { actorId: canvas!.id });
    expect(answer).toMatchObject({
      code: 40304,
      msg: 'These changes were made while another account was signed in. Sign in with that account to send them.',
    });
    expect(await entry(demo.id, '10.8.0.0/24')).toBeNull();
  });

  it('keeps the account boundary: a token cannot push into an account it may not view', async () => {
    const demo = await session('demo');
    const canvas = await findAccountByLogin(h().db, 'canvas');
    const refused = await push(demo, [ban('10.9.0.0/24')], {
      headers: { 'x-view-account': String(canvas!.id) },
    });
    expect(refused.code).toBe(40302);
    expect(await entry(canvas!.id, '10.9.0.0/24')).toBeNull();
    // A channel account changes the list of a customer it views; it is the actor of the change.
    const channel = await session('channel');
    const customer = await findAccountByLogin(h().db, 'customer02');
    const accepted = await push(channel, [ban('10.9.0.0/24')], {
      headers: { 'x-view-account': String(customer!.id) },
    });
    expect(accepted.data.results[0]).toMatchObject({
      code: 0,
      data: { snapshot: { created_by: 'channel', updated_by: 'channel' } },
    });
    expect(await entry(customer!.id, '10.9.0.0/24')).toMatchObject({ createdBy: channel.id });
    expect(await entry(channel.id, '10.9.0.0/24')).toBeNull();
    const [event] = await events(customer!.id, '10.9.0.0/24');
    expect(event).toMatchObject({ accountId: customer!.id, actorId: channel.id, action: 'ipBan.ban' });
  });

  it('checks function permission per command (40301) for an account without the IP blocking menu', async () => {
    const customer = await session('customer03');
    await revokeMenuItems(h().db, customer.id, [702]);
    const answer = await push(customer, [ban('10.10.0.0/24'), ban('10.10.1.0/24')]);
    expect(answer.code).toBe(0);
    expect(answer.data.results.map((r) => [r.code, r.msg])).toEqual([
      [40301, 'You do not have permission to use this function.'],
      [40301, 'You do not have permission to use this function.'],
    ]);
    expect(await entry(customer.id, '10.10.0.0/24')).toBeNull();
  });

  it('refuses unknown commands and schema versions (40905), invalid payloads and aggregates (40001)', async () => {
    const demo = await session('demo');
    const answer = await push(demo, [
      command('ipBan.delete', '10.11.0.1', 0, { cidr: '10.11.0.1' }),
      { ...ban('10.11.0.2'), schema_version: 2 },
      ban('10.11.0.300'),
      { ...ban('10.11.0.4'), aggregate_id: '10.11.0.5' },
      command('ipBan.ban', '10.11.0.6', 0, { reason: 'no address' }),
    ]);
    const [unknown, version, format, mismatch, missing] = answer.data.results;
    expect(unknown).toMatchObject({
      code: 40905,
      msg: 'This operation is not supported. Reload the page and try again.',
    });
    expect(version).toMatchObject({ code: 40905 });
    expect(format).toMatchObject({
      code: 40001,
      msg: 'Enter a valid IPv4 or IPv6 address or CIDR range',
      data: { issues: [{ path: 'cidr', message_id: 'ipBan.rule.format' }] },
    });
    expect(mismatch).toMatchObject({
      code: 40001,
      data: { issues: [{ path: 'aggregate_id', message_id: 'sync.aggregateMismatch' }] },
    });
    expect(missing).toMatchObject({
      code: 40001,
      data: { issues: [{ path: 'cidr', message_id: 'common.invalid' }] },
    });
    // The push itself: at least one command, at most 100.
    expect((await push(demo, [])).code).toBe(40001);
    const tooMany = Array.from({ length: 101 }, (_, i) => ban(`10.12.0.${i}`));
    expect((await push(demo, tooMany)).code).toBe(40001);
    expect(await entry(demo.id, '10.12.0.0')).toBeNull();
  });

  it('answers a fault in one command with 50000 and goes on with the others', async () => {
    const demo = await findAccountByLogin(h().db, 'demo');
    const real = h().db;
    let transactions = 0;
    // The database fails the second transaction (a boundary fault: a lost connection, a full disk).
    const failing = new Proxy(real, {
      get(target, property, receiver) {
        if (property === 'transaction') {
          return (...args: Parameters<Db['transaction']>) => {
            transactions += 1;
            if (transactions === 2) return Promise.reject(new Error('connection lost'));
            return target.transaction(...args);
          };
        }
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    const faults: unknown[] = [];
    const sent = [ban('10.13.0.0/24'), ban('10.13.1.0/24'), ban('10.13.2.0/24'), unban('10.13.1.0/24', 1)];
    const results = await pushCommands(
      { db: failing, language: 'en_US', ip: '127.0.0.1', settings: { cnameSuffix: h().config.cnameSuffix } },
      await ownPrincipal({ db: real }, demo!),
      sent,
      (error) => faults.push(error),
    );
    expect(results.map((r) => r.code)).toEqual([0, 50000, 0, 40904]);
    expect(results[1]?.msg).toBe('The server is busy. Please try again later.');
    expect(faults).toHaveLength(1);
    expect(await entry(demo!.id, '10.13.1.0/24')).toBeNull();
    expect(await entry(demo!.id, '10.13.2.0/24')).toMatchObject({ version: 1 });
  });

  it.skipIf(kind === 'pglite')(
    'answers 40903 while another transaction holds the key, and applies it once the key is free',
    async () => {
      const demo = await session('demo');
      const sent = ban('10.14.0.0/24');
      const pool = (h().db as unknown as { $client: pg.Pool }).$client;
      const other = await pool.connect();
      try {
        await other.query('select pg_advisory_lock($1::bigint)', [
          advisoryKey(commandLockName(demo.id, sent.key)),
        ]);
        const busy = await push(demo, [sent, update('10.14.0.0/24', 1, 'next'), ban('10.14.1.0/24')]);
        expect(busy.data.results.map((r) => r.code)).toEqual([40903, 40904, 0]);
        expect(busy.data.results[0]?.msg).toBe(
          'This change is being applied right now. Please try again shortly.',
        );
        expect(await entry(demo.id, '10.14.0.0/24')).toBeNull();
        expect(await storedKeys(demo.id, [sent.key])).toEqual([]);
      } finally {
        await other.query('select pg_advisory_unlock_all()');
        other.release();
      }
      expect((await push(demo, [sent])).data.results[0]?.code).toBe(0);
    },
  );

  it('records where each change came from: browser, replay, api', async () => {
    const demo = await session('demo');
    await push(demo, [ban('10.15.0.1'), { ...ban('10.15.0.2'), origin: 'replay' }]);
    const api = await call(h().app, 'POST', '/v3/ipban/ban/add', {
      token: demo.token,
      headers: { 'idempotency-key': `api-${randomUUID()}` },
      body: { cidr: '10.15.0.3' },
    });
    expect(api.body.code).toBe(0);
    const origins = await Promise.all(
      ['10.15.0.1', '10.15.0.2', '10.15.0.3'].map(async (id) => (await events(demo.id, id))[0]?.origin),
    );
    expect(origins).toEqual(['browser', 'replay', 'api']);
  });

  it('single-command endpoints: an Idempotency-Key is required, and a replay answers the first answer', async () => {
    const demo = await session('demo');
    const post = (path: string, body: unknown, key?: string, language = 'en') =>
      call<Record<string, unknown>>(h().app, 'POST', path, {
        token: demo.token,
        body,
        language,
        ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
      }).then((r) => r.body);
    const missing = await post('/v3/ipban/ban/add', { cidr: '10.16.0.0/24' });
    expect(missing).toMatchObject({
      code: 40001,
      data: { issues: [{ path: 'idempotency-key', message_id: 'sync.keyRequired' }] },
    });
    expect((await post('/v3/ipban/ban/add', { cidr: '10.16.0.0/24' }, 'short')).code).toBe(40001);
    const anonymous = await call(h().app, 'POST', '/v3/ipban/ban/add', {
      body: { cidr: '10.16.0.0/24' },
      headers: { 'idempotency-key': 'anonymous-key-1' },
    });
    expect(anonymous.body.code).toBe(44);
    expect(await entry(demo.id, '10.16.0.0/24')).toBeNull();

    const key = `api-${randomUUID()}`;
    const first = await post('/v3/ipban/ban/add', { cidr: '10.16.0.0/24', reason: 'api' }, key);
    expect(first).toMatchObject({
      code: 0,
      msg: 'Banned.',
      data: {
        version: 1,
        snapshot: { id: '10.16.0.0/24', reason: 'api', status: 'banned', created_by: 'demo' },
      },
    });
    expect(await post('/v3/ipban/ban/add', { cidr: '10.16.0.0/24', reason: 'api' }, key)).toEqual(first);
    expect((await post('/v3/ipban/ban/add', { cidr: '10.16.0.0/24', reason: 'other' }, key)).code).toBe(
      42202,
    );
    expect(await events(demo.id, '10.16.0.0/24')).toHaveLength(1);

    // Without base_version the version is not checked; with a stale one, 40902.
    const updated = await post(
      '/v3/ipban/ban/update',
      { cidr: '10.16.0.0/24', reason: 'later', expires_at: null },
      `api-${randomUUID()}`,
    );
    expect(updated).toMatchObject({ code: 0, data: { version: 2 } });
    const stale = await post(
      '/v3/ipban/ban/unban',
      { cidr: '10.16.0.0/24', base_version: 1 },
      `api-${randomUUID()}`,
    );
    expect(stale).toMatchObject({ code: 40902, data: { version: 2, current: { reason: 'later' } } });
    const unbanned = await post(
      '/v3/ipban/ban/unban',
      { cidr: '10.16.0.0/24', base_version: 2 },
      `api-${randomUUID()}`,
      'zh-CN',
    );
    expect(unbanned).toMatchObject({
      code: 0,
      msg: '解封成功',
      data: { version: 3, snapshot: { status: 'unbanned' } },
    });
    const wide = await post('/v3/ipban/ban/add', { cidr: '10.0.0.0/7' }, `api-${randomUUID()}`);
    expect(wide).toMatchObject({
      code: 40001,
      data: { issues: [{ path: 'cidr', message_id: 'ipBan.rule.tooWide' }] },
    });
  });

  it('describes the push and the single-command endpoints in the OpenAPI document', async () => {
    const response = await h().app.inject({ method: 'GET', url: '/docs/json' });
    const doc = response.json() as {
      tags: { name: string }[];
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    expect(doc.tags.map((t) => t.name)).toEqual(expect.arrayContaining(['sync', 'ipBan']));
    expect(doc.paths[pushPath]?.post).toMatchObject({ tags: ['sync'], security: [{ bearerAuth: [] }] });
    expect(doc.paths['/v3/ipban/ban/lists']?.get).toMatchObject({ tags: ['ipBan'] });
    expect(doc.paths['/v3/ipban/ban/lookup']?.get).toMatchObject({ tags: ['ipBan'] });
    for (const path of ['/v3/ipban/ban/add', '/v3/ipban/ban/update', '/v3/ipban/ban/unban']) {
      const operation = doc.paths[path]?.post as {
        tags: string[];
        security: unknown[];
        description: string;
        parameters: { in: string; name: string; required?: boolean }[];
        requestBody: { content: { 'application/json': { schema: { properties: Record<string, unknown> } } } };
      };
      expect(operation.tags, path).toEqual(['ipBan']);
      expect(operation.security).toEqual([{ bearerAuth: [] }]);
      expect(operation.description).toMatch(/Without `base_version` the version is not checked/);
      expect(operation.parameters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ in: 'header', name: 'idempotency-key', required: true }),
        ]),
      );
      const fields = operation.requestBody.content['application/json'].schema.properties;
      expect(Object.keys(fields)).toEqual(expect.arrayContaining(['cidr', 'base_version']));
    }
  });

  it('forgets answers older than the retention period', async () => {
    const demo = await session('demo');
    const day = 86_400_000;
    const row = { accountId: demo.id, requestHash: 'h', command: 'ipBan.ban', response: '{}' };
    await h()
      .db.insert(idempotencyKeys)
      .values([
        { ...row, key: 'old-answer-31d', createdAt: new Date(Date.now() - 31 * day) },
        { ...row, key: 'old-answer-29d', createdAt: new Date(Date.now() - 29 * day) },
      ]);
    await push(demo, [ban('10.17.0.1')]);
    expect(await storedKeys(demo.id, ['old-answer-31d', 'old-answer-29d'])).toEqual(['old-answer-29d']);
  });
});

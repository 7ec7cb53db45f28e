import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { aggregates, auditEvents, domainGroups, domains } from '../../../server/db/schema';
import { findAccountByLogin, revokeMenuItems } from '../../../server/modules/account/service';
import { seedDomains } from '../../../server/seed/domains';
import { isSeeded, seedDemo } from '../../../server/seed/demo';
import type { CommandResult } from '../../../src/contract/commands';
import type { DomainEntry, DomainGroup } from '../../../src/contract/domain';
import { actionAllowedFrom, domainStatuses, type DomainStatus } from '../../../src/contract/rules/domain';
import { call, demoPassword, describeServer, operatorKey, signIn } from '../../support/server-harness';

interface Session {
  token: string;
  id: number;
  login: string;
}

interface ListAnswer {
  lists: DomainEntry[];
  total: number;
  server_time: string;
}

const ipOrigin = (address: string, extra: Record<string, unknown> = {}) => ({
  type: 'ip',
  address,
  port: 80,
  level: 10,
  weight: 10,
  ...extra,
});

/** A new domain's payload: a fresh id, one IP origin, no group. */
const newDomain = (domain: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  domain,
  service_type: 'web',
  area: '1',
  business_type: 'web',
  origins: [ipOrigin('192.0.2.10')],
  group_id: null,
  ...extra,
});

describeServer(
  'domains: commands, rules, list, groups',
  (h) => {
    const session = async (login: string): Promise<Session> => {
      const { token } = await signIn(h().app, login);
      const account = await findAccountByLogin(h().db, login);
      return { token, id: account!.id, login };
    };
    /** Sends commands through the push endpoint, as the console's outbox does; answers their results. */
    const pushAll = async (
      who: Session,
      commands: { key?: string; name: string; aggregate: string; base: number; payload: unknown }[],
      options: { language?: string; headers?: Record<string, string> } = {},
    ): Promise<CommandResult[]> => {
      const { body } = await call<{ results: CommandResult[] }>(h().app, 'POST', '/v3/sync/command/push', {
        token: who.token,
        language: options.language ?? 'en',
        ...(options.headers ? { headers: options.headers } : {}),
        body: {
          actor_id: who.id,
          commands: commands.map((c) => ({
            key: c.key ?? `test-${randomUUID()}`,
            name: c.name,
            aggregate_id: c.aggregate,
            base_version: c.base,
            schema_version: 1,
            payload: c.payload,
            origin: 'browser',
          })),
        },
      });
      if (body.code !== 0) throw new Error(`push answered ${body.code} ${body.msg}`);
      return body.data.results;
    };
    const send = async (
      who: Session,
      name: string,
      aggregate: string,
      base: number,
      payload: unknown,
      language = 'en',
    ): Promise<CommandResult> => (await pushAll(who, [{ name, aggregate, base, payload }], { language }))[0]!;
    const create = (who: Session, payload: ReturnType<typeof newDomain>) =>
      send(who, 'domain.create', payload.id, 0, payload);
    /** An action on a domain, based on the version given. */
    const act = (who: Session, name: string, id: string, base: number, extra: Record<string, unknown> = {}) =>
      send(who, name, id, base, { id, ...extra });
    /** A command whose payload names its aggregate (`id`). */
    const sendOwn = (
      who: Session,
      name: string,
      payload: { id: string } & Record<string, unknown>,
      language = 'en',
    ) => send(who, name, payload.id, 0, payload, language);
    const createGroup = (who: Session, name: string, id = randomUUID()) =>
      send(who, 'domainGroup.create', id, 0, { id, name });
    const snapshotOf = (result: CommandResult) => result.data.snapshot as DomainEntry;
    const issueOf = (result: CommandResult) =>
      (result.data.issues as { path: string; message_id: string }[] | undefined)?.[0];

    const get = async <T>(who: Session, path: string, query: Record<string, string> = {}, language = 'en') =>
      (await call<T>(h().app, 'GET', path, { token: who.token, query, language })).body;
    const list = (who: Session, query: Record<string, string> = {}) =>
      get<ListAnswer>(who, '/v3/domain/domain/lists', query);
    const names = (who: Session) =>
      get<{ lists: { id: string; domain: string; status: string }[] }>(who, '/v3/domain/domain/names');
    const detail = (who: Session, id: string, language = 'en') =>
      get<DomainEntry>(who, '/v3/domain/domain/detail', { id }, language);
    const groups = (who: Session, query: Record<string, string> = {}) =>
      get<{ lists: DomainGroup[]; server_time: string }>(who, '/v3/domain/group/lists', query);
    const events = (accountId: number, target: string) =>
      h()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.target, target)))
        .orderBy(asc(auditEvents.id));
    const operator = (body: Record<string, unknown>, key = operatorKey) =>
      call<{ domain: string; special_config: boolean; version: number; changed: boolean }>(
        h().app,
        'POST',
        '/operator/special-config',
        { body, headers: { 'x-operator-key': key }, language: 'en' },
      ).then((r) => r.body);

    it('seeds the demo domains through the commands: groups, statuses, a copy, a rename, a special configuration', async () => {
      const demo = await session('demo');
      const live = await list(demo, { page_size: '100' });
      expect(live.data.total).toBe(30);
      const all = await list(demo, { page_size: '100', updated_since: '2000-01-01T00:00:00Z' });
      expect(all.data.total).toBe(31);
      const byName = new Map(all.data.lists.map((d) => [d.domain, d]));
      expect(byName.get('test.demo-shop.com')?.status).toBe('deleted');
      expect((await list(demo, { status: 'hung_up' })).data.total).toBe(4);
      expect((await groups(demo)).data.lists.map((g) => g.name)).toEqual([
        '官网',
        '电商',
        '图片与静态资源',
        '视频',
        '海外',
      ]);
      for (const name of [
        'www.demo-shop.com',
        'img.demo-shop.com',
        'download.demo-shop.com',
        'video.demo-shop.com',
        '*.static.demo-shop.com',
      ])
        expect(byName.has(name), name).toBe(true);
      expect(byName.get('video.demo-shop.com')).toMatchObject({ status: 'hung_up', version: 2 });
      expect(byName.get('*.static.demo-shop.com')?.cname).toBe(
        'wildcard-static-demo-shop-com.cdn.example-edge.net',
      );
      expect(byName.get('pay.demo-shop.com')).toMatchObject({ special_config: true, version: 2 });
      expect(byName.get('fonts.demo-shop.com')?.copied_from).toBe(byName.get('assets.demo-media.cn')?.id);
      expect(byName.get('beta.demo-shop.com')).toMatchObject({
        version: 2,
        cname: 'beta-demo-shop-com.cdn.example-edge.net',
      });
      expect(byName.has('staging.demo-shop.com')).toBe(false);
      expect(new Set(all.data.lists.map((d) => d.service_type))).toEqual(
        new Set(['web', 'download', 'video']),
      );
      expect(new Set(all.data.lists.map((d) => d.area))).toEqual(new Set(['1', '2', '3']));
      expect(new Set(all.data.lists.map((d) => d.business_type))).toEqual(
        new Set(['web', 'image', 'large_file', 'streaming']),
      );
      for (const d of all.data.lists) {
        expect(d.origins.length, d.domain).toBeGreaterThanOrEqual(2);
        expect(d.created_by).toBe('demo');
      }
      const types = new Set(all.data.lists.flatMap((d) => d.origins.map((o) => `${o.type}:${o.level}`)));
      expect([...types]).toEqual(expect.arrayContaining(['ip:10', 'ip:20', 'domain:10']));
      const carriers = new Set(all.data.lists.flatMap((d) => d.origins.map((o) => o.carrier)));
      expect(carriers).toEqual(new Set(['default', 'telecom', 'unicom', 'mobile']));
      const trail = await events(demo.id, byName.get('pay.demo-shop.com')!.id);
      expect(trail.map((e) => [e.action, e.origin])).toEqual([
        ['domain.create', 'operator'],
        ['domainHttps.set', 'operator'],
        ['domainHttps.set', 'operator'],
        ['domainAccess.set', 'operator'],
        ['domain.specialConfig', 'operator'],
      ]);
      // The configurations, through the section commands: varied, some with a history.
      const www = await call<Record<string, { version: number; rules?: unknown[] }>>(
        h().app,
        'GET',
        '/v3/domain/config/detail',
        {
          token: demo.token,
          query: { id: byName.get('www.demo-shop.com')!.id },
        },
      );
      expect(www.body.data.domainCache).toMatchObject({ version: 2 });
      expect(www.body.data.domainCache?.rules).toHaveLength(4);
      expect(www.body.data.domainHttps).toMatchObject({ version: 2, force_https: true, hsts: true });
      expect(www.body.data.domainAccess).toMatchObject({ version: 0 });

      // Seeding again changes nothing, nor does it undo what the operator changed since.
      expect((await operator({ domain: 'pay.demo-shop.com', special_config: false })).code).toBe(0);
      const { db, config } = h();
      const before = (
        await db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.accountId, demo.id))
      )[0]?.n;
      expect(await isSeeded(db)).toBe(true);
      await seedDemo(db, { password: demoPassword, cnameSuffix: config.cnameSuffix, customers: 5 });
      const after = (
        await db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.accountId, demo.id))
      )[0]?.n;
      expect(after).toBe(before);
      const pay = byName.get('pay.demo-shop.com')!;
      expect((await detail(demo, pay.id)).data).toMatchObject({ special_config: false, version: 3 });
    });

    it('creates a domain at version 1 with the CNAME of the configured suffix, and audits it', async () => {
      const customer = await session('customer01');
      const payload = newDomain('www.create-1.example.com', {
        origins: [ipOrigin('192.0.2.1'), ipOrigin('192.0.2.2', { level: 20, carrier: 'telecom' })],
      });
      const result = await create(customer, payload);
      expect(result).toMatchObject({ code: 0, msg: 'Domain added.', data: { version: 1 } });
      expect(snapshotOf(result)).toMatchObject({
        id: payload.id,
        domain: 'www.create-1.example.com',
        cname: 'www-create-1-example-com.cdn.example-edge.net',
        status: 'active',
        special_config: false,
        group_id: null,
        copied_from: null,
        created_by: 'customer01',
        updated_by: 'customer01',
        version: 1,
      });
      expect(snapshotOf(result).origins[1]).toMatchObject({
        address: '192.0.2.2',
        level: 20,
        carrier: 'telecom',
        protocol: 'http',
        host: '',
      });
      expect((await detail(customer, payload.id)).data).toEqual(snapshotOf(result));
      const [event] = await events(customer.id, payload.id);
      expect(event).toMatchObject({
        action: 'domain.create',
        actorId: customer.id,
        origin: 'browser',
        before: null,
      });
      expect(JSON.parse(event!.after!)).toMatchObject({
        domain: 'www.create-1.example.com',
        status: 'active',
      });

      // Another suffix in the configuration: another CNAME.
      const other = await h().appWith({ cnameSuffix: 'edge.example.org' });
      const { token } = await signIn(other, 'customer01');
      const wildcard = newDomain('*.img.create-1.example.com');
      const { body } = await call<{ results: CommandResult[] }>(other, 'POST', '/v3/sync/command/push', {
        token,
        body: {
          actor_id: customer.id,
          commands: [
            {
              key: `test-${randomUUID()}`,
              name: 'domain.create',
              aggregate_id: wildcard.id,
              base_version: 0,
              schema_version: 1,
              payload: wildcard,
              origin: 'browser',
            },
          ],
        },
      });
      expect(snapshotOf(body.data.results[0]!).cname).toBe(
        'wildcard-img-create-1-example-com.edge.example.org',
      );
    });

    it('raises the version by one with each command, and audits what changed', async () => {
      const customer = await session('customer01');
      const group = randomUUID();
      expect(await createGroup(customer, 'Versions', group)).toMatchObject({
        code: 0,
        msg: 'Group created.',
      });
      const payload = newDomain('www.versions.example.com', { group_id: group });
      const id = payload.id;
      const steps: [CommandResult, string][] = [
        [await create(customer, payload), 'Domain added.'],
        [await act(customer, 'domain.hangUp', id, 1), 'Domain suspended.'],
        [await act(customer, 'domain.recover', id, 2), 'Domain resumed.'],
        [
          await act(customer, 'domain.rename', id, 3, { domain: 'cdn.versions.example.com' }),
          'Domain renamed.',
        ],
        [await act(customer, 'domain.move', id, 4, { group_id: null }), 'Group changed.'],
        [await act(customer, 'domain.delete', id, 5), 'Domain deleted.'],
      ];
      expect(steps.map(([r]) => [r.code, r.data.version])).toEqual([
        [0, 1],
        [0, 2],
        [0, 3],
        [0, 4],
        [0, 5],
        [0, 6],
      ]);
      expect(steps.map(([r]) => r.msg)).toEqual(steps.map(([, msg]) => msg));
      expect(snapshotOf(steps[3]![0])).toMatchObject({
        domain: 'cdn.versions.example.com',
        cname: 'cdn-versions-example-com.cdn.example-edge.net',
        status: 'active',
      });
      expect(snapshotOf(steps[5]![0])).toMatchObject({ status: 'deleted', group_id: null, version: 6 });
      const trail = await events(customer.id, id);
      expect(
        trail.map((e) => [e.action, e.before && JSON.parse(e.before), e.after && JSON.parse(e.after)]),
      ).toEqual([
        [
          'domain.create',
          null,
          expect.objectContaining({ domain: 'www.versions.example.com', group_id: group }),
        ],
        ['domain.hangUp', { status: 'active' }, { status: 'hung_up' }],
        ['domain.recover', { status: 'hung_up' }, { status: 'active' }],
        [
          'domain.rename',
          { domain: 'www.versions.example.com', cname: 'www-versions-example-com.cdn.example-edge.net' },
          { domain: 'cdn.versions.example.com', cname: 'cdn-versions-example-com.cdn.example-edge.net' },
        ],
        ['domain.move', { group_id: group }, { group_id: null }],
        ['domain.delete', { status: 'active' }, { status: 'deleted' }],
      ]);
      // In the caller's language.
      const zh = await send(customer, 'domainGroup.rename', group, 1, { id: group, name: '版本' }, 'zh-CN');
      expect(zh).toMatchObject({ code: 0, msg: '分组重命名成功', data: { version: 2 } });
    });

    it('answers a command sent again with the first answer, and applies it once', async () => {
      const customer = await session('customer01');
      const payload = newDomain('www.replay.example.com');
      const command = {
        key: `test-${randomUUID()}`,
        name: 'domain.create',
        aggregate: payload.id,
        base: 0,
        payload,
      };
      const [first] = await pushAll(customer, [command]);
      const [second] = await pushAll(customer, [command]);
      const [chinese] = await pushAll(customer, [command], { language: 'zh-CN' });
      expect(first).toMatchObject({ code: 0, data: { version: 1 } });
      expect(second).toEqual(first);
      expect(chinese).toMatchObject({ code: 0, msg: '添加成功', data: first!.data });
      expect(await events(customer.id, payload.id)).toHaveLength(1);
      // The single-command endpoint, for API callers.
      const api = newDomain('api.replay.example.com');
      const headers = { 'idempotency-key': `api-${randomUUID()}` };
      const single = () =>
        call(h().app, 'POST', '/v3/domain/domain/add', {
          token: customer.token,
          body: api,
          headers,
          language: 'en',
        });
      const a = await single();
      const b = await single();
      expect(a.body).toMatchObject({ code: 0, msg: 'Domain added.', data: { version: 1 } });
      expect(b.body).toEqual(a.body);
      expect((await events(customer.id, api.id)).map((e) => e.origin)).toEqual(['api']);
    });

    it('refuses a name used by a domain of any account (40905), and frees the name of a deleted domain', async () => {
      const one = await session('customer01');
      const two = await session('customer05');
      const first = newDomain('shared.names.example.com');
      expect((await create(one, first)).code).toBe(0);
      const taken = await create(two, newDomain('shared.names.example.com'));
      expect(taken).toMatchObject({
        code: 40905,
        msg: 'This domain already exists and cannot be added again',
      });
      expect(issueOf(taken)).toEqual({ path: 'domain', message_id: 'domain.name.exists' });
      expect((await create(two, newDomain('www.demo-shop.com'))).code).toBe(40905);
      const zh = await sendOwn(two, 'domain.create', newDomain('shared.names.example.com'), 'zh-CN');
      expect(zh).toMatchObject({ code: 40905, msg: '该加速域名已存在，不能重复添加' });
      // A rename may not take it either; renaming to the same name says so.
      const other = newDomain('other.names.example.com');
      await create(two, other);
      const renamed = await act(two, 'domain.rename', other.id, 1, { domain: 'shared.names.example.com' });
      expect(issueOf(renamed)).toEqual({ path: 'domain', message_id: 'domain.name.exists' });
      const same = await act(two, 'domain.rename', other.id, 1, { domain: 'other.names.example.com' });
      expect(same).toMatchObject({ code: 40905, msg: 'The new domain is the same as the current one' });
      expect(issueOf(same)?.message_id).toBe('domain.rename.same');
      // Deleted, the name is free for anyone; the deleted row stays.
      expect((await act(one, 'domain.delete', first.id, 1)).code).toBe(0);
      const again = newDomain('shared.names.example.com');
      expect(await create(two, again)).toMatchObject({ code: 0, data: { version: 1 } });
      const rows = await h().db.select().from(domains).where(eq(domains.name, 'shared.names.example.com'));
      expect(rows.map((r) => r.status).sort()).toEqual(['active', 'deleted']);
    });

    it('claims a name once when two accounts create it at the same moment', async () => {
      const one = await session('customer01');
      const two = await session('customer05');
      const results = await Promise.all([
        create(one, newDomain('race.names.example.com')),
        create(two, newDomain('race.names.example.com')),
      ]);
      expect(results.map((r) => r.code).sort()).toEqual([0, 40905]);
    });

    it('refuses a create of an id that exists (domain.rule.exists), an unknown or deleted group, invalid fields', async () => {
      const customer = await session('customer01');
      const payload = newDomain('www.exists.example.com');
      await create(customer, payload);
      const twice = await send(customer, 'domain.create', payload.id, 1, {
        ...payload,
        domain: 'www.exists2.example.com',
      });
      expect(twice).toMatchObject({ code: 40905, msg: 'This domain was already created' });
      expect(issueOf(twice)).toEqual({ path: 'id', message_id: 'domain.rule.exists' });

      const unknown = await create(
        customer,
        newDomain('www.nogroup.example.com', { group_id: randomUUID() }),
      );
      expect(unknown).toMatchObject({ code: 40905, msg: 'The group does not exist or was deleted' });
      expect(issueOf(unknown)).toEqual({ path: 'group_id', message_id: 'domain.group.notFound' });
      const group = randomUUID();
      await createGroup(customer, 'Soon gone', group);
      await send(customer, 'domainGroup.delete', group, 1, { id: group });
      const gone = await create(customer, newDomain('www.nogroup.example.com', { group_id: group }));
      expect(issueOf(gone)?.message_id).toBe('domain.group.notFound');
      const move = await act(customer, 'domain.move', payload.id, 1, { group_id: group });
      expect(issueOf(move)).toEqual({ path: 'group_id', message_id: 'domain.group.notFound' });

      // The contract's rules, with their message ids and texts.
      const invalid = await create(customer, newDomain('WWW.Upper.example.com'));
      expect(invalid).toMatchObject({
        code: 40001,
        msg: 'The domain has illegal characters: use only lowercase letters, digits, ".", "_" and "-"',
      });
      expect(issueOf(invalid)).toEqual({ path: 'domain', message_id: 'domain.name.chars' });
      const hyphen = await sendOwn(customer, 'domain.create', newDomain('-www.example.com'), 'zh-CN');
      expect(hyphen.msg).toBe('各级域名不能以连字符“-”开头或结尾');
      const carrier = await create(
        customer,
        newDomain('www.carrier.example.com', { origins: [ipOrigin('192.0.2.1', { carrier: 'telecom' })] }),
      );
      expect(carrier).toMatchObject({
        code: 40001,
        msg: 'At least one origin must have the default carrier',
      });
      const port = await create(
        customer,
        newDomain('www.port.example.com', { origins: [ipOrigin('192.0.2.1', { port: 70000 })] }),
      );
      expect(issueOf(port)).toEqual({ path: 'origins.0.port', message_id: 'domain.origin.port' });
    });

    it('refuses every action from a status that does not allow it (40906, naming status and action)', async () => {
      const channel = await session('channel');
      // One domain in each status.
      const at: Record<DomainStatus, { id: string; version: number }> = {
        active: { id: '', version: 1 },
        hung_up: { id: '', version: 2 },
        deleted: { id: '', version: 2 },
      };
      for (const status of domainStatuses) {
        const payload = newDomain(`${status.replace('_', '-')}.transitions.example.com`);
        await create(channel, payload);
        if (status === 'hung_up') await act(channel, 'domain.hangUp', payload.id, 1);
        if (status === 'deleted') await act(channel, 'domain.delete', payload.id, 1);
        at[status].id = payload.id;
      }
      const group = randomUUID();
      await createGroup(channel, 'Transitions', group);
      const commandOf = {
        hangUp: ['domain.hangUp', {}],
        recover: ['domain.recover', {}],
        delete: ['domain.delete', {}],
        rename: ['domain.rename', { domain: 'renamed.transitions.example.com' }],
        move: ['domain.move', { group_id: group }],
      } as const;
      let refusals = 0;
      for (const [action, [name, extra]] of Object.entries(commandOf)) {
        for (const status of domainStatuses) {
          if (actionAllowedFrom[action as keyof typeof commandOf].includes(status)) continue;
          const { id, version } = at[status];
          const result = await act(channel, name, id, version, extra);
          expect(result, `${action} from ${status}`).toMatchObject({
            code: 40906,
            data: { status, action, issues: [{ path: 'id', message_id: 'domain.rule.invalidTransition' }] },
          });
          refusals += 1;
        }
      }
      // hangUp from hung_up and deleted, recover from active and deleted, delete/rename/move from deleted.
      expect(refusals).toBe(7);
      expect((await act(channel, 'domain.hangUp', at.hung_up.id, 2)).msg).toBe(
        'The domain is “Suspended” and cannot be suspended',
      );
      const zh = await send(
        channel,
        'domain.rename',
        at.deleted.id,
        2,
        { id: at.deleted.id, domain: 'x.transitions.example.com' },
        'zh-CN',
      );
      expect(zh.msg).toBe('域名状态为“已删除”，无法重命名');
      expect((await act(channel, 'domain.recover', at.active.id, 1)).msg).toBe(
        'The domain is “Active” and cannot be resumed',
      );
      // A deleted domain cannot be the source of a copy either.
      const copy = await sendOwn(channel, 'domain.copyConfig', {
        ...newDomain('copy.transitions.example.com'),
        source_id: at.deleted.id,
        copy_id: randomUUID(),
        contents: ['basic'],
      });
      expect(copy).toMatchObject({ code: 40905, msg: 'The domain does not exist or was deleted' });
      // Nothing changed.
      const [row] = await h()
        .db.select()
        .from(domains)
        .where(and(eq(domains.accountId, channel.id), eq(domains.id, at.hung_up.id)));
      expect(row).toMatchObject({ status: 'hung_up', version: 2 });
      // An unknown domain: not found, for every action.
      for (const [name, extra] of Object.values(commandOf)) {
        const result = await act(channel, name, randomUUID(), 0, extra);
        expect(result, name).toMatchObject({ code: 40905, msg: 'The domain does not exist or was deleted' });
        expect(issueOf(result)).toEqual({ path: 'id', message_id: 'domain.rule.notFound' });
      }
    });

    it('special configuration (operator): blocks rename, delete and copy (40305), not hang up, recover or move', async () => {
      const channel = await session('channel');
      const payload = newDomain('special.example.com');
      await create(channel, payload);
      expect(
        await operator({ domain: 'special.example.com', special_config: true }, 'wrong-key'),
      ).toMatchObject({
        code: 40301,
      });
      expect(await operator({ domain: 'nothing.example.com', special_config: true })).toMatchObject({
        code: 40401,
        msg: 'No such domain (or it was deleted).',
      });
      const set = await operator({ domain: 'SPECIAL.example.com', special_config: true });
      expect(set).toMatchObject({
        code: 0,
        msg: 'Special configuration updated.',
        data: { domain: 'special.example.com', special_config: true, version: 2, changed: true },
      });
      expect((await operator({ domain: 'special.example.com', special_config: true })).data).toMatchObject({
        version: 2,
        changed: false,
      });
      const trail = await events(channel.id, payload.id);
      expect(trail.at(-1)).toMatchObject({
        action: 'domain.specialConfig',
        origin: 'operator',
        actorId: channel.id,
      });
      expect((await detail(channel, payload.id)).data).toMatchObject({ special_config: true, version: 2 });

      const id = payload.id;
      const rename = await act(channel, 'domain.rename', id, 2, { domain: 'special2.example.com' });
      expect(rename).toMatchObject({
        code: 40305,
        msg: 'This domain has a special configuration: contact an administrator',
        data: { issues: [{ path: 'id', message_id: 'domain.rule.specialConfig' }] },
      });
      expect((await send(channel, 'domain.delete', id, 2, { id }, 'zh-CN')).msg).toBe(
        '该域名存在特殊配置，请联系管理员',
      );
      expect((await act(channel, 'domain.delete', id, 2)).code).toBe(40305);
      const copy = await sendOwn(channel, 'domain.copyConfig', {
        ...newDomain('copy.special.example.com'),
        source_id: id,
        copy_id: randomUUID(),
        contents: ['basic', 'origin'],
      });
      expect(copy).toMatchObject({
        code: 40305,
        data: { issues: [{ path: 'source_id', message_id: 'domain.rule.specialConfig' }] },
      });
      expect(await act(channel, 'domain.hangUp', id, 2)).toMatchObject({ code: 0, data: { version: 3 } });
      expect(await act(channel, 'domain.recover', id, 3)).toMatchObject({ code: 0, data: { version: 4 } });
      expect(await act(channel, 'domain.move', id, 4, { group_id: null })).toMatchObject({
        code: 0,
        data: { version: 5 },
      });
      expect((await operator({ domain: 'special.example.com', special_config: false })).data).toMatchObject({
        special_config: false,
        version: 6,
      });
      expect(await act(channel, 'domain.rename', id, 6, { domain: 'special2.example.com' })).toMatchObject({
        code: 0,
      });
    });

    it('copies a configuration: copied_from and copy_id stored, at most 10 targets per copy (42203)', async () => {
      const channel = await session('channel');
      const source = newDomain('source.copy.example.com', { area: '2', business_type: 'image' });
      await create(channel, source);
      const copyId = randomUUID();
      const target = (n: number) => ({
        ...newDomain(`t${n}.copy.example.com`, { area: '2', business_type: 'image' }),
        source_id: source.id,
        copy_id: copyId,
        contents: ['basic', 'origin'],
      });
      const copies = await pushAll(
        channel,
        Array.from({ length: 10 }, (_, i) => {
          const payload = target(i + 1);
          return { name: 'domain.copyConfig', aggregate: payload.id, base: 0, payload };
        }),
      );
      expect(copies.map((r) => r.code)).toEqual(Array(10).fill(0));
      expect(copies[0]).toMatchObject({ msg: 'Configuration copied.' });
      expect(snapshotOf(copies[0]!)).toMatchObject({
        domain: 't1.copy.example.com',
        copied_from: source.id,
        status: 'active',
        area: '2',
        cname: 't1-copy-example-com.cdn.example-edge.net',
      });
      const [row] = await h().db.select().from(domains).where(eq(domains.name, 't1.copy.example.com'));
      expect(row).toMatchObject({ copiedFrom: source.id });
      // The copy counts its targets in an aggregate of its own.
      const [copy] = await h()
        .db.select()
        .from(aggregates)
        .where(and(eq(aggregates.kind, 'domainCopy'), eq(aggregates.id, copyId)));
      expect(copy).toMatchObject({
        version: 10,
        data: { source_id: source.id, contents: ['basic', 'origin'] },
      });
      expect((copy!.data as { targets: string[] }).targets).toHaveLength(10);
      const eleventh = target(11);
      const full = await send(channel, 'domain.copyConfig', eleventh.id, 0, eleventh);
      expect(full).toMatchObject({
        code: 42203,
        msg: 'A configuration can be copied to at most 10 domains at a time',
        data: { max: 10, issues: [{ path: 'copy_id', message_id: 'domain.copy.targetsMax' }] },
      });
      // Another copy of the same source is a new count.
      expect(
        (await send(channel, 'domain.copyConfig', eleventh.id, 0, { ...eleventh, copy_id: randomUUID() }))
          .code,
      ).toBe(0);
      const [event] = await events(channel.id, eleventh.id);
      expect(JSON.parse(event!.after!)).toMatchObject({
        copied_from: source.id,
        domainCopy: { contents: ['basic', 'origin'], targets: [eleventh.id] },
      });
      // The source must be a domain of the account.
      const missing = await sendOwn(channel, 'domain.copyConfig', {
        ...target(12),
        source_id: randomUUID(),
        copy_id: randomUUID(),
      });
      expect(issueOf(missing)).toEqual({ path: 'source_id', message_id: 'domain.rule.notFound' });
    });

    it('groups: names unique per account in any case, a group with domains is not deleted, at most 100', async () => {
      const customer = await session('customer03');
      const other = await session('customer05');
      const web = randomUUID();
      expect(await createGroup(customer, 'Web', web)).toMatchObject({
        code: 0,
        data: { version: 1, snapshot: { id: web, name: 'Web', deleted: false } },
      });
      const dup = await createGroup(customer, 'web');
      expect(dup).toMatchObject({ code: 40905, msg: 'A group with this name already exists' });
      expect(issueOf(dup)).toEqual({ path: 'name', message_id: 'domain.group.exists' });
      expect((await createGroup(other, 'web')).code).toBe(0);
      expect(issueOf(await createGroup(customer, '  '))?.message_id).toBe('domain.group.nameRequired');
      expect(issueOf(await createGroup(customer, '名'.repeat(31)))?.message_id).toBe(
        'domain.group.nameTooLong',
      );

      const media = randomUUID();
      await createGroup(customer, 'Media', media);
      const clash = await send(customer, 'domainGroup.rename', media, 1, { id: media, name: 'WEB' });
      expect(issueOf(clash)).toEqual({ path: 'name', message_id: 'domain.group.exists' });
      expect(await send(customer, 'domainGroup.rename', web, 1, { id: web, name: 'web' })).toMatchObject({
        code: 0,
        data: { version: 2, snapshot: { name: 'web' } },
      });
      const unknown = randomUUID();
      expect(
        issueOf(await send(customer, 'domainGroup.rename', unknown, 0, { id: unknown, name: 'x' })),
      ).toEqual({
        path: 'id',
        message_id: 'domain.group.notFound',
      });

      const payload = newDomain('www.groups.example.com', { group_id: media });
      await create(customer, payload);
      const busy = await send(customer, 'domainGroup.delete', media, 1, { id: media });
      expect(busy).toMatchObject({
        code: 40905,
        msg: 'The group still has domains: move them out before deleting it',
      });
      expect(issueOf(busy)).toEqual({ path: 'id', message_id: 'domain.group.notEmpty' });
      // A deleted domain does not hold its group.
      await act(customer, 'domain.delete', payload.id, 1);
      const deleted = await send(customer, 'domainGroup.delete', media, 1, { id: media });
      expect(deleted).toMatchObject({
        code: 0,
        msg: 'Group deleted.',
        data: { version: 2, snapshot: { deleted: true } },
      });
      expect(issueOf(await send(customer, 'domainGroup.delete', media, 2, { id: media }))?.message_id).toBe(
        'domain.group.notFound',
      );
      expect(
        issueOf(await send(customer, 'domainGroup.rename', media, 2, { id: media, name: 'Back' }))
          ?.message_id,
      ).toBe('domain.group.notFound');
      expect((await createGroup(customer, 'Media')).code).toBe(0);
      expect(issueOf(await send(customer, 'domainGroup.create', web, 2, { id: web, name: 'Web' }))).toEqual({
        path: 'id',
        message_id: 'domain.group.exists',
      });

      // Group list: live ones; since a time, deleted ones too.
      const live = await groups(customer);
      expect(live.data.lists.map((g) => g.name)).toEqual(['web', 'Media']);
      const since = await groups(customer, { updated_since: '2000-01-01T00:00:00Z' });
      expect(since.data.lists.map((g) => [g.name, g.deleted])).toEqual([
        ['web', false],
        ['Media', true],
        ['Media', false],
      ]);
      expect(Date.parse(since.data.server_time)).toBeLessThanOrEqual(Date.now());

      // At most 100 groups not deleted.
      const now = new Date();
      await h()
        .db.insert(domainGroups)
        .values(
          Array.from({ length: 98 }, (_, i) => ({
            accountId: customer.id,
            id: randomUUID(),
            name: `bulk ${i}`,
            createdBy: customer.id,
            createdAt: now,
            updatedBy: customer.id,
            updatedAt: now,
            version: 1,
          })),
        );
      const limit = await createGroup(customer, 'one too many');
      expect(limit).toMatchObject({
        code: 42203,
        msg: 'At most 100 groups can be created',
        data: { max: 100, issues: [{ path: 'name', message_id: 'domain.group.limit' }] },
      });
    });

    it('lists domains: search, status, group (none included), type, area, sorts, pages, changes since a time', async () => {
      const customer = await session('customer02');
      const shop = randomUUID();
      const gone = randomUUID();
      await createGroup(customer, 'Shop', shop);
      await createGroup(customer, 'Gone', gone);
      const made: Record<string, ReturnType<typeof newDomain>> = {};
      const add = async (name: string, extra: Record<string, unknown> = {}) => {
        const payload = newDomain(name, extra);
        made[name] = payload;
        expect((await create(customer, payload)).code, name).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 5));
      };
      await add('a.list.example.com', { group_id: shop });
      await add('b.list.example.com', { service_type: 'download', business_type: 'large_file', area: '2' });
      await add('c.list.example.com', {
        group_id: shop,
        service_type: 'video',
        business_type: 'streaming',
        area: '3',
      });
      await add('img.list.example.com');
      await add('gone.list.example.com');
      await act(customer, 'domain.hangUp', made['b.list.example.com']!.id, 1);
      await act(customer, 'domain.delete', made['gone.list.example.com']!.id, 1);
      // A domain left in a group that was deleted counts as in none. Written directly: the commands
      // keep a group that holds domains from being deleted.
      await send(customer, 'domainGroup.delete', gone, 1, { id: gone });
      await h()
        .db.update(domains)
        .set({ groupId: gone })
        .where(and(eq(domains.accountId, customer.id), eq(domains.id, made['img.list.example.com']!.id)));
      const short = (answer: { data: ListAnswer }) => answer.data.lists.map((d) => d.domain.split('.')[0]);

      const all = await list(customer);
      expect(all.code).toBe(0);
      expect(all.data.total).toBe(4);
      expect(short(all)).toEqual(['img', 'c', 'b', 'a']);
      expect(short(await list(customer, { sort: 'created_at' }))).toEqual(['a', 'b', 'c', 'img']);
      expect(short(await list(customer, { sort: 'domain' }))).toEqual(['a', 'b', 'c', 'img']);
      expect(short(await list(customer, { sort: '-domain' }))).toEqual(['img', 'c', 'b', 'a']);
      expect(short(await list(customer, { sort: '-updated_at' }))[0]).toBe('b');
      expect(short(await list(customer, { keyword: 'IMG.List' }))).toEqual(['img']);
      expect(short(await list(customer, { keyword: 'list.example' }))).toHaveLength(4);
      expect(short(await list(customer, { status: 'hung_up' }))).toEqual(['b']);
      expect(short(await list(customer, { status: 'active', sort: 'domain' }))).toEqual(['a', 'c', 'img']);
      expect(short(await list(customer, { group_id: shop, sort: 'domain' }))).toEqual(['a', 'c']);
      expect(short(await list(customer, { group_id: 'none', sort: 'domain' }))).toEqual(['b', 'img']);
      expect(short(await list(customer, { service_type: 'video' }))).toEqual(['c']);
      expect(short(await list(customer, { area: '2' }))).toEqual(['b']);
      expect(short(await list(customer, { area: '1', group_id: 'none' }))).toEqual(['img']);
      const page2 = await list(customer, { sort: 'domain', page: '2', page_size: '3' });
      expect(page2.data.total).toBe(4);
      expect(short(page2)).toEqual(['img']);
      expect(await list(customer, { page: '3', page_size: '3' })).toMatchObject({
        data: { lists: [], total: 4 },
      });
      expect((await list(customer, { page_size: '1001' })).code).toBe(40001);
      expect((await list(customer, { group_id: 'shop' })).code).toBe(40001);
      expect((await list(customer, { status: 'deleted' })).code).toBe(40001);

      // Changes since a time: deleted ones included, so a browser learns of a deletion.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const since = new Date().toISOString();
      await act(customer, 'domain.delete', made['a.list.example.com']!.id, 1);
      await act(customer, 'domain.recover', made['b.list.example.com']!.id, 2);
      const changed = await list(customer, { updated_since: since, sort: 'domain' });
      expect(changed.data.lists.map((d) => [d.domain, d.status])).toEqual([
        ['a.list.example.com', 'deleted'],
        ['b.list.example.com', 'active'],
      ]);
      expect(changed.data.total).toBe(2);
      expect(Date.parse(changed.data.server_time)).toBeLessThanOrEqual(Date.now() - 29_000);
      const next = await list(customer, { updated_since: changed.data.server_time });
      expect(next.data.lists.map((d) => d.domain)).toEqual(
        expect.arrayContaining(['a.list.example.com', 'b.list.example.com']),
      );
      expect((await list(customer)).data.total).toBe(3);

      // The lean list for selectors, and the detail.
      const lean = await names(customer);
      expect(lean.data.lists).toEqual([
        { id: made['b.list.example.com']!.id, domain: 'b.list.example.com', status: 'active' },
        { id: made['c.list.example.com']!.id, domain: 'c.list.example.com', status: 'active' },
        { id: made['img.list.example.com']!.id, domain: 'img.list.example.com', status: 'active' },
      ]);
      expect((await detail(customer, made['c.list.example.com']!.id)).data).toMatchObject({
        domain: 'c.list.example.com',
        group_id: shop,
        service_type: 'video',
        origins: [expect.objectContaining({ address: '192.0.2.10', carrier: 'default' })],
      });
      expect(await detail(customer, made['a.list.example.com']!.id)).toMatchObject({
        code: 40401,
        msg: 'The requested resource does not exist.',
      });
      expect((await detail(customer, 'not-a-uuid')).code).toBe(40001);
    });

    it('keeps the account boundary: other accounts neither see nor change a domain', async () => {
      const owner = await session('customer01');
      const stranger = await session('customer05');
      const payload = newDomain('www.boundary.example.com');
      await create(owner, payload);
      expect((await list(stranger, { keyword: 'boundary' })).data.total).toBe(0);
      expect((await names(stranger)).data.lists.map((d) => d.id)).not.toContain(payload.id);
      expect((await detail(stranger, payload.id)).code).toBe(40401);
      for (const [name, extra] of [
        ['domain.hangUp', {}],
        ['domain.delete', {}],
        ['domain.rename', { domain: 'www.stolen.example.com' }],
        ['domain.move', { group_id: null }],
      ] as const) {
        // Version 0: in the stranger's account no domain has this id.
        const result = await act(stranger, name, payload.id, 0, extra);
        expect(result, name).toMatchObject({
          code: 40905,
          data: { issues: [{ message_id: 'domain.rule.notFound' }] },
        });
      }
      // Nor copy from it.
      const copy = await sendOwn(stranger, 'domain.copyConfig', {
        ...newDomain('copy.boundary.example.com'),
        source_id: payload.id,
        copy_id: randomUUID(),
        contents: ['basic'],
      });
      expect(issueOf(copy)?.message_id).toBe('domain.rule.notFound');
      expect((await detail(owner, payload.id)).data).toMatchObject({ status: 'active', version: 1 });
      // An account outside the token's boundary is refused; a channel account views its customer's.
      const demo = await session('demo');
      const refused = await call(h().app, 'GET', '/v3/domain/domain/lists', {
        token: demo.token,
        headers: { 'x-view-account': String(owner.id) },
      });
      expect(refused.body.code).toBe(40302);
      const channel = await session('channel');
      const viewed = await call<ListAnswer>(h().app, 'GET', '/v3/domain/domain/lists', {
        token: channel.token,
        query: { keyword: 'boundary' },
        headers: { 'x-view-account': String(owner.id) },
      });
      expect(viewed.body.data.lists.map((d) => d.id)).toEqual([payload.id]);
    });

    it('needs the domain list in the menu (40301) for the reads and the commands, and a sign-in', async () => {
      const customer = await session('customer04');
      const payload = newDomain('www.menu.example.com');
      expect((await create(customer, payload)).code).toBe(0);
      await revokeMenuItems(h().db, customer.id, [201]);
      h().app.authCache.clear();
      expect(await list(customer)).toMatchObject({ code: 40301 });
      expect(await names(customer)).toMatchObject({ code: 40301 });
      expect(await detail(customer, payload.id)).toMatchObject({ code: 40301 });
      expect(await groups(customer)).toMatchObject({ code: 40301 });
      const refused = await act(customer, 'domain.hangUp', payload.id, 1);
      expect(refused).toMatchObject({ code: 40301, msg: 'You do not have permission to use this function.' });
      expect((await createGroup(customer, 'No menu')).code).toBe(40301);
      expect((await call(h().app, 'GET', '/v3/domain/domain/lists')).body.code).toBe(44);
    });

    it('seeds domains in bulk for performance work, resumably', async () => {
      const progress: number[] = [];
      // The server of this process keeps the list in memory: the seed tells it what it wrote.
      const first = await seedDomains(h().db, 'canvas', 25, {
        cnameSuffix: h().config.cnameSuffix,
        changes: h().app.changes,
        batchSize: 10,
        groups: 3,
        hungUpEvery: 10,
        onProgress: ({ done }) => progress.push(done),
      });
      expect(first).toMatchObject({ created: 25, skipped: 0, commands: 3 + 25 + 2 });
      expect(first.ms).toBeGreaterThan(0);
      expect(progress).toEqual([10, 20, 25]);
      const canvas = await session('canvas');
      const page = await list(canvas, { page_size: '100' });
      expect(page.data.total).toBe(25);
      expect(page.data.lists.filter((d) => d.status === 'hung_up')).toHaveLength(2);
      expect(new Set(page.data.lists.map((d) => d.service_type))).toEqual(
        new Set(['web', 'download', 'video']),
      );
      expect((await groups(canvas)).data.lists).toHaveLength(3);
      // The oldest first: created a few minutes apart.
      const sorted = page.data.lists.map((d) => Date.parse(d.created_at));
      expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
      const again = await seedDomains(h().db, canvas.id, 30, {
        cnameSuffix: h().config.cnameSuffix,
        changes: h().app.changes,
        groups: 3,
      });
      expect(again).toMatchObject({ created: 5, skipped: 25 });
      expect((await list(canvas)).data.total).toBe(30);
      await expect(seedDomains(h().db, 'nobody', 1, { cnameSuffix: 'x.example' })).rejects.toThrow(
        'no account',
      );
    });
  },
  { customers: 5 },
);

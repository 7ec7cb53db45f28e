import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvents, idempotencyKeys, ipBanLists, ipBans } from '../../../server/db/schema';
import { findAccountByLogin, revokeMenuItems } from '../../../server/modules/account/service';
import { isSeeded, seedDemo } from '../../../server/seed/demo';
import type { CommandResult } from '../../../src/contract/commands';
import type { IpBanEntry } from '../../../src/contract/ip-ban';
import { call, demoPassword, describeServer, signIn } from '../../support/server-harness';

interface Session {
  token: string;
  id: number;
}

interface ListAnswer {
  lists: IpBanEntry[];
  total: number;
  server_time: string;
}

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

describeServer('IP blocking: rules, list, lookup', (h) => {
  const session = async (login: string): Promise<Session> => {
    const { token } = await signIn(h().app, login);
    const account = await findAccountByLogin(h().db, login);
    return { token, id: account!.id };
  };
  /** Sends one command through the push endpoint, as the console's outbox does; answers its result. */
  const send = async (
    who: Session,
    name: string,
    aggregate: string,
    baseVersion: number,
    payload: Record<string, unknown>,
    language = 'en',
  ): Promise<CommandResult> => {
    const { body } = await call<{ results: CommandResult[] }>(h().app, 'POST', '/v3/sync/command/push', {
      token: who.token,
      language,
      body: {
        actor_id: who.id,
        commands: [
          {
            key: `test-${randomUUID()}`,
            name,
            aggregate_id: aggregate,
            base_version: baseVersion,
            schema_version: 1,
            payload,
            origin: 'browser',
          },
        ],
      },
    });
    if (body.code !== 0) throw new Error(`push answered ${body.code} ${body.msg}`);
    return body.data.results[0]!;
  };
  const ban = (
    who: Session,
    cidr: string,
    fields: Record<string, unknown> = {},
    base = 0,
    aggregate = cidr,
  ) => send(who, 'ipBan.ban', aggregate, base, { cidr, reason: '', expires_at: null, ...fields });
  const update = (
    who: Session,
    cidr: string,
    base: number,
    reason: string,
    expiresAt: string | null = null,
  ) => send(who, 'ipBan.update', cidr, base, { cidr, reason, expires_at: expiresAt });
  const unban = (who: Session, cidr: string, base: number) => send(who, 'ipBan.unban', cidr, base, { cidr });
  const list = async (who: Session, query: Record<string, string> = {}) =>
    (
      await call<ListAnswer>(h().app, 'GET', '/v3/ipban/ban/lists', {
        token: who.token,
        query,
        language: 'en',
      })
    ).body;
  const lookup = async (who: Session, ip: string) =>
    (
      await call<{ ip: string; banned: boolean; entry: IpBanEntry | null }>(
        h().app,
        'GET',
        '/v3/ipban/ban/lookup',
        {
          token: who.token,
          query: { ip },
          language: 'en',
        },
      )
    ).body;
  /** Makes a ban expire (a minute ago), as time would. */
  const expire = (accountId: number, id: string) =>
    h()
      .db.update(ipBans)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(and(eq(ipBans.accountId, accountId), eq(ipBans.id, id)));
  const issueOf = (result: CommandResult) =>
    (result.data.issues as { path: string; message_id: string }[])[0];

  it('seeds the demo account’s ban list through the commands, with versions and audit events', async () => {
    const demo = await session('demo');
    const page = await list(demo, { page_size: '100' });
    expect(page.code).toBe(0);
    expect(page.data.total).toBe(12);
    const byId = new Map(page.data.lists.map((e) => [e.id, e]));
    expect(byId.get('203.0.113.9')).toMatchObject({
      version: 2,
      reason: 'Vulnerability scanning (wp-admin probes)',
      created_by: 'demo',
    });
    expect(byId.get('192.0.2.32/27')).toMatchObject({ status: 'unbanned', version: 2 });
    expect(byId.get('2001:db8:abcd:12::/64')).toMatchObject({ status: 'unbanned', version: 2, family: 6 });
    const expired = byId.get('192.0.2.200');
    expect(expired?.status).toBe('banned');
    expect(Date.parse(expired!.expires_at!)).toBeLessThan(Date.now());
    expect(Date.parse(byId.get('203.0.113.64/26')!.expires_at!)).toBeGreaterThan(Date.now());
    // Effective status: the expired ban reads as unbanned.
    const unbanned = await list(demo, { status: 'unbanned', page_size: '100' });
    expect(unbanned.data.lists.map((e) => e.id).sort()).toEqual([
      '192.0.2.200',
      '192.0.2.32/27',
      '2001:db8:abcd:12::/64',
    ]);
    const trail = await h()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, demo.id), like(auditEvents.action, 'ipBan.%')));
    expect(trail.filter((e) => e.origin === 'operator').length).toBeGreaterThanOrEqual(15);
  });

  it('completes a demo seed that stopped part-way, and leaves a complete one as it is', async () => {
    const { db, config } = h();
    const demo = (await findAccountByLogin(db, 'demo'))!;
    const options = { password: demoPassword, cnameSuffix: config.cnameSuffix, customers: 3 };
    const snapshot = async () => ({
      entries: await db.select().from(ipBans).where(eq(ipBans.accountId, demo.id)),
      events: (await db.select().from(auditEvents).where(eq(auditEvents.accountId, demo.id))).length,
    });
    const before = await snapshot();
    await seedDemo(db, options);
    expect(await snapshot()).toEqual(before);
    // As if the seed had stopped before the commands of its last two entries committed.
    const last = ['192.0.2.96/28', '203.0.113.64/26'];
    await db.delete(ipBans).where(and(eq(ipBans.accountId, demo.id), inArray(ipBans.id, last)));
    await db
      .delete(auditEvents)
      .where(and(eq(auditEvents.accountId, demo.id), inArray(auditEvents.target, last)));
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.accountId, demo.id),
          inArray(idempotencyKeys.key, ['demo-seed.ip-ban.10.0', 'demo-seed.ip-ban.11.0']),
        ),
      );
    expect(await isSeeded(db)).toBe(false);
    await seedDemo(db, options);
    expect(await isSeeded(db)).toBe(true);
    const after = await snapshot();
    expect(after.events).toBe(before.events);
    expect(after.entries.map((e) => [e.id, e.version, e.status]).sort()).toEqual(
      before.entries.map((e) => [e.id, e.version, e.status]).sort(),
    );
  });

  it('accepts IPv4 prefixes from /8 and IPv6 prefixes from /32, and refuses wider ones', async () => {
    const demo = await session('demo');
    const v4wide = await ban(demo, '14.0.0.0/7');
    expect(v4wide).toMatchObject({
      code: 40001,
      msg: 'The range is too wide: the prefix must be at least /8 for IPv4 and /32 for IPv6',
    });
    expect(issueOf(v4wide)).toEqual({ path: 'cidr', message_id: 'ipBan.rule.tooWide' });
    expect(await ban(demo, '14.0.0.0/8')).toMatchObject({
      code: 0,
      data: { snapshot: { id: '14.0.0.0/8' } },
    });
    expect(issueOf(await ban(demo, '2001:db0::/31'))?.message_id).toBe('ipBan.rule.tooWide');
    expect(await ban(demo, '2001:db0::/32')).toMatchObject({ code: 0, data: { snapshot: { family: 6 } } });
  });

  it('refuses malformed addresses, prefixes and host bits with the rule’s message', async () => {
    const demo = await session('demo');
    const cases: [string, string][] = [
      ['10.30.0.7/24', 'ipBan.rule.hostBits'],
      ['10.30.0.0/33', 'ipBan.rule.prefix'],
      ['10.30.0.256', 'ipBan.rule.format'],
      ['010.30.0.1', 'ipBan.rule.format'],
      ['2001:db8::g', 'ipBan.rule.format'],
      ['   ', 'ipBan.rule.required'],
    ];
    for (const [cidr, messageId] of cases) {
      const result = await ban(demo, cidr);
      expect(result.code, cidr).toBe(40001);
      expect(issueOf(result), cidr).toEqual({ path: 'cidr', message_id: messageId });
    }
    const zh = await send(demo, 'ipBan.ban', '10.30.0.7/24', 0, { cidr: '10.30.0.7/24' }, 'zh-CN');
    expect(zh.msg).toBe('IP 段须以网络地址开头，主机位应全为 0（例如 192.0.2.0/24）');
    // The id is the canonical text: the browser names the entry the way the server does.
    const canonical = await ban(demo, ' FD00:0:0:0:0:0:0:1 ', {}, 0, 'fd00::1');
    expect(canonical).toMatchObject({ code: 0, data: { snapshot: { id: 'fd00::1' } } });
  });

  it('accepts a reason of 100 characters and refuses 101', async () => {
    const demo = await session('demo');
    expect((await ban(demo, '10.31.0.1', { reason: '封'.repeat(100) })).code).toBe(0);
    const long = await ban(demo, '10.31.0.2', { reason: '封'.repeat(101) });
    expect(long).toMatchObject({ code: 40001, msg: 'The reason can have at most 100 characters' });
    expect(issueOf(long)).toEqual({ path: 'reason', message_id: 'ipBan.reason.tooLong' });
  });

  it('accepts an expiry in the future and refuses one in the past or malformed', async () => {
    const demo = await session('demo');
    const past = await ban(demo, '10.32.0.1', { expires_at: minutes(-1) });
    expect(past).toMatchObject({ code: 40905, msg: 'The expiry time must be in the future' });
    expect(issueOf(past)).toEqual({ path: 'expires_at', message_id: 'ipBan.expiry.past' });
    const malformed = await ban(demo, '10.32.0.1', { expires_at: 'tomorrow' });
    expect(issueOf(malformed)).toEqual({ path: 'expires_at', message_id: 'ipBan.expiry.format' });
    const future = minutes(1);
    const accepted = await ban(demo, '10.32.0.1', { expires_at: future });
    expect(accepted).toMatchObject({ code: 0, data: { snapshot: { expires_at: future } } });
    expect(issueOf(await update(demo, '10.32.0.1', 1, 'later', minutes(-1)))?.message_id).toBe(
      'ipBan.expiry.past',
    );
  });

  it('refuses a range that overlaps an entry in force, naming it, and a ban already in force', async () => {
    const demo = await session('demo');
    expect((await ban(demo, '10.40.0.0/16')).code).toBe(0);
    for (const cidr of ['10.40.5.0/24', '10.40.255.255', '10.40.0.0/15']) {
      const result = await ban(demo, cidr);
      expect(result, cidr).toMatchObject({
        code: 40905,
        msg: 'It overlaps 10.40.0.0/16, which is already banned',
        data: { entry: '10.40.0.0/16' },
      });
    }
    expect((await send(demo, 'ipBan.ban', '10.40.5.0/24', 0, { cidr: '10.40.5.0/24' }, 'zh-CN')).msg).toBe(
      '与封禁中的 10.40.0.0/16 重叠',
    );
    // Neighbours on either side do not overlap.
    expect((await ban(demo, '10.39.255.255')).code).toBe(0);
    expect((await ban(demo, '10.41.0.0')).code).toBe(0);
    const again = await ban(demo, '10.40.0.0/16', {}, 1);
    expect(again).toMatchObject({ code: 40905, msg: 'This IP or range is already banned' });
    expect(issueOf(again)?.message_id).toBe('ipBan.rule.alreadyBanned');
  });

  it('bans again an unbanned or expired entry, keeping who created it; update and unban need a ban in force', async () => {
    const demo = await session('demo');
    const first = await ban(demo, '10.42.0.0/24', { reason: 'first' });
    const created = first.data.snapshot as IpBanEntry;
    expect((await unban(demo, '10.42.0.0/24', 1)).code).toBe(0);
    const notBanned = await update(demo, '10.42.0.0/24', 2, 'edit');
    expect(notBanned).toMatchObject({
      code: 40905,
      msg: 'This IP or range is not banned (it was unbanned or its ban has expired)',
    });
    expect((await unban(demo, '10.42.0.0/24', 2)).code).toBe(40905);
    const rebanned = await ban(demo, '10.42.0.0/24', { reason: 'again' }, 2);
    expect(rebanned).toMatchObject({
      code: 0,
      data: {
        version: 3,
        snapshot: { status: 'banned', reason: 'again', created_at: created.created_at, created_by: 'demo' },
      },
    });
    // An expired ban is no longer in force: it cannot be changed or lifted, but it can be banned again.
    expect((await ban(demo, '10.42.1.1', { expires_at: minutes(5) })).code).toBe(0);
    await expire(demo.id, '10.42.1.1');
    expect((await update(demo, '10.42.1.1', 1, 'x')).code).toBe(40905);
    expect((await unban(demo, '10.42.1.1', 1)).code).toBe(40905);
    expect((await ban(demo, '10.42.1.0/24')).code).toBe(0);
    await unban(demo, '10.42.1.0/24', 1);
    expect(await ban(demo, '10.42.1.1', {}, 1)).toMatchObject({ code: 0, data: { version: 2 } });
    expect((await unban(demo, '10.42.9.9', 0)).code).toBe(40905);
  });

  it('refuses a ban when 10,000 entries are in force (42203); expired and unbanned ones do not count', async () => {
    const canvas = await session('canvas');
    const now = new Date();
    const rows = Array.from({ length: 9_999 }, (_, i) => {
      const start = (10 << 24) + i * 256;
      return {
        accountId: canvas.id,
        id: `10.${(i >> 8) & 255}.${i & 255}.0/24`,
        family: 4,
        rangeStart: String(start),
        rangeEnd: String(start + 255),
        prefix: 24,
        status: 'banned' as const,
        createdBy: canvas.id,
        createdAt: now,
        updatedBy: canvas.id,
        updatedAt: now,
        version: 1,
      };
    });
    for (let i = 0; i < rows.length; i += 1_000)
      await h()
        .db.insert(ipBans)
        .values(rows.slice(i, i + 1_000));
    // The count of banned entries the commands keep, as if these had been banned one by one.
    await h().db.insert(ipBanLists).values({ accountId: canvas.id, banned: rows.length });
    expect((await ban(canvas, '20.0.0.1')).code).toBe(0);
    const full = await ban(canvas, '20.0.0.2');
    expect(full).toMatchObject({
      code: 42203,
      msg: 'The ban list is full: at most 10,000 entries can be banned at a time',
      data: { max: 10_000 },
    });
    expect(issueOf(full)?.message_id).toBe('ipBan.rule.listFull');
    await expire(canvas.id, '10.0.0.0/24');
    expect((await ban(canvas, '20.0.0.2')).code).toBe(0);
    expect((await ban(canvas, '20.0.0.3')).code).toBe(42203);
    expect((await unban(canvas, '20.0.0.1', 1)).code).toBe(0);
    expect((await ban(canvas, '20.0.0.3')).code).toBe(0);
  });

  it('lists entries: search, effective status, family, sort, pages and changes since a time', async () => {
    const customer = await session('customer02');
    await ban(customer, '10.50.0.1', { reason: 'Scanner' });
    await ban(customer, '10.50.1.0/24', { reason: 'crawler BOT' });
    await ban(customer, '2001:db8:50::/48', { reason: 'ipv6 scanner' });
    await ban(customer, '10.50.2.0/24', { reason: 'temporary', expires_at: minutes(5) });
    await expire(customer.id, '10.50.2.0/24');
    await ban(customer, '10.50.3.3', { reason: 'lifted' });
    await unban(customer, '10.50.3.3', 1);
    const ids = (answer: { data: ListAnswer }) => answer.data.lists.map((e) => e.id);

    const all = await list(customer);
    expect(all.data.total).toBe(5);
    expect(ids(all)).toEqual(['10.50.3.3', '10.50.2.0/24', '2001:db8:50::/48', '10.50.1.0/24', '10.50.0.1']);
    expect(all.data.lists[0]).toMatchObject({
      created_by: 'customer02',
      updated_by: 'customer02',
      version: 2,
    });
    expect(ids(await list(customer, { keyword: '10.50.1' }))).toEqual(['10.50.1.0/24']);
    expect(ids(await list(customer, { keyword: 'SCANNER' })).sort()).toEqual([
      '10.50.0.1',
      '2001:db8:50::/48',
    ]);
    expect(ids(await list(customer, { keyword: '2001:DB8' }))).toEqual(['2001:db8:50::/48']);
    expect(ids(await list(customer, { status: 'banned', sort: 'id' }))).toEqual([
      '10.50.0.1',
      '10.50.1.0/24',
      '2001:db8:50::/48',
    ]);
    expect(ids(await list(customer, { status: 'unbanned', sort: 'id' }))).toEqual([
      '10.50.2.0/24',
      '10.50.3.3',
    ]);
    expect(ids(await list(customer, { family: '6' }))).toEqual(['2001:db8:50::/48']);
    expect(ids(await list(customer, { sort: 'created_at' }))[0]).toBe('10.50.0.1');
    expect(ids(await list(customer, { sort: '-updated_at' }))[0]).toBe('10.50.3.3');
    // No expiry lasts longest.
    expect(ids(await list(customer, { sort: '-expires_at' })).at(-1)).toBe('10.50.2.0/24');
    const second = await list(customer, { sort: 'id', page: '2', page_size: '2' });
    expect(second.data).toMatchObject({ total: 5 });
    expect(ids(second)).toEqual(['10.50.2.0/24', '10.50.3.3']);
    expect(ids(await list(customer, { sort: 'id', page: '3', page_size: '2' }))).toEqual([
      '2001:db8:50::/48',
    ]);
    expect((await list(customer, { page_size: '1001' })).code).toBe(40001);

    // Changes since a time: only what was changed after it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const since = new Date().toISOString();
    await update(customer, '10.50.1.0/24', 1, 'crawler BOT, confirmed');
    const changed = await list(customer, { updated_since: since });
    expect(ids(changed)).toEqual(['10.50.1.0/24']);
    expect(changed.data.total).toBe(1);
    // The server time to ask from next: never later than now, so no change is missed.
    expect(Date.parse(changed.data.server_time)).toBeLessThanOrEqual(Date.now());
    expect(ids(await list(customer, { updated_since: changed.data.server_time }))).toContain('10.50.1.0/24');
  });

  it('looks up an address: the entry in force covering it, the narrowest first', async () => {
    const customer = await session('customer01');
    await ban(customer, '10.60.1.0/24', { reason: 'range' });
    await ban(customer, '2001:db8:60::/48', { reason: 'v6' });
    await ban(customer, '10.60.2.0/24', { expires_at: minutes(5) });
    await expire(customer.id, '10.60.2.0/24');
    await ban(customer, '10.60.3.3');
    await unban(customer, '10.60.3.3', 1);

    expect((await lookup(customer, '10.60.1.77')).data).toMatchObject({
      ip: '10.60.1.77',
      banned: true,
      entry: { id: '10.60.1.0/24', reason: 'range' },
    });
    expect((await lookup(customer, '2001:DB8:60:0::1')).data).toMatchObject({
      ip: '2001:db8:60::1',
      banned: true,
      entry: { id: '2001:db8:60::/48' },
    });
    expect((await lookup(customer, '10.60.2.9')).data).toEqual({
      ip: '10.60.2.9',
      banned: false,
      entry: null,
    });
    expect((await lookup(customer, '10.60.3.3')).data).toMatchObject({ banned: false, entry: null });
    expect((await lookup(customer, '10.61.0.1')).data).toMatchObject({ banned: false });
    for (const ip of ['10.60.1.300', '10.60.1.0/24', 'example.com']) {
      expect(await lookup(customer, ip), ip).toMatchObject({
        code: 40001,
        msg: 'Enter a valid IPv4 or IPv6 address or CIDR range',
        data: { issues: [{ path: 'ip', message_id: 'ipBan.rule.format' }] },
      });
    }
    // Entries in force never overlap through the commands; data written otherwise still answers
    // with the narrowest entry.
    const now = new Date();
    await h()
      .db.insert(ipBans)
      .values({
        accountId: customer.id,
        id: '10.60.0.0/16',
        family: 4,
        rangeStart: String((10 << 24) + (60 << 16)),
        rangeEnd: String((10 << 24) + (60 << 16) + 65_535),
        prefix: 16,
        status: 'banned',
        createdBy: customer.id,
        createdAt: now,
        updatedBy: customer.id,
        updatedAt: now,
        version: 1,
      });
    expect((await lookup(customer, '10.60.1.77')).data.entry?.id).toBe('10.60.1.0/24');
    expect((await lookup(customer, '10.60.2.9')).data.entry?.id).toBe('10.60.0.0/16');
  });

  it('needs the IP blocking menu to read the list or look up, and a sign-in', async () => {
    const customer = await session('customer03');
    await revokeMenuItems(h().db, customer.id, [702]);
    expect(await list(customer)).toMatchObject({ code: 40301 });
    expect(await lookup(customer, '10.0.0.1')).toMatchObject({ code: 40301 });
    const anonymous = await call(h().app, 'GET', '/v3/ipban/ban/lists');
    expect(anonymous.body.code).toBe(44);
  });
});

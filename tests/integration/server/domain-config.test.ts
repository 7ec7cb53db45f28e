import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { aggregates } from '../../../server/db/schema';
import { executeCommand } from '../../../server/commands/execute';
import { ownPrincipal } from '../../../server/authz/principal';
import { findAccountByLogin } from '../../../server/modules/account/service';
import type { CommandResult } from '../../../src/contract/commands';
import { configSections, type SectionKind } from '../../../src/contract/domain-config';
import { boundaryCases } from '../../support/config-boundaries';
import { call, describeServer, operatorKey, signIn } from '../../support/server-harness';

interface Session {
  token: string;
  id: number;
}

const newDomain = (domain: string) => ({
  id: randomUUID(),
  domain,
  service_type: 'web',
  area: '1',
  business_type: 'web',
  origins: [{ type: 'ip', address: '192.0.2.10', port: 80, level: 10, weight: 10 }],
  group_id: null,
});

const ruleOf = (type: string, content: string) => ({
  type,
  content,
  ttl: 60,
  priority: 10,
  ignore_no_cache: false,
  follow_origin: false,
  ignore_case: false,
  query: 'keep',
});

const defaults = (kind: SectionKind) =>
  structuredClone(configSections[kind].defaults) as Record<string, unknown>;

describeServer('domain configuration: sections, rules, versions, history', (h) => {
  const session = async (login: string): Promise<Session> => {
    const { token } = await signIn(h().app, login);
    return { token, id: (await findAccountByLogin(h().db, login))!.id };
  };
  const push = async (who: Session, name: string, aggregate: string, base: number, payload: unknown) => {
    const { body } = await call<{ results: CommandResult[] }>(h().app, 'POST', '/v3/sync/command/push', {
      token: who.token,
      language: 'en',
      body: {
        actor_id: who.id,
        commands: [
          {
            key: `test-${randomUUID()}`,
            name,
            aggregate_id: aggregate,
            base_version: base,
            schema_version: 1,
            payload,
            origin: 'browser',
          },
        ],
      },
    });
    return body.data.results[0]!;
  };
  const setSection = (
    who: Session,
    kind: SectionKind,
    id: string,
    base: number,
    content: unknown,
    extra = {},
  ) => push(who, `${kind}.set`, id, base, { id, content, ...extra });
  const config = async (who: Session, id: string) =>
    (
      await call<Record<SectionKind, Record<string, unknown>>>(h().app, 'GET', '/v3/domain/config/detail', {
        token: who.token,
        query: { id },
        language: 'en',
      })
    ).body;
  const created = async (who: Session, name: string) => {
    const payload = newDomain(name);
    expect((await push(who, 'domain.create', payload.id, 0, payload)).code).toBe(0);
    return payload.id;
  };

  it('refuses and accepts at each boundary of the rules, with the browser’s message ids', async () => {
    const demo = await session('demo');
    const id = await created(demo, `bounds-${randomUUID().slice(0, 8)}.example.com`);
    const versions = new Map<SectionKind, number>();
    for (const c of boundaryCases) {
      const base = versions.get(c.kind) ?? 0;
      const answer = await setSection(demo, c.kind, id, base, c.content);
      if (c.refused === null) {
        expect(answer.code, c.name).toBe(0);
        versions.set(c.kind, base + 1);
      } else {
        expect(answer.code, c.name).toBe(40001);
        expect(answer.data.issues, c.name).toContainEqual({
          path: `content.${c.refused.path}`,
          message_id: c.refused.message_id,
        });
      }
    }
  });

  it('keeps each section apart: its own version, defaults until set, no conflict across sections', async () => {
    const demo = await session('demo');
    const id = await created(demo, `sections-${randomUUID().slice(0, 8)}.example.com`);
    const before = await config(demo, id);
    expect(before.code).toBe(0);
    expect(before.data.domainCache).toMatchObject({ rules: [], version: 0 });
    expect(before.data.domainPerformance).toMatchObject({ post_limit_mb: 30, version: 0 });
    expect(before.data.domainHttps).toMatchObject({
      tls_versions: ['TLSv1', 'TLSv1.1', 'TLSv1.2'],
      version: 0,
    });

    const cache = { rules: [{ ...(boundaryCases[0]!.content.rules as object[])[0], ttl: 600 }] };
    const headers = { request: [], response: [{ action: 'set', name: 'X-Cache', value: 'edge' }] };
    // Both based on version 0 of their own section: both apply.
    const [a, b] = await Promise.all([
      setSection(demo, 'domainCache', id, 0, cache),
      setSection(demo, 'domainHeaders', id, 0, headers),
    ]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.msg).toBe('Configuration saved.');
    // A second edit of the same section on version 0 conflicts, with the server's side.
    const late = await setSection(demo, 'domainCache', id, 0, { rules: [] });
    expect(late).toMatchObject({ code: 40902, data: { version: 1, current: { rules: [{ ttl: 600 }] } } });

    const after = await config(demo, id);
    expect(after.data.domainCache).toMatchObject({ version: 1, rules: [{ ttl: 600 }], updated_by: 'demo' });
    expect(after.data.domainHeaders).toMatchObject({ version: 1, response: [{ name: 'X-Cache' }] });
    expect(after.data.domainOrigin).toMatchObject({ version: 0 });
  });

  it('clears what a switch turned off holds (spec §4)', async () => {
    const demo = await session('demo');
    const id = await created(demo, `switches-${randomUUID().slice(0, 8)}.example.com`);
    const access = defaults('domainAccess') as Record<string, Record<string, unknown>>;
    access.ip = { enabled: true, mode: 'white', entries: ['192.0.2.0/24'] };
    expect((await setSection(demo, 'domainAccess', id, 0, access)).code).toBe(0);
    access.ip = { enabled: false, mode: 'white', entries: ['192.0.2.0/24'] };
    const off = await setSection(demo, 'domainAccess', id, 1, access);
    expect(off.data.snapshot).toMatchObject({ ip: { enabled: false, entries: [] } });

    const https = { ...defaults('domainHttps'), force_https: true, redirect_code: 302 };
    expect((await setSection(demo, 'domainHttps', id, 0, https)).code).toBe(0);
    const unforced = await setSection(demo, 'domainHttps', id, 1, { ...https, force_https: false });
    expect(unforced.data.snapshot).toMatchObject({ force_https: false, redirect_code: null });
  });

  it('keeps the allow-empty flag of the IP and UA lists and the UA match mode (spec §3); a list kept before reads as it behaved', async () => {
    const demo = await session('demo');
    const id = await created(demo, `lists-${randomUUID().slice(0, 8)}.example.com`);
    const access = defaults('domainAccess') as Record<string, Record<string, unknown>>;
    access.ip = { enabled: true, mode: 'white', entries: ['192.0.2.0/24'], allow_empty: true };
    access.ua = { enabled: true, mode: 'black', entries: ['curl'], allow_empty: false, match: 'exact' };
    expect((await setSection(demo, 'domainAccess', id, 0, access)).code).toBe(0);
    expect((await config(demo, id)).data.domainAccess).toMatchObject({
      ip: { allow_empty: true },
      ua: { allow_empty: false, match: 'exact' },
    });
    const bad = await setSection(demo, 'domainAccess', id, 1, {
      ...access,
      ua: { ...access.ua, match: 'nearly' },
    });
    expect(bad.code).toBe(40001);

    // Documents written before the flags: read with the defaults, then given by the migration the
    // values that keep their behaviour (a black list let an empty value through, a white list not).
    const old = (kind: 'black' | 'white') => ({ enabled: true, mode: kind, entries: ['192.0.2.0/24'] });
    const stored = {
      ...defaults('domainAccess'),
      ip: old('white'),
      ua: { ...old('black'), entries: ['curl'] },
    };
    await h()
      .db.update(aggregates)
      .set({ data: stored })
      .where(and(eq(aggregates.kind, 'domainAccess'), eq(aggregates.id, id)));
    expect((await config(demo, id)).data.domainAccess).toMatchObject({
      ip: { allow_empty: false },
      ua: { allow_empty: false, match: 'fuzzy' },
    });
    const migration = readFileSync(
      fileURLToPath(new URL('../../../server/db/migrations/0020_access_list_flags.sql', import.meta.url)),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint'))
      await h().db.execute(sql.raw(statement));
    const [row] = await h()
      .db.select({ data: aggregates.data })
      .from(aggregates)
      .where(and(eq(aggregates.kind, 'domainAccess'), eq(aggregates.id, id)));
    expect(row?.data).toMatchObject({
      ip: { mode: 'white', allow_empty: false },
      ua: { mode: 'black', allow_empty: true, match: 'fuzzy', entries: ['curl'] },
    });
  });

  it('keeps every version with who and when, and reverts to one as a command', async () => {
    const demo = await session('demo');
    const id = await created(demo, `history-${randomUUID().slice(0, 8)}.example.com`);
    await setSection(demo, 'domainOrigin', id, 0, { connect_timeout: 10 });
    await setSection(demo, 'domainOrigin', id, 1, { connect_timeout: 20 });
    const history = async () =>
      (
        await call<{ versions: { version: number; command: string; actor: string; content: unknown }[] }>(
          h().app,
          'GET',
          '/v3/domain/config/history',
          { token: demo.token, query: { id, kind: 'domainOrigin' }, language: 'en' },
        )
      ).body.data.versions;
    expect((await history()).map((v) => [v.version, v.actor, v.content])).toEqual([
      [2, 'demo', { connect_timeout: 20 }],
      [1, 'demo', { connect_timeout: 10 }],
    ]);
    const back = await setSection(demo, 'domainOrigin', id, 2, { connect_timeout: 10 }, { reverted_from: 1 });
    expect(back).toMatchObject({ code: 0, data: { version: 3, snapshot: { connect_timeout: 10 } } });
    expect((await history())[0]).toMatchObject({ version: 3, command: 'domainOrigin.set' });
  });

  it('refuses changes of a domain with a special configuration, a deleted one and another account’s', async () => {
    const demo = await session('demo');
    const name = `special-${randomUUID().slice(0, 8)}.example.com`;
    const id = await created(demo, name);
    const special = await call(h().app, 'POST', '/operator/special-config', {
      body: { domain: name, special_config: true },
      headers: { 'x-operator-key': operatorKey },
    });
    expect(special.body.code).toBe(0);
    const refused = await setSection(demo, 'domainOrigin', id, 0, { connect_timeout: 10 });
    expect(refused).toMatchObject({
      code: 40305,
      data: { issues: [{ path: 'id', message_id: 'domain.rule.specialConfig' }] },
    });

    const gone = await created(demo, `gone-${randomUUID().slice(0, 8)}.example.com`);
    expect((await push(demo, 'domain.delete', gone, 1, { id: gone })).code).toBe(0);
    expect((await setSection(demo, 'domainOrigin', gone, 0, { connect_timeout: 10 })).code).toBe(40905);
    expect((await config(demo, gone)).code).toBe(40401);

    const other = await session('customer01');
    expect((await config(other, id)).code).toBe(40401);
    expect((await setSection(other, 'domainOrigin', id, 0, { connect_timeout: 10 })).data.issues).toEqual([
      { path: 'id', message_id: 'domain.rule.notFound' },
    ]);
  });

  it('takes only the account’s accelerated domains as rewrite targets (spec §5)', async () => {
    const demo = await session('demo');
    const target = `target-${randomUUID().slice(0, 8)}.example.com`;
    await created(demo, target);
    const id = await created(demo, `rewrites-${randomUUID().slice(0, 8)}.example.com`);
    const rewrites = (domain: string) => ({
      ...defaults('domainRewrites'),
      access_url: [{ source: '/old', target: '/new', target_domain: domain }],
    });
    const unknown = await setSection(demo, 'domainRewrites', id, 0, rewrites('elsewhere.example.org'));
    expect(unknown).toMatchObject({
      code: 40905,
      msg: 'The target domain must be an accelerated domain of this account',
      data: {
        issues: [
          { path: 'content.access_url.0.target_domain', message_id: 'domainConfig.rewrite.domainUnknown' },
        ],
      },
    });
    expect((await setSection(demo, 'domainRewrites', id, 0, rewrites(target))).code).toBe(0);
  });

  it('edits the origins after creation on the domain itself', async () => {
    const demo = await session('demo');
    const id = await created(demo, `origins-${randomUUID().slice(0, 8)}.example.com`);
    const origins = [
      {
        type: 'domain',
        address: 'origin.example.com',
        port: 443,
        protocol: 'https',
        host: 'www.example.com',
        level: 10,
        weight: 10,
      },
    ];
    const answer = await push(demo, 'domain.setOrigins', id, 1, { id, origins });
    expect(answer).toMatchObject({
      code: 0,
      data: { version: 2, snapshot: { origins: [{ address: 'origin.example.com', protocol: 'https' }] } },
    });
    const bad = await push(demo, 'domain.setOrigins', id, 2, {
      id,
      origins: [{ ...origins[0], port: 70000 }],
    });
    expect(bad.code).toBe(40001);
  });

  it('copies the chosen sections on the server, at the versions the user confirmed', async () => {
    const demo = await session('demo');
    const source = await created(demo, `copy-src-${randomUUID().slice(0, 8)}.example.com`);
    const rules = [
      { ...ruleOf('suffix', 'jpg,png'), ttl: 86_400 },
      { ...ruleOf('directory', '/static'), ttl: 3600, priority: 5 },
    ];
    expect((await setSection(demo, 'domainCache', source, 0, { rules })).code).toBe(0);
    const headers = { request: [], response: [{ action: 'set', name: 'X-Cache', value: 'demo' }] };
    expect((await setSection(demo, 'domainHeaders', source, 0, headers)).code).toBe(0);
    // The source changes after the user confirmed version 1 of its cache rules.
    expect((await setSection(demo, 'domainCache', source, 1, { rules: [] })).code).toBe(0);
    const access = defaults('domainAccess');
    expect(
      (
        await setSection(demo, 'domainAccess', source, 0, {
          ...access,
          ip: { enabled: true, mode: 'black', entries: ['192.0.2.1'] },
        })
      ).code,
    ).toBe(0);

    const target = { ...newDomain(`copy-dst-${randomUUID().slice(0, 8)}.example.com`) };
    const answer = await push(demo, 'domain.copyConfig', target.id, 0, {
      ...target,
      source_id: source,
      copy_id: randomUUID(),
      contents: ['basic', 'origin', 'cache', 'advanced'],
      section_versions: { domainCache: 1, domainOrigin: 0, domainHeaders: 1, domainRewrites: 0 },
    });
    expect(answer.code).toBe(0);
    const copied = (await config(demo, target.id)).data;
    expect(copied.domainCache).toMatchObject({ rules, version: 1 });
    expect(copied.domainHeaders).toMatchObject({ ...headers, version: 1 });
    // Not chosen: not copied.
    expect(copied.domainAccess).toMatchObject({ ...access, version: 0 });

    // A version the source never had is refused; HTTPS with a certificate is never copied.
    const again = { ...newDomain(`copy-dst-${randomUUID().slice(0, 8)}.example.com`) };
    const unknown = await push(demo, 'domain.copyConfig', again.id, 0, {
      ...again,
      source_id: source,
      copy_id: randomUUID(),
      contents: ['basic', 'origin', 'cache'],
      section_versions: { domainCache: 9 },
    });
    expect(unknown.code).toBe(40905);
  });

  it('refuses a command on a domain outside the actor’s data permission, through the executor’s gate', async () => {
    const demo = await session('demo');
    const granted = await created(demo, `granted-${randomUUID().slice(0, 8)}.example.com`);
    const other = await created(demo, `other-${randomUUID().slice(0, 8)}.example.com`);
    const ctx = {
      db: h().db,
      language: 'en_US' as const,
      ip: '',
      settings: { cnameSuffix: 'cdn.example-edge.net' },
    };
    // The demo account's principal, narrowed to one domain as an API token of it would be.
    const own = await ownPrincipal({ db: h().db }, (await findAccountByLogin(h().db, 'demo'))!);
    const actor = {
      ...own,
      scope: { ...own.scope, domains: { all: false as const, ids: new Set([granted]) } },
    };
    const set = (id: string) =>
      executeCommand(
        ctx,
        actor,
        {
          key: randomUUID(),
          name: 'domainOrigin.set',
          aggregate_id: id,
          base_version: 0,
          schema_version: 1,
          payload: { id, content: { connect_timeout: 10 } },
        },
        'api',
      );
    expect((await set(granted)).code).toBe(0);
    expect((await set(other)).code).toBe(40301);
    expect((await config(demo, other)).data.domainOrigin).toMatchObject({ version: 0, connect_timeout: 30 });
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { certificates } from '../../../server/db/schema';
import { findAccountByLogin } from '../../../server/modules/account/service';
import type { CertEntry } from '../../../src/contract/cert';
import type { CommandResult } from '../../../src/contract/commands';
import { TestPki } from '../../support/certs';
import { call, describeServer, signIn } from '../../support/server-harness';

interface Session {
  token: string;
  id: number;
}

let pki: TestPki;
let intermediate: string;
let foreign: string;
const leaves = new Map<string, { cert: string; key: string }>();
const zone = `cert-${randomUUID().slice(0, 8)}.example.com`;

/** A leaf issued by the intermediate, its key made first. */
const leaf = (name: string, options: { cn: string; dns?: string[]; days?: number; curve?: boolean }) => {
  const key = pki.key(name, options.curve ? { curve: 'prime256v1' } : { rsa: 2048 });
  const cert = pki.issue(name, 'inter', {
    cn: options.cn,
    dns: options.dns ?? [options.cn],
    days: options.days ?? 90,
  });
  leaves.set(name, { cert, key });
  return { cert, key };
};

beforeAll(() => {
  pki = new TestPki();
  pki.root('root');
  pki.key('inter', { rsa: 2048 });
  intermediate = pki.issue('inter', 'root', { ca: true, cn: 'Test Intermediate CA' });
  pki.root('other-root');
  pki.key('other', { rsa: 2048 });
  foreign = pki.issue('other', 'other-root', { ca: true, cn: 'Foreign Intermediate CA' });
  leaf('rsa', { cn: `www.${zone}` });
  leaf('ec', { cn: `api.${zone}`, curve: true });
  leaf('wild', { cn: `*.${zone}`, dns: [`*.${zone}`, zone], days: 400 });
  leaf('in3', { cn: `soon.${zone}`, days: 3 });
  leaf('in20', { cn: `later.${zone}`, days: 20 });
});
afterAll(() => pki?.dispose());

describeServer('certificates: upload, list, association, HTTPS off, delete, calendar', (h) => {
  const session = async (login: string): Promise<Session> => {
    const { token } = await signIn(h().app, login);
    return { token, id: (await findAccountByLogin(h().db, login))!.id };
  };
  const upload = (who: Session, body: Record<string, unknown>) =>
    call<{
      cert: CertEntry;
      warnings: string[];
      issues?: { path: string; message_id: string }[];
      forceable?: boolean;
    }>(h().app, 'POST', '/v3/cert/upload', {
      token: who.token,
      language: 'en',
      body: { password: '', force: false, ...body },
    }).then((r) => r.body);
  const list = (who: Session, query: Record<string, string> = {}) =>
    call<{ lists: CertEntry[]; total: number }>(h().app, 'GET', '/v3/cert/lists', {
      token: who.token,
      query,
      language: 'en',
    }).then((r) => r.body);
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
  const createDomain = async (who: Session, domain: string) => {
    const id = randomUUID();
    const payload = {
      id,
      domain,
      service_type: 'web',
      area: '1',
      business_type: 'web',
      origins: [{ type: 'ip', address: '192.0.2.10', port: 80, level: 10, weight: 10 }],
      group_id: null,
    };
    expect((await push(who, 'domain.create', id, 0, payload)).code).toBe(0);
    return id;
  };
  const https = async (who: Session, id: string) =>
    (
      await call<{ domainHttps: Record<string, unknown> & { version: number } }>(
        h().app,
        'GET',
        '/v3/domain/config/detail',
        { token: who.token, query: { id }, language: 'en' },
      )
    ).body.data.domainHttps;
  const chainOf = (name: string) => `${leaves.get(name)!.cert}${intermediate}`;

  it('seeds the demo account with certificates of every state, made by a CA that exists only at seed time', async () => {
    const demo = await session('demo');
    const demoCerts = (await list(demo)).data.lists;
    const byName = new Map(demoCerts.map((c) => [c.name, c]));
    expect(byName.get('demo-shop wildcard')).toMatchObject({ status: 'inService', wildcard: true });
    expect(byName.get('demo-shop wildcard')!.domains.length).toBeGreaterThanOrEqual(3);
    const days = (name: string) =>
      (new Date(byName.get(name)!.not_after).getTime() - Date.now()) / 86_400_000;
    expect(days('demo-media www')).toBeLessThan(5);
    expect(days('demo-media www')).toBeGreaterThan(0);
    expect(days('demo-media images')).toBeGreaterThan(7);
    expect(days('demo-media images')).toBeLessThan(30);
    expect(byName.get('spring promotion (old)')?.status).toBe('expired');
    expect(byName.get('vod (chain to check)')?.status).toBe('pendingAudit');
  });

  it('checks every upload and answers each refusal with its message', async () => {
    const demo = await session('demo');
    const rsa = leaves.get('rsa')!;
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ name: 'a', certificate: '', key: rsa.key }, 'certificate', 'cert.required'],
      [{ name: 'a', certificate: chainOf('rsa'), key: '' }, 'key', 'cert.keyRequired'],
      [{ name: 'a', certificate: rsa.cert, key: rsa.key }, 'certificate', 'cert.incomplete'],
      [{ name: 'a', certificate: chainOf('rsa'), key: leaves.get('ec')!.key }, 'key', 'cert.keyMismatch'],
      [{ name: ' ', certificate: chainOf('rsa'), key: rsa.key }, 'name', 'cert.name.required'],
    ];
    for (const [body, path, messageId] of refusals) {
      const answer = await upload(demo, body);
      expect(answer.code, messageId).toBe(40001);
      expect(answer.data.issues?.[0], messageId).toEqual({ path, message_id: messageId });
    }
    const incomplete = await upload(demo, { name: 'a', certificate: rsa.cert, key: rsa.key });
    expect(incomplete.msg).toBe('Certificate incomplete, upload failed.');

    const encrypted = pki.encryptedKey('rsa', 'right-password');
    expect(
      (await upload(demo, { name: 'enc', certificate: chainOf('rsa'), key: encrypted })).data.issues?.[0]
        ?.message_id,
    ).toBe('cert.passwordRequired');
    expect(
      (await upload(demo, { name: 'enc', certificate: chainOf('rsa'), key: encrypted, password: 'wrong' }))
        .data.issues?.[0]?.message_id,
    ).toBe('cert.passwordWrong');
    const accepted = await upload(demo, {
      name: 'RSA encrypted',
      certificate: chainOf('rsa'),
      key: encrypted,
      password: 'right-password',
    });
    expect(accepted.code).toBe(0);
    expect(accepted.data.cert).toMatchObject({ algorithm: 'RSA', key_size: 2048, status: 'notAssociated' });
    expect(JSON.stringify(accepted)).not.toContain('PRIVATE KEY');
    expect(
      (await upload(demo, { name: 'RSA encrypted', certificate: chainOf('ec'), key: leaves.get('ec')!.key }))
        .data.issues?.[0],
    ).toEqual({
      path: 'name',
      message_id: 'cert.name.taken',
    });

    // Out of order: put in order and accepted; a chain that does not link: refused, then forced.
    const reversed = await upload(demo, {
      name: 'ECDSA',
      certificate: `${intermediate}${leaves.get('ec')!.cert}`,
      key: leaves.get('ec')!.key,
    });
    expect(reversed.code).toBe(40001); // the first certificate is the leaf: a CA first is not a leaf of this key
    const ec = await upload(demo, { name: 'ECDSA', certificate: chainOf('ec'), key: leaves.get('ec')!.key });
    expect(ec.data.cert).toMatchObject({ algorithm: 'ECDSA', key_size: 256, chain_verified: true });
    const broken = {
      name: 'Broken chain',
      certificate: `${leaves.get('in20')!.cert}${foreign}`,
      key: leaves.get('in20')!.key,
    };
    const refused = await upload(demo, broken);
    expect(refused).toMatchObject({ code: 40001, data: { forceable: true } });
    expect(refused.data.issues?.[0]?.message_id).toBe('cert.chainInconsistent');
    const forced = await upload(demo, { ...broken, force: true });
    expect(forced.code).toBe(0);
    expect(forced.data.warnings).toEqual(['cert.chainInconsistent']);
    expect(forced.data.cert).toMatchObject({ chain_verified: false, status: 'pendingAudit' });

    // Sealed at rest, bound to its row.
    const [row] = await h()
      .db.select({ sealed: certificates.sealedKey })
      .from(certificates)
      .where(and(eq(certificates.accountId, demo.id), eq(certificates.id, ec.data.cert.id)));
    expect(row?.sealed.startsWith('v1.')).toBe(true);
    expect(row?.sealed).not.toContain('PRIVATE KEY');
  });

  it('lists with search and expiry filters, and keeps each account to its own', async () => {
    const demo = await session('demo');
    const soon = await upload(demo, {
      name: 'Soon',
      certificate: chainOf('in3'),
      key: leaves.get('in3')!.key,
    });
    const later = await upload(demo, {
      name: 'Later',
      certificate: chainOf('in20'),
      key: leaves.get('in20')!.key,
    });
    expect([soon.code, later.code]).toEqual([0, 0]);
    const ids = async (query: Record<string, string>) =>
      (await list(demo, query)).data.lists.map((c) => c.name);
    expect(await ids({ keyword: `soon.${zone.toUpperCase()}` })).toEqual(['Soon']);
    expect(await ids({ keyword: 'LATER' })).toEqual(expect.arrayContaining(['Later']));
    expect(await ids({ keyword: 'LATER' })).not.toContain('Soon');
    expect(await ids({ expiry: 'in7' })).toContain('Soon');
    expect(await ids({ expiry: 'in7' })).not.toContain('Later');
    expect(await ids({ expiry: 'in30' })).toEqual(expect.arrayContaining(['Soon', 'Later']));
    expect(await ids({ expiry: 'expired' })).not.toContain('Soon');
    expect(await ids({ expiry: 'unexpired' })).toEqual(expect.arrayContaining(['Soon', 'Later']));

    const other = await session('canvas');
    const theirs = await list(other);
    expect(theirs.data.lists.map((c) => c.id)).not.toContain(soon.data.cert.id);
    const detail = await call(h().app, 'GET', '/v3/cert/detail', {
      token: other.token,
      query: { id: soon.data.cert.id },
    });
    expect(detail.body.code).toBe(40401);
    const removal = await call(h().app, 'POST', '/v3/cert/delete', {
      token: other.token,
      body: { id: soon.data.cert.id },
    });
    expect(removal.body.code).toBe(40401);
  });

  it('associates only covered domains with an unexpired certificate; HTTPS off unlinks; delete waits for no domain', async () => {
    const demo = await session('demo');
    const wild = await upload(demo, {
      name: 'Wildcard',
      certificate: chainOf('wild'),
      key: leaves.get('wild')!.key,
    });
    const certId = wild.data.cert.id;
    const a = await createDomain(demo, `a.${zone}`);
    const b = await createDomain(demo, `b.${zone}`);
    const deep = await createDomain(demo, `x.y.${zone}`);
    const associate = (id: string, base: number, certificate = certId) =>
      push(demo, 'domainHttps.associate', id, base, { id, certificate_id: certificate, shown_as: id });

    expect((await associate(a, 0)).code).toBe(0);
    expect((await associate(b, 0)).code).toBe(0);
    const notCovered = await associate(deep, 0);
    expect(notCovered).toMatchObject({ code: 40905, msg: 'Associated domain not found.' });
    expect((await associate(deep, 0, randomUUID())).data.issues).toEqual([
      { path: 'certificate_id', message_id: 'cert.notFound' },
    ]);
    expect(await https(demo, a)).toMatchObject({ certificate_id: certId, version: 1 });
    const listed = (await list(demo, { keyword: 'Wildcard' })).data.lists[0]!;
    expect(listed.status).toBe('inService');
    expect(listed.domains.map((d) => d.domain)).toEqual([`a.${zone}`, `b.${zone}`]);

    // An expired certificate cannot be associated.
    await h()
      .db.update(certificates)
      .set({ notAfter: new Date(Date.now() - 86_400_000) })
      .where(and(eq(certificates.accountId, demo.id), eq(certificates.id, certId)));
    expect((await associate(deep, 0)).msg).toBe('Certificates that have expired cannot be associated.');
    expect((await list(demo, { keyword: 'Wildcard' })).data.lists[0]!.status).toBe('expired');

    // Delete is refused while domains use it.
    const inUse = await call(h().app, 'POST', '/v3/cert/delete', {
      token: demo.token,
      body: { id: certId },
      language: 'en',
    });
    expect(inUse.body).toMatchObject({
      code: 40905,
      data: { count: 2, domains: [`a.${zone}`, `b.${zone}`] },
    });

    // HTTPS off: the certificate unlinked and the other switches off, in one change.
    const on: Record<string, unknown> = {
      ...(await https(demo, a)),
      force_https: true,
      redirect_code: 301,
      hsts: true,
      http2: true,
    };
    const {
      id: _id,
      version: _v,
      updated_at: _u,
      updated_by: _b,
      created_at: _c,
      created_by: _cb,
      ...content
    } = on;
    expect((await push(demo, 'domainHttps.set', a, 1, { id: a, content })).code).toBe(0);
    expect((await push(demo, 'domainHttps.off', a, 2, { id: a })).code).toBe(0);
    expect(await https(demo, a)).toMatchObject({
      certificate_id: null,
      force_https: false,
      redirect_code: null,
      hsts: false,
      http2: false,
      version: 3,
    });
    expect((await push(demo, 'domainHttps.off', b, 1, { id: b })).code).toBe(0);
    const removed = await call(h().app, 'POST', '/v3/cert/delete', {
      token: demo.token,
      body: { id: certId },
    });
    expect(removed.body.code).toBe(0);
    const gone = await call(h().app, 'GET', '/v3/cert/detail', { token: demo.token, query: { id: certId } });
    expect(gone.body.code).toBe(40401);
  });

  it('serves a calendar of expiries at a secret address, each once, until it is revoked', async () => {
    const demo = await session('demo');
    const made = await call<{ url: string }>(h().app, 'POST', '/v3/cert/feed', {
      token: demo.token,
      body: { action: 'create' },
      language: 'en',
    });
    expect(made.body.code).toBe(0);
    const path = new URL(made.body.data.url).pathname + new URL(made.body.data.url).search;
    const feed = await h().app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    const names = (await list(demo)).data.lists;
    expect(events.map((e) => e.uid).sort()).toEqual(names.map((c) => `${c.id}@cdn-console`).sort());
    const soon = names.find((c) => c.name === 'Soon')!;
    const event = events.find((e) => e.uid === `${soon.id}@cdn-console`)!;
    expect(event.summary).toBe('Certificate “Soon” expires');
    expect(event.startDate.toJSDate().getTime()).toBe(
      Math.floor(new Date(soon.not_after).getTime() / 1000) * 1000,
    );
    expect(
      event.component
        .getAllSubcomponents('valarm')
        .map((a) => a.getFirstPropertyValue('trigger')?.toString()),
    ).toEqual(['-P30D', '-P14D', '-P7D']);
    for (const line of feed.body.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    // A new address revokes the old one.
    const again = await call<{ url: string }>(h().app, 'POST', '/v3/cert/feed', {
      token: demo.token,
      body: { action: 'create' },
    });
    expect(again.body.code, again.body.msg).toBe(0);
    expect((await h().app.inject({ method: 'GET', url: path })).statusCode).not.toBe(200);
    const next = new URL(again.body.data.url);
    expect((await h().app.inject({ method: 'GET', url: next.pathname })).statusCode).toBe(200);
    await call(h().app, 'POST', '/v3/cert/feed', { token: demo.token, body: { action: 'revoke' } });
    expect((await h().app.inject({ method: 'GET', url: next.pathname })).statusCode).not.toBe(200);
    const status = await call<{ enabled: boolean; url: null }>(h().app, 'GET', '/v3/cert/feed', {
      token: demo.token,
    });
    expect(status.body.data).toMatchObject({ enabled: false, url: null });
  });
});

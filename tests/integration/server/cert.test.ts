import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { certificates } from '../../../server/db/schema';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { httpsAssociate, httpsOff } from '../../../src/commands/domain-config/certificate';
import { httpsSet } from '../../../src/commands/domain-config/sections';
import { domainCreate } from '../../../src/commands/domain/create';
import type { CertEntry, certDetail } from '../../../src/contract/cert';
import { configSections } from '../../../src/contract/domain-config';
import { TestPki } from '../../support/certs';
import { call, describeServer, signIn, type Envelope } from '../../support/server-harness';

interface Session {
  token: string;
  id: number;
}
interface Pair {
  cert: string;
  key: string;
}
interface Issue {
  path: string;
  message_id: string;
}
type UploadAnswer = Envelope<{ cert: CertEntry; warnings: string[]; issues?: Issue[]; forceable?: boolean }>;
type CommandAnswer = Envelope<{ version: number; snapshot: Record<string, unknown>; issues?: Issue[] }>;

const day = 86_400_000;
const unique = () => randomUUID().slice(0, 8);
/** The zones of this file: each test names its own, so the suites' domains never meet. */
const zone = (label: string) => `${label}-${unique()}.example-cert.com`;
const uploads = zone('uploads');
const lists = zone('lists');
const assoc = zone('assoc');
const unlink = zone('unlink');
const boundary = zone('boundary');

let pki: TestPki;
let root: string;
let intermediate: string;
let foreign: string;
const pairs = new Map<string, Pair>();

/** A leaf issued by the test intermediate, valid from now for `days` (TestPki's default: 90). */
function leaf(name: string, cn: string, options: { dns?: string[]; days?: number; curve?: boolean } = {}) {
  const key = pki.key(name, options.curve ? { curve: 'prime256v1' } : { rsa: 2048 });
  const cert = pki.issue(name, 'inter', { cn, dns: options.dns ?? [cn], days: options.days ?? 90 });
  pairs.set(name, { cert, key });
}

/** `openssl ca`'s time format: YYYYMMDDHHMMSSZ. */
const stamp = (at: Date) => `${at.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z`;

/**
 * A leaf valid from `start` to `end`, signed by the test intermediate. TestPki counts validity
 * from now only; `openssl ca` takes both ends, so a leaf can be expired or not valid yet.
 */
function datedLeaf(name: string, cn: string, start: Date, end: Date) {
  const openssl = (...args: string[]) =>
    execFileSync('openssl', args, { cwd: pki.dir, stdio: ['ignore', 'pipe', 'pipe'] });
  const key = pki.key(name, { rsa: 2048 });
  openssl('req', '-new', '-key', `${name}.key`, '-subj', `/CN=${cn}`, '-out', `${name}.csr`);
  writeFileSync(join(pki.dir, `${name}.ext`), `basicConstraints=CA:FALSE\nsubjectAltName=DNS:${cn}\n`);
  openssl(
    'ca',
    '-batch',
    '-config',
    'dated-ca.cnf',
    '-cert',
    'inter.pem',
    '-keyfile',
    'inter.key',
    '-in',
    `${name}.csr`,
    '-out',
    `${name}.pem`,
    '-notext',
    '-startdate',
    stamp(start),
    '-enddate',
    stamp(end),
    '-extfile',
    `${name}.ext`,
  );
  pairs.set(name, { cert: readFileSync(join(pki.dir, `${name}.pem`), 'utf8'), key });
}

beforeAll(() => {
  pki = new TestPki();
  root = pki.root('root');
  pki.key('inter', { rsa: 2048 });
  intermediate = pki.issue('inter', 'root', { ca: true, cn: 'Test Intermediate CA' });
  pki.root('other-root');
  pki.key('other-inter', { rsa: 2048 });
  foreign = pki.issue('other-inter', 'other-root', { ca: true, cn: 'Foreign Intermediate CA' });
  writeFileSync(
    join(pki.dir, 'dated-ca.cnf'),
    [
      '[ca]',
      'default_ca = dated',
      '[dated]',
      'database = index.txt',
      'new_certs_dir = .',
      'default_md = sha256',
      'policy = any',
      'unique_subject = no',
      'rand_serial = yes',
      '[any]',
      'commonName = supplied',
      '',
    ].join('\n'),
  );
  writeFileSync(join(pki.dir, 'index.txt'), '');

  leaf('rsa', `www.${uploads}`, { dns: [`www.${uploads}`, uploads] });
  leaf('ec', `api.${uploads}`, { curve: true });
  leaf('wild', `*.${uploads}`);
  leaf('multi', `m.${uploads}`, { dns: [`m.${uploads}`, `n.${uploads}`, `IMG.${uploads}`] });
  const now = Date.now();
  datedLeaf('expired', `old.${uploads}`, new Date(now - 60 * day), new Date(now - day));
  datedLeaf('future', `new.${uploads}`, new Date(now + 10 * day), new Date(now + 100 * day));

  // The expiry filter's boundaries: 7 and 30 days left are inside, 8 and 31 outside.
  leaf('d7', `d7.${lists}`, { days: 7 });
  leaf('d8', `d8.${lists}`, { days: 8 });
  leaf('d30', `d30.${lists}`, { days: 30 });
  leaf('d31', `d31.${lists}`, { days: 31 });
  datedLeaf('gone', `gone.${lists}`, new Date(now - 30 * day), new Date(now - 60_000));

  leaf('assoc', `*.${assoc}`);
  datedLeaf('assoc-expired', `a.${assoc}`, new Date(now - 60 * day), new Date(now - day));
  leaf('unlink', `*.${unlink}`);
  leaf('boundary', `*.${boundary}`);
});
afterAll(() => pki?.dispose());

/** Every string of an answer, however deep. */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value !== null && typeof value === 'object'
      ? Object.values(value).flatMap(strings)
      : [];

describeServer('certificates: upload, list, association, HTTPS off, delete, account boundary', (h) => {
  const session = async (login: string): Promise<Session> => {
    const { token } = await signIn(h().app, login);
    return { token, id: (await findAccountByLogin(h().db, login))!.id };
  };
  const pair = (name: string) => pairs.get(name)!;
  const chained = (name: string) => `${pair(name).cert}${intermediate}`;

  const upload = async (who: Session, body: Record<string, unknown>) =>
    (
      await call<UploadAnswer['data']>(h().app, 'POST', '/v3/cert/upload', {
        token: who.token,
        language: 'en',
        body: { password: '', force: false, ...body },
      })
    ).body;
  /** The upload of leaf `name` with the intermediate, under a fresh certificate name. */
  const uploadLeaf = (who: Session, name: string, extra: Record<string, unknown> = {}) =>
    upload(who, { name: `${name}-${unique()}`, certificate: chained(name), key: pair(name).key, ...extra });
  const uploaded = async (who: Session, name: string) => {
    const answer = await uploadLeaf(who, name);
    expect(answer.code, answer.msg).toBe(0);
    return answer.data.cert;
  };
  const expectRefused = (answer: UploadAnswer, path: string, messageId: string) => {
    expect(answer.code, messageId).toBe(40001);
    expect(answer.data.issues?.[0], messageId).toEqual({ path, message_id: messageId });
  };

  const list = async (who: Session, query: Record<string, string> = {}) =>
    (
      await call<{ lists: CertEntry[]; total: number }>(h().app, 'GET', '/v3/cert/lists', {
        token: who.token,
        query,
        language: 'en',
      })
    ).body;
  const detail = async (who: Session, id: string) =>
    (
      await call<z.output<typeof certDetail>>(h().app, 'GET', '/v3/cert/detail', {
        token: who.token,
        query: { id },
        language: 'en',
      })
    ).body;
  const remove = async (who: Session, id: string) =>
    (
      await call<{ id: string; count?: number; domains?: string[] }>(h().app, 'POST', '/v3/cert/delete', {
        token: who.token,
        body: { id },
        language: 'en',
      })
    ).body;

  /** One command through its single-command endpoint, once per idempotency key. */
  const command = async (who: Session, path: string, body: Record<string, unknown>) =>
    (
      await call<CommandAnswer['data']>(h().app, 'POST', path, {
        token: who.token,
        language: 'en',
        headers: { 'idempotency-key': `test-${randomUUID()}` },
        body,
      })
    ).body;
  const createDomain = async (who: Session, domain: string) => {
    const id = randomUUID();
    const answer = await command(who, domainCreate.api.path, {
      id,
      domain,
      service_type: 'web',
      area: '1',
      business_type: 'web',
      origins: [{ type: 'ip', address: '192.0.2.10', port: 80, level: 10, weight: 10 }],
      group_id: null,
      base_version: 0,
    });
    expect(answer.code, answer.msg).toBe(0);
    return id;
  };
  const associate = (who: Session, id: string, certificateId: string, base: number) =>
    command(who, httpsAssociate.api.path, { id, certificate_id: certificateId, base_version: base });
  const https = async (who: Session, id: string) =>
    (
      await call<{ domainHttps: Record<string, unknown> }>(h().app, 'GET', '/v3/domain/config/detail', {
        token: who.token,
        query: { id },
        language: 'en',
      })
    ).body.data.domainHttps;
  const expectCommandRefused = (answer: CommandAnswer, path: string, messageId: string, msg: string) => {
    expect(answer, messageId).toMatchObject({ code: 40905, msg });
    expect(answer.data.issues, messageId).toEqual([{ path, message_id: messageId }]);
  };

  it('accepts an RSA 2048 certificate with its chain, and no answer carries the private key', async () => {
    const demo = await session('demo');
    const answer = await upload(demo, {
      name: 'RSA www',
      certificate: chained('rsa'),
      key: pair('rsa').key,
    });
    expect(answer).toMatchObject({ code: 0, msg: 'Certificate uploaded.', data: { warnings: [] } });
    expect(answer.data.cert).toMatchObject({
      name: 'RSA www',
      cn: `www.${uploads}`,
      sans: [`www.${uploads}`, uploads],
      names: [`www.${uploads}`, uploads],
      wildcard: false,
      issuer: 'Test Intermediate CA',
      algorithm: 'RSA',
      key_size: 2048,
      chain_verified: true,
      status: 'notAssociated',
      domains: [],
      created_by: 'demo',
    });
    const id = answer.data.cert.id;
    const shown = await detail(demo, id);
    expect(shown.code).toBe(0);
    // The upload's answer is the entry the list and the detail show: who uploaded it by login.
    expect(shown.data.created_by).toBe('demo');
    expect(shown.data.chain.map((c) => c.subject)).toEqual([`CN=www.${uploads}`, 'CN=Test Intermediate CA']);
    const listed = await list(demo, { keyword: 'RSA www' });
    expect(listed.data.lists.map((c) => c.id)).toEqual([id]);
    for (const reply of [answer, shown, listed])
      expect(strings(reply).filter((s) => s.includes('PRIVATE KEY'))).toEqual([]);
  });

  it('reads ECDSA P-256, wildcard and multi-SAN certificates: algorithm, size and names', async () => {
    const demo = await session('demo');
    expect(await uploaded(demo, 'ec')).toMatchObject({
      algorithm: 'ECDSA',
      key_size: 256,
      names: [`api.${uploads}`],
    });
    expect(await uploaded(demo, 'wild')).toMatchObject({
      algorithm: 'RSA',
      wildcard: true,
      cn: `*.${uploads}`,
      names: [`*.${uploads}`],
    });
    expect(await uploaded(demo, 'multi')).toMatchObject({
      wildcard: false,
      sans: [`m.${uploads}`, `n.${uploads}`, `IMG.${uploads}`],
      names: [`m.${uploads}`, `n.${uploads}`, `img.${uploads}`],
    });
  });

  it('accepts an expired certificate as expired and refuses one not valid yet', async () => {
    const demo = await session('demo');
    expect(await uploaded(demo, 'expired')).toMatchObject({ status: 'expired', chain_verified: true });
    const future = await uploadLeaf(demo, 'future');
    expectRefused(future, 'certificate', 'cert.notYetValid');
    expect(future.msg).toBe('The certificate is not valid yet');
  });

  it('refuses a key of another certificate, and reads an encrypted key with its password only', async () => {
    const demo = await session('demo');
    expectRefused(await uploadLeaf(demo, 'rsa', { key: pair('ec').key }), 'key', 'cert.keyMismatch');
    const encrypted = pki.encryptedKey('rsa', 'right-password');
    expectRefused(await uploadLeaf(demo, 'rsa', { key: encrypted }), 'password', 'cert.passwordRequired');
    expectRefused(
      await uploadLeaf(demo, 'rsa', { key: encrypted, password: 'wrong-password' }),
      'password',
      'cert.passwordWrong',
    );
    const accepted = await uploadLeaf(demo, 'rsa', { key: encrypted, password: 'right-password' });
    expect(accepted.code, accepted.msg).toBe(0);
    expect(accepted.data.cert).toMatchObject({ algorithm: 'RSA', key_size: 2048, status: 'notAssociated' });
    expect(strings(accepted).filter((s) => s.includes('PRIVATE KEY'))).toEqual([]);
  });

  it('puts a chain given out of order in order; a chain that does not link waits for the force-submit', async () => {
    const demo = await session('demo');
    const reordered = await uploadLeaf(demo, 'ec', {
      certificate: `${pair('ec').cert}${root}${intermediate}`,
    });
    expect(reordered.code, reordered.msg).toBe(0);
    expect(reordered.data.cert).toMatchObject({ chain_verified: true, status: 'notAssociated' });
    const chain = (await detail(demo, reordered.data.cert.id)).data.chain;
    expect(chain.map((c) => c.subject)).toEqual([`CN=api.${uploads}`, 'CN=Test Intermediate CA', 'CN=root']);

    const broken = {
      name: `broken-${unique()}`,
      certificate: `${pair('multi').cert}${foreign}`,
      key: pair('multi').key,
    };
    const refused = await upload(demo, broken);
    expectRefused(refused, 'certificate', 'cert.chainInconsistent');
    expect(refused.data.forceable).toBe(true);
    expect((await list(demo, { keyword: broken.name })).data.lists).toEqual([]);

    const forced = await upload(demo, { ...broken, force: true });
    expect(forced.code, forced.msg).toBe(0);
    expect(forced.data.warnings).toContain('cert.chainInconsistent');
    expect(forced.data.cert).toMatchObject({ chain_verified: false, status: 'pendingAudit' });
  });

  it('refuses what is missing or incomplete, and a name the account already uses', async () => {
    const demo = await session('demo');
    const incomplete = await uploadLeaf(demo, 'rsa', { certificate: pair('rsa').cert });
    expectRefused(incomplete, 'certificate', 'cert.incomplete');
    expect(incomplete.msg).toBe('Certificate incomplete, upload failed.');
    expectRefused(await uploadLeaf(demo, 'rsa', { certificate: '' }), 'certificate', 'cert.required');
    expectRefused(await uploadLeaf(demo, 'rsa', { key: '' }), 'key', 'cert.keyRequired');

    const first = await uploadLeaf(demo, 'ec');
    expect(first.code, first.msg).toBe(0);
    const again = await upload(demo, {
      name: first.data.cert.name,
      certificate: chained('multi'),
      key: pair('multi').key,
    });
    expectRefused(again, 'name', 'cert.name.taken');
    expect((await list(demo, { keyword: first.data.cert.name })).data.total).toBe(1);
  });

  it('filters the list by keyword (a name or a SAN) and by expiry, at the 7 and 30 day boundaries', async () => {
    const demo = await session('demo');
    const tag = `lst${unique()}`;
    for (const name of ['d7', 'd8', 'd30', 'd31', 'gone']) {
      const answer = await upload(demo, {
        name: `${tag} ${name}`,
        certificate: chained(name),
        key: pair(name).key,
      });
      expect(answer.code, `${name}: ${answer.msg}`).toBe(0);
    }
    const names = async (query: Record<string, string>) =>
      (await list(demo, query)).data.lists.map((c) => c.name.slice(tag.length + 1)).sort();

    expect(await names({ keyword: `${tag} D30` })).toEqual(['d30']);
    // A SAN, in any case: found though the certificate's name does not hold it.
    expect(await names({ keyword: `D8.${lists.toUpperCase()}` })).toEqual(['d8']);
    expect(await names({ keyword: lists })).toEqual(['d30', 'd31', 'd7', 'd8', 'gone']);
    expect(await names({ keyword: tag, expiry: 'expired' })).toEqual(['gone']);
    expect(await names({ keyword: tag, expiry: 'in7' })).toEqual(['d7']);
    expect(await names({ keyword: tag, expiry: 'in30' })).toEqual(['d30', 'd7', 'd8']);
    expect(await names({ keyword: tag, expiry: 'unexpired' })).toEqual(['d30', 'd31', 'd7', 'd8']);
    const all = await list(demo, { keyword: tag });
    expect(all.data.total).toBe(5);
    expect(all.data.lists.find((c) => c.name === `${tag} gone`)?.status).toBe('expired');
  });

  it('associates a certificate with the domains it covers only, and never an expired or unknown one', async () => {
    const demo = await session('demo');
    const cert = await uploaded(demo, 'assoc');
    const a = await createDomain(demo, `a.${assoc}`);
    const b = await createDomain(demo, `b.${assoc}`);
    const apex = await createDomain(demo, assoc);
    const deep = await createDomain(demo, `x.y.${assoc}`);

    const first = await associate(demo, a, cert.id, 0);
    expect(first).toMatchObject({
      code: 0,
      msg: 'Certificate associated.',
      data: { version: 1, snapshot: { certificate_id: cert.id } },
    });
    expect((await associate(demo, b, cert.id, 0)).code).toBe(0);
    expect(await https(demo, a)).toMatchObject({ certificate_id: cert.id, version: 1 });
    expect(await https(demo, b)).toMatchObject({ certificate_id: cert.id, version: 1 });
    const listed = (await list(demo, { keyword: cert.name })).data.lists;
    expect(listed).toHaveLength(1);
    expect(listed[0]!.status).toBe('inService');
    expect(listed[0]!.domains.map((d) => [d.id, d.domain])).toEqual([
      [a, `a.${assoc}`],
      [b, `b.${assoc}`],
    ]);

    for (const uncovered of [apex, deep]) {
      expectCommandRefused(
        await associate(demo, uncovered, cert.id, 0),
        'id',
        'cert.domainNotFound',
        'Associated domain not found.',
      );
      expect(await https(demo, uncovered)).toMatchObject({ certificate_id: null, version: 0 });
    }

    const expired = await uploaded(demo, 'assoc-expired');
    expect(expired.status).toBe('expired');
    expectCommandRefused(
      await associate(demo, a, expired.id, 1),
      'certificate_id',
      'cert.expiredAssociate',
      'Certificates that have expired cannot be associated.',
    );
    expectCommandRefused(
      await associate(demo, a, randomUUID(), 1),
      'certificate_id',
      'cert.notFound',
      'The certificate does not exist',
    );
    expect(await https(demo, a)).toMatchObject({ certificate_id: cert.id, version: 1 });
  });

  it('keeps an associated certificate; HTTPS off unlinks it and turns the switches off; then it can be deleted', async () => {
    const demo = await session('demo');
    const cert = await uploaded(demo, 'unlink');
    const a = await createDomain(demo, `a.${unlink}`);
    const b = await createDomain(demo, `b.${unlink}`);
    expect((await associate(demo, a, cert.id, 0)).code).toBe(0);
    expect((await associate(demo, b, cert.id, 0)).code).toBe(0);

    const inUse = await remove(demo, cert.id);
    expect(inUse).toMatchObject({
      code: 40905,
      msg: 'The certificate is used by 2 domains. Turn HTTPS off for them or associate another certificate first.',
      data: { count: 2, domains: [`a.${unlink}`, `b.${unlink}`] },
    });
    expect((await detail(demo, cert.id)).code).toBe(0);

    const on = await command(demo, httpsSet.api.path, {
      id: a,
      content: {
        ...configSections.domainHttps.defaults,
        force_https: true,
        redirect_code: 301,
        hsts: true,
        http2: true,
      },
      base_version: 1,
    });
    expect(on.code, on.msg).toBe(0);
    expect(await https(demo, a)).toMatchObject({
      certificate_id: cert.id,
      force_https: true,
      hsts: true,
      http2: true,
      version: 2,
    });

    const off = await command(demo, httpsOff.api.path, { id: a, base_version: 2 });
    expect(off).toMatchObject({ code: 0, msg: 'HTTPS turned off.' });
    expect(await https(demo, a)).toMatchObject({
      certificate_id: null,
      force_https: false,
      redirect_code: null,
      hsts: false,
      http2: false,
      tls_versions: configSections.domainHttps.defaults.tls_versions,
      version: 3,
    });
    const kept = await detail(demo, cert.id);
    expect(kept.code).toBe(0);
    expect(kept.data).toMatchObject({ status: 'inService', domains: [{ id: b, domain: `b.${unlink}` }] });

    expect((await command(demo, httpsOff.api.path, { id: b, base_version: 1 })).code).toBe(0);
    expect((await detail(demo, cert.id)).data).toMatchObject({ status: 'notAssociated', domains: [] });
    expect(await remove(demo, cert.id)).toMatchObject({
      code: 0,
      msg: 'Certificate deleted.',
      data: { id: cert.id },
    });
    expect(await detail(demo, cert.id)).toMatchObject({ code: 40401, msg: 'The certificate does not exist' });
    expect((await list(demo, { keyword: cert.name })).data.lists).toEqual([]);
  });

  it('keeps each account to its own certificates: not listed, read, deleted nor associated by another', async () => {
    const demo = await session('demo');
    const other = await session('canvas');
    const cert = await uploaded(demo, 'boundary');
    const theirDomain = await createDomain(other, `c.${boundary}`);

    expect((await list(other)).data.lists.map((c) => c.id)).not.toContain(cert.id);
    expect((await list(other, { keyword: boundary })).data.lists).toEqual([]);
    expect(await detail(other, cert.id)).toMatchObject({
      code: 40401,
      msg: 'The certificate does not exist',
    });
    expect(await remove(other, cert.id)).toMatchObject({
      code: 40401,
      msg: 'The certificate does not exist',
    });
    expectCommandRefused(
      await associate(other, theirDomain, cert.id, 0),
      'certificate_id',
      'cert.notFound',
      'The certificate does not exist',
    );
    expect(await https(other, theirDomain)).toMatchObject({ certificate_id: null, version: 0 });

    // Still the first account's, whole; and a name is unique within one account only.
    expect((await detail(demo, cert.id)).data).toMatchObject({ id: cert.id, status: 'notAssociated' });
    const sameName = await upload(other, {
      name: cert.name,
      certificate: chained('boundary'),
      key: pair('boundary').key,
    });
    expect(sameName.code, sameName.msg).toBe(0);
    expect(sameName.data.cert.id).not.toBe(cert.id);
  });

  it('stores the private key sealed, never as PEM', async () => {
    const demo = await session('demo');
    const cert = await uploaded(demo, 'rsa');
    const rows = await h()
      .db.select({ sealed: certificates.sealedKey })
      .from(certificates)
      .where(and(eq(certificates.accountId, demo.id), eq(certificates.id, cert.id)));
    expect(rows).toHaveLength(1);
    const sealed = rows[0]!.sealed;
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(sealed).not.toContain(pair('rsa').key.split('\n')[1]);
  });
});

import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { aggregates, certificates } from '../../../server/db/schema';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { KeyVault } from '../../../server/modules/cert/key-vault';
import { seedDemoCerts } from '../../../server/seed/demo-certs';
import { seedDemoOnce } from '../../../server/seed/demo';
import type { CertEntry } from '../../../src/contract/cert';
import { call, demoPassword, describeServer, signIn } from '../../support/server-harness';

const day = 86_400_000;
const repository = fileURLToPath(new URL('../../..', import.meta.url));
/** Installed packages and history; the runtime data folder holds sealed keys only. */
const skipped = new Set(['node_modules', '.git', 'data']);
const privateKeyPem = /-----BEGIN ((?:RSA |EC |ENCRYPTED )?PRIVATE KEY)-----[\s\S]*?-----END \1-----/g;

/** Every file of the repository (up to 5 MB each), as text. */
function* repositoryFiles(dir = repository): Generator<{ path: string; text: string }> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !skipped.has(entry.name)) yield* repositoryFiles(path);
    else if (entry.isFile() && statSync(path).size <= 5_000_000)
      yield { path, text: readFileSync(path, 'utf8') };
  }
}

/** The public key of a PEM private key, as SPKI in base64; null when it is not a key that opens without a password. */
function publicKeyOf(block: string): string | null {
  let key: KeyObject;
  try {
    // Keys written in source as string literals carry `\n` escapes.
    key = createPrivateKey(block.replace(/\\n/g, '\n'));
  } catch {
    return null;
  }
  return createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');
}

const spkiOfCertificate = (pem: string) =>
  new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');

describeServer('demo certificates: made at seed time, uploaded and associated like a user’s', (h) => {
  const demoList = async (query: Record<string, string> = {}) => {
    const { token } = await signIn(h().app, 'demo');
    const { body } = await call<{ lists: CertEntry[] }>(h().app, 'GET', '/v3/cert/lists', {
      token,
      query,
      language: 'en',
    });
    expect(body.code).toBe(0);
    return body.data.lists;
  };
  const byName = (lists: CertEntry[], name: string) => {
    const found = lists.find((c) => c.name === name);
    if (!found) throw new Error(`${name} is not in the list`);
    return found;
  };
  const names = (lists: CertEntry[]) => lists.map((c) => c.name);
  const daysLeft = (cert: CertEntry) => (new Date(cert.not_after).getTime() - Date.now()) / day;

  it('lists the seven demo certificates, each in the state it shows', async () => {
    const lists = await demoList();
    expect(names(lists).sort()).toEqual(
      [
        'demo-media images',
        'demo-media www',
        'demo-shop wildcard',
        'spring promotion (old)',
        'vod (chain to check)',
        'live streaming',
        'api v2',
      ].sort(),
    );

    const wildcard = byName(lists, 'demo-shop wildcard');
    expect(wildcard).toMatchObject({ status: 'inService', wildcard: true, chain_verified: true });
    expect(wildcard.domains.length).toBeGreaterThanOrEqual(3);
    expect(daysLeft(wildcard)).toBeGreaterThan(300);

    const threeDays = byName(lists, 'demo-media www');
    expect(daysLeft(threeDays)).toBeGreaterThan(0);
    expect(daysLeft(threeDays)).toBeLessThan(5);
    expect(threeDays.status).toBe('inService');

    const in7 = names(await demoList({ expiry: 'in7' }));
    const in30 = names(await demoList({ expiry: 'in30' }));
    expect(in30).toContain('demo-media images');
    expect(in7).not.toContain('demo-media images');
    expect(in7).toContain('demo-media www');

    const expired = byName(lists, 'spring promotion (old)');
    expect(expired.status).toBe('expired');
    expect(daysLeft(expired)).toBeLessThan(-9);
    expect(names(await demoList({ expiry: 'expired' }))).toEqual(['spring promotion (old)']);

    expect(byName(lists, 'live streaming')).toMatchObject({ status: 'domainSuspended' });
    expect(byName(lists, 'api v2')).toMatchObject({ status: 'notAssociated', domains: [] });
    expect(byName(lists, 'vod (chain to check)')).toMatchObject({
      status: 'pendingAudit',
      chain_verified: false,
    });
  });

  it('says each certificate’s type and level (spec §3), and the migration reads the level of one kept without it', async () => {
    const lists = await demoList();
    expect(byName(lists, 'demo-shop wildcard')).toMatchObject({ type: 'wildcard', level: 'OV' });
    expect(byName(lists, 'demo-media images')).toMatchObject({ type: 'multiple', level: 'DV' });
    expect(byName(lists, 'demo-media www')).toMatchObject({ type: 'single', level: 'DV' });
    expect(byName(lists, 'api v2')).toMatchObject({ type: 'single', level: 'EV' });

    // As a database kept before the level was read: the migration's update reads it again.
    const demo = (await findAccountByLogin(h().db, 'demo'))!;
    await h().db.update(certificates).set({ level: '' }).where(eq(certificates.accountId, demo.id));
    const migration = readFileSync(join(repository, 'server/db/migrations/0019_cert_level.sql'), 'utf8');
    const update = migration.split('--> statement-breakpoint')[1]!;
    await h().db.execute(sql.raw(update));
    const levels = new Map(
      (await h().db.select().from(certificates).where(eq(certificates.accountId, demo.id))).map((c) => [
        c.name,
        c.level,
      ]),
    );
    expect(Object.fromEntries(levels)).toMatchObject({
      'demo-shop wildcard': 'OV',
      'demo-media www': 'DV',
      'api v2': 'EV',
    });
  });

  it('serves the wildcard over HTTPS on a domain whose HTTPS settings are on', async () => {
    const lists = await demoList();
    const wildcard = byName(lists, 'demo-shop wildcard');
    const shop = wildcard.domains.find((d) => d.domain === 'shop.demo-shop.com');
    expect(shop).toBeDefined();
    const { token } = await signIn(h().app, 'demo');
    const { body } = await call<{ domainHttps: Record<string, unknown> }>(
      h().app,
      'GET',
      '/v3/domain/config/detail',
      { token, query: { id: shop!.id }, language: 'en' },
    );
    expect(body.data.domainHttps).toMatchObject({
      certificate_id: wildcard.id,
      force_https: true,
      http2: true,
      hsts: true,
    });
  });

  it('seeds once: the seed run again neither uploads nor associates anything', async () => {
    const demo = (await findAccountByLogin(h().db, 'demo'))!;
    const httpsVersions = async () =>
      (
        await h()
          .db.select({ id: aggregates.id, version: aggregates.version })
          .from(aggregates)
          .where(eq(aggregates.kind, 'domainHttps'))
      )
        .map((a) => `${a.id}@${a.version}`)
        .sort();
    const before = { certs: (await demoList()).map((c) => c.id).sort(), https: await httpsVersions() };

    expect(
      await seedDemoOnce(h().db, {
        password: demoPassword,
        cnameSuffix: h().config.cnameSuffix,
        dataDir: h().config.dataDir,
      }),
    ).toBeNull();
    await seedDemoCerts(h().db, demo, KeyVault.open(h().config.dataDir), Date.now());

    expect((await demoList()).map((c) => c.id).sort()).toEqual(before.certs);
    expect(await httpsVersions()).toEqual(before.https);
  });

  it('keeps the keys it made in the vault only: no file of the repository holds one', async () => {
    const demo = (await findAccountByLogin(h().db, 'demo'))!;
    const rows = await h()
      .db.select({ id: certificates.id, chainPem: certificates.chainPem, sealedKey: certificates.sealedKey })
      .from(certificates)
      .where(eq(certificates.accountId, demo.id));
    expect(rows).toHaveLength(7);
    const vault = KeyVault.open(h().config.dataDir);
    const seedKeys = new Set<string>();
    for (const row of rows) {
      const spki = spkiOfCertificate(row.chainPem);
      // The vault opens the key of each certificate, and the scan below would recognise it in a file.
      const keyPem = vault.open(row.sealedKey, row.id);
      const [block] = [...keyPem.matchAll(privateKeyPem)].map((m) => m[0]);
      expect(block && publicKeyOf(block)).toBe(spki);
      seedKeys.add(spki);
    }

    let files = 0;
    const found: string[] = [];
    for (const file of repositoryFiles()) {
      files += 1;
      for (const [block] of file.text.matchAll(privateKeyPem)) {
        const spki = publicKeyOf(block);
        if (spki !== null && seedKeys.has(spki)) found.push(file.path);
      }
      if (file.path.includes(`${join('server', 'seed')}`))
        expect(file.text, file.path).not.toMatch(/BEGIN [A-Z ]*PRIVATE KEY/);
    }
    expect(files).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});

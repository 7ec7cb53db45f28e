// @peculiar/x509 resolves its parts through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { and, eq } from 'drizzle-orm';
import { commands } from '../../src/commands/registry';
import { executeCommand } from '../commands/execute';
import type { Db } from '../db/client';
import { auditEvents, certificates, domains } from '../db/schema';
import type { KeyVault } from '../modules/cert/key-vault';
import { uploadCertificate } from '../modules/cert/service';

const day = 86_400_000;
const ecdsa = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const subtle = webcrypto.subtle as unknown as SubtleCrypto;

/** One demo certificate: its names, its validity around the seed's time, the domains it serves. */
interface DemoCert {
  name: string;
  names: string[];
  /** Days before the seed it started, and days after the seed it ends (negative: it has ended). */
  startedDaysAgo: number;
  endsInDays: number;
  associate: string[];
  /** Uploaded with a chain that does not link, forced (spec §5): it waits for audit. */
  brokenChain?: boolean;
}

/** spec §9 thresholds shown by the demo: a wildcard in service, 3 and 20 days left, expired, pending audit. */
const demoCerts: DemoCert[] = [
  {
    name: 'demo-shop wildcard',
    names: ['*.demo-shop.com', 'demo-shop.com'],
    startedDaysAgo: 30,
    endsInDays: 335,
    associate: ['www.demo-shop.com', 'shop.demo-shop.com', 'api.demo-shop.com', 'cart.demo-shop.com'],
  },
  {
    name: 'demo-media www',
    names: ['www.demo-media.cn'],
    startedDaysAgo: 87,
    endsInDays: 3,
    associate: ['www.demo-media.cn'],
  },
  {
    name: 'demo-media images',
    names: ['img.demo-media.cn', 'assets.demo-media.cn'],
    startedDaysAgo: 70,
    endsInDays: 20,
    associate: ['img.demo-media.cn', 'assets.demo-media.cn'],
  },
  {
    name: 'spring promotion (old)',
    names: ['promo.demo-shop.com'],
    startedDaysAgo: 100,
    endsInDays: -10,
    associate: [],
  },
  {
    name: 'vod (chain to check)',
    names: ['vod.demo-media.cn'],
    startedDaysAgo: 5,
    endsInDays: 85,
    associate: [],
    brokenChain: true,
  },
];

const pem = (bytes: ArrayBuffer, label: string) =>
  x509.PemConverter.encode(bytes, label).replace(/\r\n/g, '\n');

/** A certificate authority made for this seed only: its keys live in memory and are gone after it. */
async function authority(name: string, issuer?: { cert: x509.X509Certificate; keys: CryptoKeyPair }) {
  const keys = (await subtle.generateKey(ecdsa, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create(
    {
      subject: `CN=${name}`,
      issuer: issuer ? issuer.cert.subject : `CN=${name}`,
      notBefore: new Date(Date.now() - 400 * day),
      notAfter: new Date(Date.now() + 3650 * day),
      signingAlgorithm: ecdsa,
      publicKey: keys.publicKey,
      signingKey: (issuer?.keys ?? keys).privateKey,
      extensions: [
        new x509.BasicConstraintsExtension(true, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      ],
    },
    webcrypto as unknown as Crypto,
  );
  return { cert, keys };
}

/**
 * The demo account's certificates (spec §2 demo data): a local certificate authority is created
 * for the seed, issues each certificate, and each is uploaded and associated through the same
 * service and commands as a user's. No private key is kept anywhere but in the vault.
 */
export async function seedDemoCerts(
  db: Db,
  account: { id: number; login: string },
  vault: KeyVault,
  now: number,
): Promise<void> {
  const existing = await db
    .select({ name: certificates.name })
    .from(certificates)
    .where(eq(certificates.accountId, account.id));
  const missing = demoCerts.filter((c) => !existing.some((e) => e.name === c.name));
  if (missing.length === 0) return;
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  const root = await authority('CDN Console Demo Root CA');
  const intermediate = await authority('CDN Console Demo Issuing CA', root);
  const stranger = await authority('Unrelated Issuing CA', await authority('Unrelated Root CA'));

  for (const demo of missing) {
    const keys = (await subtle.generateKey(ecdsa, true, ['sign', 'verify'])) as CryptoKeyPair;
    const leaf = await x509.X509CertificateGenerator.create(
      {
        subject: `CN=${demo.names[0]}`,
        issuer: intermediate.cert.subject,
        notBefore: new Date(now - demo.startedDaysAgo * day),
        notAfter: new Date(now + demo.endsInDays * day),
        signingAlgorithm: ecdsa,
        publicKey: keys.publicKey,
        signingKey: intermediate.keys.privateKey,
        extensions: [
          new x509.BasicConstraintsExtension(false),
          new x509.SubjectAlternativeNameExtension(
            demo.names.map((value) => ({ type: 'dns' as const, value })),
          ),
        ],
      },
      webcrypto as unknown as Crypto,
    );
    const chain = demo.brokenChain ? stranger.cert : intermediate.cert;
    const key = pem(await subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
    const { cert } = await uploadCertificate(
      db,
      vault,
      { accountId: account.id, actorId: account.id, origin: 'operator' },
      {
        name: demo.name,
        certificate: `${leaf.toString('pem')}\n${chain.toString('pem')}`,
        key,
        password: '',
        force: demo.brokenChain === true,
      },
      new Date(now),
    );
    for (const name of demo.associate) {
      const [domain] = await db
        .select({ id: domains.id })
        .from(domains)
        .where(and(eq(domains.accountId, account.id), eq(domains.name, name)));
      if (!domain) continue;
      // Refused when the user's own data is in the way: seed data never stops the server.
      await executeCommand(
        { db, language: 'en_US', ip: '', settings: { cnameSuffix: '' } },
        { accountId: account.id, login: account.login, viewAccountId: account.id },
        {
          key: `demo-seed.cert.${cert.id}.${domain.id}`,
          name: 'domainHttps.associate',
          aggregate_id: domain.id,
          base_version: null,
          schema_version: commands['domainHttps.associate'].schemaVersion,
          payload: { id: domain.id, certificate_id: cert.id, shown_as: name, cert_name: demo.name },
        },
        'operator',
      );
    }
  }
}

/** Whether the demo certificates were seeded once (an upload by the seed), whatever the user did with them since. */
export async function demoCertsSeeded(db: Db, accountId: number): Promise<boolean> {
  const [event] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.accountId, accountId),
        eq(auditEvents.action, 'cert.upload'),
        eq(auditEvents.origin, 'operator'),
      ),
    )
    .limit(1);
  return event !== undefined;
}

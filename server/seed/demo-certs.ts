import { KeyObject, webcrypto } from 'node:crypto';
import type * as X509 from '@peculiar/x509';
import { and, eq, inArray } from 'drizzle-orm';
import { commands } from '../../src/commands/registry';
import { executeCommand, type CommandContext } from '../commands/execute';
import { ownPrincipal } from '../authz/principal';
import type { Db } from '../db/client';
import type { Account } from '../modules/account/service';
import { certificates, domains } from '../db/schema';
import { hasAuditEvent } from '../modules/audit/service';
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
  /** The validation its policy names (spec §3 level); domain validation when not given. */
  level?: 'OV' | 'EV';
}

/** The CA/Browser Forum policy identifier of each level. */
const levelPolicy = { DV: '2.23.140.1.2.1', OV: '2.23.140.1.2.2', EV: '2.23.140.1.1' } as const;

/** spec §9 thresholds shown by the demo: a wildcard in service, 3 and 20 days left, expired, pending audit. */
const demoCerts: DemoCert[] = [
  {
    name: 'demo-shop wildcard',
    names: ['*.demo-shop.com', 'demo-shop.com'],
    startedDaysAgo: 30,
    endsInDays: 335,
    // Not www.demo-shop.com: it stays the demo's domain with HTTPS settings and no certificate.
    associate: ['demo-shop.com', 'shop.demo-shop.com', 'api.demo-shop.com', 'cart.demo-shop.com'],
    level: 'OV',
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
  {
    name: 'live streaming',
    names: ['live.demo-media.cn'],
    startedDaysAgo: 40,
    endsInDays: 200,
    // live.demo-media.cn is suspended by the domain seed: its only domain is, so is the certificate.
    associate: ['live.demo-media.cn'],
  },
  {
    name: 'api v2',
    names: ['api-v2.demo-shop.com'],
    startedDaysAgo: 2,
    endsInDays: 363,
    associate: [],
    level: 'EV',
  },
];

/**
 * @peculiar/x509, loaded only when a certificate is to be made: a server whose demo data is
 * complete starts without it (about 130 ms of loading).
 */
async function loadX509(): Promise<typeof X509> {
  // @peculiar/x509 resolves its parts through tsyringe, which needs the Reflect metadata API.
  await import('reflect-metadata');
  const x509 = await import('@peculiar/x509');
  x509.cryptoProvider.set(webcrypto as unknown as Crypto);
  return x509;
}

/** A certificate authority made for this seed only: its keys live in memory and are gone after it. */
async function authority(
  x509: typeof X509,
  name: string,
  now: number,
  issuer?: { cert: X509.X509Certificate; keys: CryptoKeyPair },
) {
  const keys = (await subtle.generateKey(ecdsa, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create(
    {
      subject: `CN=${name}`,
      issuer: issuer ? issuer.cert.subject : `CN=${name}`,
      notBefore: new Date(now - 400 * day),
      notAfter: new Date(now + 3650 * day),
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

type Authority = Awaited<ReturnType<typeof authority>>;

interface Authorities {
  x509: typeof X509;
  issuing: Authority;
  /** An intermediate of an unrelated root: the chain that does not link. */
  stranger: Authority;
}

/** The seed's issuing CA under its root, and a stranger's. */
async function authorities(now: number): Promise<Authorities> {
  const x509 = await loadX509();
  const root = await authority(x509, 'CDN Console Demo Root CA', now);
  const issuing = await authority(x509, 'CDN Console Demo Issuing CA', now, root);
  const strangerRoot = await authority(x509, 'Unrelated Root CA', now);
  const stranger = await authority(x509, 'Unrelated Issuing CA', now, strangerRoot);
  return { x509, issuing, stranger };
}

/** Issues `demo` with a fresh key and uploads it like the upload endpoint; answers its id. */
async function issueAndUpload(
  db: Db,
  vault: KeyVault,
  account: { id: number; login: string },
  demo: DemoCert,
  ca: Authorities,
  now: number,
): Promise<string> {
  const { x509 } = ca;
  const keys = (await subtle.generateKey(ecdsa, true, ['sign', 'verify'])) as CryptoKeyPair;
  const leaf = await x509.X509CertificateGenerator.create(
    {
      subject: `CN=${demo.names[0]}`,
      issuer: ca.issuing.cert.subject,
      notBefore: new Date(now - demo.startedDaysAgo * day),
      notAfter: new Date(now + demo.endsInDays * day),
      signingAlgorithm: ecdsa,
      publicKey: keys.publicKey,
      signingKey: ca.issuing.keys.privateKey,
      extensions: [
        new x509.BasicConstraintsExtension(false),
        new x509.SubjectAlternativeNameExtension(
          demo.names.map((value) => ({ type: 'dns' as const, value })),
        ),
        new x509.CertificatePolicyExtension([levelPolicy[demo.level ?? 'DV']]),
      ],
    },
    webcrypto as unknown as Crypto,
  );
  const chain = demo.brokenChain ? ca.stranger.cert : ca.issuing.cert;
  const { cert } = await uploadCertificate(
    db,
    vault,
    { accountId: account.id, actorId: account.id, login: account.login, origin: 'operator' },
    {
      name: demo.name,
      certificate: `${leaf.toString('pem')}\n${chain.toString('pem')}`,
      key: KeyObject.from(keys.privateKey).export({ type: 'pkcs8', format: 'pem' }).toString(),
      password: '',
      force: demo.brokenChain === true,
    },
    new Date(now),
  );
  return cert.id;
}

/**
 * The demo account's certificates (spec §2 demo data): a local certificate authority is created
 * for the seed, issues each certificate, and each is uploaded and associated through the same
 * service and commands as a user's. No private key is kept anywhere but in the vault.
 *
 * Resumable like the rest of the seed: a certificate the account already has by its name is not
 * uploaded again (the CA is made only when one is missing), and its associations are sent again
 * under the same idempotency keys, so those already applied have no effect.
 */
export async function seedDemoCerts(db: Db, account: Account, vault: KeyVault, now: number): Promise<void> {
  const existing = new Map(
    (
      await db
        .select({ id: certificates.id, name: certificates.name })
        .from(certificates)
        .where(eq(certificates.accountId, account.id))
    ).map((c) => [c.name, c.id]),
  );
  const domainIds = new Map(
    (
      await db
        .select({ id: domains.id, name: domains.name })
        .from(domains)
        .where(
          and(
            eq(domains.accountId, account.id),
            inArray(
              domains.name,
              demoCerts.flatMap((c) => c.associate),
            ),
          ),
        )
    ).map((d) => [d.name, d.id]),
  );
  const ctx: CommandContext = {
    db,
    language: 'en_US',
    ip: '',
    now: () => new Date(now),
    settings: { cnameSuffix: '' },
  };
  // The account's own principal: its commands pass the same gate as a user's.
  const actor = await ownPrincipal({ db }, account);
  let ca: Authorities | undefined;
  for (const demo of demoCerts) {
    let certId = existing.get(demo.name);
    if (certId === undefined) {
      ca ??= await authorities(now);
      certId = await issueAndUpload(db, vault, account, demo, ca, now);
    }
    for (const name of demo.associate) {
      const domainId = domainIds.get(name);
      if (domainId === undefined) continue;
      // Refused when the user's own data is in the way: seed data never stops the server.
      await executeCommand(
        ctx,
        actor,
        {
          key: `demo-seed.cert.${certId}.${domainId}`,
          name: 'domainHttps.associate',
          aggregate_id: domainId,
          base_version: null,
          schema_version: commands['domainHttps.associate'].schemaVersion,
          payload: { id: domainId, certificate_id: certId, shown_as: name, cert_name: demo.name },
        },
        'operator',
      );
    }
  }
}

/** Whether the demo certificates were seeded once (an upload by the seed), whatever the user did with them since. */
export const demoCertsSeeded = (db: Db, accountId: number) =>
  hasAuditEvent(db, { accountId, action: 'cert.upload', origin: 'operator' });

import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';

/**
 * An uploaded certificate as the console keeps it (spec §3 Certificate): what the leaf says and the
 * chain it came with, in order from the leaf.
 */
export interface ParsedCert {
  /** The subject's common name ('' when it has none). */
  cn: string;
  /** The DNS names of the subject alternative names, in their order. */
  sans: string[];
  /** Every name it covers: the CN and the SANs, once each, lower case. */
  names: string[];
  wildcard: boolean;
  issuer: string;
  algorithm: 'RSA' | 'ECDSA';
  /** The validation level its policies name (CA/Browser Forum identifiers); '' when none. */
  level: CertLevel;
  /** RSA: the modulus length; ECDSA: the curve's size. */
  keySize: number;
  curve: string | null;
  notBefore: Date;
  notAfter: Date;
  serial: string;
  fingerprint256: string;
  /** The leaf then its chain, each in PEM, in the order that links them. */
  chainPem: string[];
  /** The private key, unencrypted, in PKCS#8 PEM: the store encrypts it before it is kept. */
  keyPem: string;
}

/** Why an upload is refused; `forceable` problems are accepted again with `force` (spec §5). */
export type CertProblem =
  | 'cert.required'
  | 'cert.keyRequired'
  | 'cert.passwordRequired'
  | 'cert.passwordWrong'
  | 'cert.invalid'
  | 'cert.keyInvalid'
  | 'cert.incomplete'
  | 'cert.keyMismatch'
  | 'cert.chainInconsistent'
  | 'cert.sm2'
  | 'cert.algorithm'
  | 'cert.notYetValid'
  | 'cert.keyTooCostly';

export const forceableProblems: ReadonlySet<CertProblem> = new Set(['cert.chainInconsistent']);

export interface CertUpload {
  /** The certificate and its chain, PEM, in one text (the leaf first, as CDN consoles take it). */
  certificate: string;
  key: string;
  /** The password of an encrypted private key; '' for none. */
  password: string;
  /** Accept a chain that does not link (spec §5 force-submit). */
  force: boolean;
}

export type CertParse =
  { ok: true; cert: ParsedCert; warnings: CertProblem[] } | { ok: false; problem: CertProblem };

const pemBlocks = (text: string, label: string) =>
  text.match(new RegExp(`-----BEGIN ${label}-----[\\s\\S]+?-----END ${label}-----`, 'g')) ?? [];

/** The DNS names of a certificate's subject alternative names. */
const dnsNames = (cert: X509Certificate) =>
  (cert.subjectAltName ?? '')
    .split(/,\s*/)
    .filter((part) => part.startsWith('DNS:'))
    .map((part) => part.slice(4).trim());

export type CertLevel = 'DV' | 'OV' | 'EV' | '';

/**
 * The CA/Browser Forum policy identifiers, as DER, by the level they name: extended validation
 * (2.23.140.1.1), organization and individual validation (2.23.140.1.2.2, .3), domain validation
 * (2.23.140.1.2.1). Node does not read certificate policies; migration 0019 reads stored
 * certificates the same way.
 */
const levelPolicies: [Exclude<CertLevel, ''>, Buffer[]][] = [
  ['EV', [Buffer.from('060567810c0101', 'hex')]],
  ['OV', [Buffer.from('060667810c010202', 'hex'), Buffer.from('060667810c010203', 'hex')]],
  ['DV', [Buffer.from('060667810c010201', 'hex')]],
];
export const levelOf = (cert: X509Certificate): CertLevel =>
  levelPolicies.find(([, oids]) => oids.some((oid) => cert.raw.includes(oid)))?.[0] ?? '';

/** The OID of the SM2 curve (1.2.156.10197.1.301), as DER: Node does not name SM2 keys. */
const sm2Curve = Buffer.from('06082a811ccf5501822d', 'hex');
const isSm2 = (cert: X509Certificate) => cert.raw.includes(sm2Curve);

const commonName = (cert: X509Certificate) => /(?:^|\n)CN=([^\n]*)/.exec(cert.subject)?.[1]?.trim() ?? '';

/** PBKDF2's OID (1.2.840.113549.1.5.12), as DER. */
const pbkdf2Oid = Buffer.from('06092a864886f70d01050c', 'hex');

/**
 * The PBKDF2 rounds an encrypted PKCS#8 key asks for (PBES2), or 0 when it names none. Read from
 * the DER before the key is opened: the rounds are the uploader's to choose, and each costs the
 * server's CPU.
 */
export function pbkdf2Rounds(keyPem: string): number {
  const block = pemBlocks(keyPem, 'ENCRYPTED PRIVATE KEY')[0];
  if (!block) return 0;
  const der = Buffer.from(block.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  const at = der.indexOf(pbkdf2Oid);
  if (at < 0) return 0;
  // PBKDF2-params ::= SEQUENCE { salt OCTET STRING, iterationCount INTEGER, ... }
  let i = at + pbkdf2Oid.length;
  const length = () => {
    const first = der[i++] ?? 0;
    if (first < 0x80) return first;
    let value = 0;
    for (let n = first & 0x7f; n > 0; n--) value = value * 256 + (der[i++] ?? 0);
    return value;
  };
  if (der[i++] !== 0x30) return 0;
  length();
  if (der[i++] !== 0x04) return 0;
  const saltLength = length();
  i += saltLength;
  if (der[i++] !== 0x02) return 0;
  const size = length();
  if (size > 6) return Number.MAX_SAFE_INTEGER;
  let rounds = 0;
  for (let n = 0; n < size; n++) rounds = rounds * 256 + (der[i++] ?? 0);
  return rounds;
}

/** Rounds beyond which an encrypted key is refused unopened (tools default to 2,048–600,000). */
export const pbkdf2RoundsMax = 1_000_000;

/** The key of an upload: refused when absent, encrypted without (or with a wrong) password, or unreadable. */
function readKey(upload: CertUpload): KeyObject | CertProblem {
  if (upload.key.trim() === '') return 'cert.keyRequired';
  const encrypted = /ENCRYPTED/.test(upload.key);
  if (encrypted && upload.password === '') return 'cert.passwordRequired';
  if (encrypted && pbkdf2Rounds(upload.key) > pbkdf2RoundsMax) return 'cert.keyTooCostly';
  try {
    return createPrivateKey(encrypted ? { key: upload.key, passphrase: upload.password } : upload.key);
  } catch {
    return encrypted ? 'cert.passwordWrong' : 'cert.keyInvalid';
  }
}

/**
 * Orders a leaf's chain: each certificate issued by the next. Answers the ordered chain, or null
 * when the given certificates do not link into one chain from the leaf (one is missing, foreign or
 * left over).
 */
function linkChain(leaf: X509Certificate, rest: X509Certificate[]): X509Certificate[] | null {
  const ordered = [leaf];
  const left = [...rest];
  while (left.length > 0) {
    const last = ordered[ordered.length - 1]!;
    const next = left.findIndex((c) => last.checkIssued(c) && last.verify(c.publicKey));
    if (next < 0) return null;
    ordered.push(left.splice(next, 1)[0]!);
  }
  return ordered;
}

/**
 * Reads an upload (spec §5 "Certificates", §8 upload messages): certificate, key and, for an
 * encrypted key, its password required; a leaf alone refused ('Certificate incomplete'); the key
 * must be the certificate's; RSA and ECDSA only (national-crypto SM2 refused with its own message);
 * a chain that does not link refused unless forced. A chain given out of order is put in order.
 */
export function parseUpload(upload: CertUpload, now: Date = new Date()): CertParse {
  if (upload.certificate.trim() === '') return { ok: false, problem: 'cert.required' };
  const blocks = pemBlocks(upload.certificate, 'CERTIFICATE');
  if (blocks.length === 0) return { ok: false, problem: 'cert.invalid' };
  let certs: X509Certificate[];
  try {
    certs = blocks.map((block) => new X509Certificate(block));
  } catch {
    return { ok: false, problem: 'cert.invalid' };
  }
  const [leaf, ...rest] = certs as [X509Certificate, ...X509Certificate[]];
  const type = leaf.publicKey.asymmetricKeyType;
  if (isSm2(leaf)) return { ok: false, problem: 'cert.sm2' };
  if (type !== 'rsa' && type !== 'ec') return { ok: false, problem: 'cert.algorithm' };
  if (rest.length === 0) return { ok: false, problem: 'cert.incomplete' };
  const key = readKey(upload);
  if (typeof key === 'string') return { ok: false, problem: key };
  if (!leaf.checkPrivateKey(key)) return { ok: false, problem: 'cert.keyMismatch' };
  if (new Date(leaf.validFrom) > now) return { ok: false, problem: 'cert.notYetValid' };

  const warnings: CertProblem[] = [];
  let chain = linkChain(leaf, rest);
  if (!chain) {
    if (!upload.force) return { ok: false, problem: 'cert.chainInconsistent' };
    warnings.push('cert.chainInconsistent');
    chain = certs;
  }
  const details = leaf.publicKey.asymmetricKeyDetails ?? {};
  const cn = commonName(leaf);
  const sans = dnsNames(leaf);
  const names = [...new Set([cn, ...sans].filter((n) => n !== '').map((n) => n.toLowerCase()))];
  const curveSizes: Record<string, number> = { prime256v1: 256, secp384r1: 384, secp521r1: 521 };
  return {
    ok: true,
    warnings,
    cert: {
      cn,
      sans,
      names,
      wildcard: names.some((n) => n.startsWith('*.')),
      issuer: /(?:^|\n)CN=([^\n]*)/.exec(leaf.issuer)?.[1]?.trim() ?? leaf.issuer,
      algorithm: type === 'rsa' ? 'RSA' : 'ECDSA',
      level: levelOf(leaf),
      keySize: type === 'rsa' ? (details.modulusLength ?? 0) : (curveSizes[details.namedCurve ?? ''] ?? 0),
      curve: type === 'ec' ? (details.namedCurve ?? null) : null,
      notBefore: new Date(leaf.validFrom),
      notAfter: new Date(leaf.validTo),
      serial: leaf.serialNumber,
      fingerprint256: leaf.fingerprint256,
      chainPem: chain.map((c) => c.toString().trim()),
      keyPem: key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  parseUpload,
  pbkdf2Rounds,
  pbkdf2RoundsMax,
  type CertUpload,
} from '../../../server/modules/cert/parse';
import { TestPki } from '../../support/certs';

const day = 86_400_000;
let pki: TestPki;
let root: string;
let intermediate: string;
let rsa: { cert: string; key: string };
let ecdsa: { cert: string; key: string };
let wildcard: { cert: string; key: string };

beforeAll(() => {
  pki = new TestPki();
  root = pki.root('root');
  pki.key('inter', { rsa: 2048 });
  intermediate = pki.issue('inter', 'root', { ca: true, cn: 'Test Intermediate CA' });
  rsa = { key: pki.key('rsa', { rsa: 2048 }), cert: '' };
  rsa.cert = pki.issue('rsa', 'inter', {
    cn: 'www.example.com',
    dns: ['www.example.com', 'example.com', 'IMG.example.com'],
  });
  ecdsa = { key: pki.key('ec', { curve: 'prime256v1' }), cert: '' };
  ecdsa.cert = pki.issue('ec', 'inter', { cn: 'api.example.com', dns: ['api.example.com'] });
  wildcard = { key: pki.key('wild', { rsa: 2048 }), cert: '' };
  wildcard.cert = pki.issue('wild', 'inter', { cn: '*.example.com', dns: ['*.example.com'], days: 400 });
});
afterAll(() => pki?.dispose());

const upload = (over: Partial<CertUpload>): CertUpload => ({
  certificate: rsa.cert + intermediate,
  key: rsa.key,
  password: '',
  force: false,
  ...over,
});

describe('certificate upload checks (spec §5, §8)', () => {
  it('reads an RSA 2048 certificate with its chain: names, algorithm, validity, the chain in order', () => {
    const parsed = parseUpload(upload({}));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.cert).toMatchObject({
      cn: 'www.example.com',
      sans: ['www.example.com', 'example.com', 'IMG.example.com'],
      names: ['www.example.com', 'example.com', 'img.example.com'],
      wildcard: false,
      issuer: 'Test Intermediate CA',
      algorithm: 'RSA',
      keySize: 2048,
    });
    expect(parsed.cert.chainPem).toHaveLength(2);
    expect(parsed.cert.notAfter.getTime() - parsed.cert.notBefore.getTime()).toBeGreaterThan(89 * day);
    expect(parsed.cert.keyPem).toContain('BEGIN PRIVATE KEY');
  });

  it('reads ECDSA P-256 and wildcard certificates', () => {
    const ec = parseUpload(upload({ certificate: ecdsa.cert + intermediate, key: ecdsa.key }));
    expect(ec).toMatchObject({ ok: true, cert: { algorithm: 'ECDSA', keySize: 256, curve: 'prime256v1' } });
    const wild = parseUpload(upload({ certificate: wildcard.cert + intermediate, key: wildcard.key }));
    expect(wild).toMatchObject({ ok: true, cert: { wildcard: true, names: ['*.example.com'] } });
  });

  it('reads the level from the CA/Browser Forum policies (DV, OV, EV), none when they name none', () => {
    for (const [policies, expected] of [
      [['2.23.140.1.2.1'], 'DV'],
      [['2.23.140.1.2.2'], 'OV'],
      [['2.23.140.1.2.3'], 'OV'],
      [['1.3.6.1.4.1.34697.2.1', '2.23.140.1.1'], 'EV'],
      [['1.3.6.1.4.1.44947.1.1.1'], ''],
      [[], ''],
    ] as const) {
      const key = pki.key('lvl', { curve: 'prime256v1' });
      const cert = pki.issue('lvl', 'inter', {
        cn: 'lvl.example.com',
        dns: ['lvl.example.com'],
        policies: [...policies],
      });
      const parsed = parseUpload(upload({ certificate: cert + intermediate, key }));
      expect(parsed, policies.join(',')).toMatchObject({ ok: true, cert: { level: expected } });
    }
    // The RSA certificate of the other tests names no policy.
    expect(parseUpload(upload({}))).toMatchObject({ ok: true, cert: { level: '' } });
  });

  it('refuses what is missing: the certificate, the key, the password of an encrypted key', () => {
    expect(parseUpload(upload({ certificate: ' ' }))).toEqual({ ok: false, problem: 'cert.required' });
    expect(parseUpload(upload({ key: '' }))).toEqual({ ok: false, problem: 'cert.keyRequired' });
    const encrypted = pki.encryptedKey('rsa', 's3cret-pass');
    expect(parseUpload(upload({ key: encrypted }))).toEqual({ ok: false, problem: 'cert.passwordRequired' });
    expect(parseUpload(upload({ key: encrypted, password: 'wrong' }))).toEqual({
      ok: false,
      problem: 'cert.passwordWrong',
    });
    expect(parseUpload(upload({ key: encrypted, password: 's3cret-pass' })).ok).toBe(true);
  });

  it('reads the rounds of an encrypted key before opening it, and refuses one that asks too many', () => {
    expect(pbkdf2Rounds(pki.encryptedKey('rsa', 'pass', 5000))).toBe(5000);
    expect(pbkdf2Rounds(rsa.key)).toBe(0);
    const costly = pki.encryptedKey('rsa', 'pass', pbkdf2RoundsMax + 1);
    expect(pbkdf2Rounds(costly)).toBe(pbkdf2RoundsMax + 1);
    // The right password, yet refused: the key was never opened (no million rounds on the request path).
    expect(parseUpload(upload({ key: costly, password: 'pass' }))).toEqual({
      ok: false,
      problem: 'cert.keyTooCostly',
    });
  });

  it('refuses a leaf alone, a key of another certificate and what is not PEM', () => {
    expect(parseUpload(upload({ certificate: rsa.cert }))).toEqual({ ok: false, problem: 'cert.incomplete' });
    expect(parseUpload(upload({ key: ecdsa.key }))).toEqual({ ok: false, problem: 'cert.keyMismatch' });
    expect(parseUpload(upload({ certificate: 'not a certificate' }))).toEqual({
      ok: false,
      problem: 'cert.invalid',
    });
    expect(
      parseUpload(upload({ key: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----' })),
    ).toEqual({
      ok: false,
      problem: 'cert.keyInvalid',
    });
  });

  it('puts a chain given out of order in order; a chain that does not link needs the force-submit', () => {
    const outOfOrder = parseUpload(upload({ certificate: rsa.cert + root + intermediate }));
    expect(outOfOrder.ok).toBe(true);
    if (outOfOrder.ok)
      expect(outOfOrder.cert.chainPem.map((p) => p.slice(-80))).toEqual(
        [rsa.cert, intermediate, root].map((p) => p.trim().slice(-80)),
      );
    const foreign = pki.root('foreign');
    expect(parseUpload(upload({ certificate: rsa.cert + foreign }))).toEqual({
      ok: false,
      problem: 'cert.chainInconsistent',
    });
    const forced = parseUpload(upload({ certificate: rsa.cert + foreign, force: true }));
    expect(forced).toMatchObject({ ok: true, warnings: ['cert.chainInconsistent'] });
  });

  it('refuses a certificate not valid yet; an expired one is read (association refuses it)', () => {
    const parsed = parseUpload(upload({}));
    if (!parsed.ok) throw new Error('expected a certificate');
    const before = new Date(parsed.cert.notBefore.getTime() - day);
    expect(parseUpload(upload({}), before)).toEqual({ ok: false, problem: 'cert.notYetValid' });
    const after = new Date(parsed.cert.notAfter.getTime() + day);
    expect(parseUpload(upload({}), after).ok).toBe(true);
  });

  it('refuses national-crypto SM2 certificates with their own message', () => {
    pki.key('sm2', { curve: 'SM2' });
    let sm2: string;
    try {
      sm2 = pki.issue('sm2', 'inter', { cn: 'sm2.example.com', dns: ['sm2.example.com'] });
    } catch {
      return; // this OpenSSL cannot make SM2 certificates
    }
    expect(
      parseUpload(upload({ certificate: sm2 + intermediate, key: pki.key('sm2b', { curve: 'SM2' }) })),
    ).toEqual({
      ok: false,
      problem: 'cert.sm2',
    });
  });
});

import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { KeyVault } from '../../../server/modules/cert/key-vault';

const dir = mkdtempSync(join(tmpdir(), 'cdn-vault-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const key = '-----BEGIN PRIVATE KEY-----\nMIIB...\n-----END PRIVATE KEY-----\n';

describe('the private keys at rest', () => {
  it('are sealed with a key made once under DATA_DIR (mode 0600) and kept across starts', () => {
    const vault = KeyVault.open(dir, undefined);
    const sealed = vault.seal(key, 'cert-1');
    expect(sealed).not.toContain('PRIVATE KEY');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(statSync(join(dir, 'cert-vault.key')).mode & 0o777).toBe(0o600);
    const first = readFileSync(join(dir, 'cert-vault.key'), 'utf8');
    const again = KeyVault.open(dir, undefined);
    expect(readFileSync(join(dir, 'cert-vault.key'), 'utf8')).toBe(first);
    expect(again.open(sealed, 'cert-1')).toBe(key);
  });

  it('do not open for another certificate, with another key, or once changed', () => {
    const vault = KeyVault.open(dir, undefined);
    const sealed = vault.seal(key, 'cert-1');
    expect(() => vault.open(sealed, 'cert-2')).toThrow();
    expect(() => KeyVault.open(dir, Buffer.alloc(32, 7).toString('base64')).open(sealed, 'cert-1')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() =>
      vault.open([...parts.slice(0, 3), body.toString('base64url')].join('.'), 'cert-1'),
    ).toThrow();
    // Two seals of one key differ (a fresh IV each time).
    expect(vault.seal(key, 'cert-1')).not.toBe(vault.seal(key, 'cert-1'));
  });

  it('take CERT_KEY from the environment when given, refusing a key of the wrong size', () => {
    const fromEnv = KeyVault.open(join(dir, 'unused'), Buffer.alloc(32, 1).toString('base64'));
    expect(fromEnv.open(fromEnv.seal('k', 'c'), 'c')).toBe('k');
    expect(() => KeyVault.open(dir, Buffer.alloc(16).toString('base64'))).toThrow(/32 bytes/);
  });
});

import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { join } from 'node:path';

/**
 * The private keys of uploaded certificates are kept encrypted (AES-256-GCM) with a server key:
 * `CERT_KEY` (32 bytes, base64) when given, else `DATA_DIR/cert-vault.key`, made once (mode 0600)
 * and kept. The database alone never reveals a key; no call ever answers one.
 */
export class KeyVault {
  private constructor(private readonly key: Buffer) {}

  /** The vault of a server: its key from the environment's `CERT_KEY`, or its data folder. */
  static open(dataDir: string, fromEnv: string | undefined = process.env.CERT_KEY): KeyVault {
    if (fromEnv) {
      const key = Buffer.from(fromEnv, 'base64');
      if (key.length !== 32) throw new Error('CERT_KEY must be 32 bytes in base64');
      return new KeyVault(key);
    }
    const file = join(dataDir, 'cert-vault.key');
    if (!existsSync(file)) {
      mkdirSync(dataDir, { recursive: true });
      writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
    }
    return KeyVault.open(dataDir, readFileSync(file, 'utf8').trim());
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url; the certificate's id is bound to it (a key moved to another row does not open). */
  /** A key for another purpose (signed links), derived from the vault key: never the key itself. */
  derive(purpose: string): Buffer {
    return Buffer.from(hkdfSync('sha256', this.key, Buffer.alloc(0), purpose, 32));
  }

  seal(plain: string, boundTo: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The plain text of `seal`; throws when the text was changed, sealed for another id or with another key. */
  open(sealed: string, boundTo: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed key');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}

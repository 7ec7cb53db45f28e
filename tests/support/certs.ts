import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Certificates made for a test with the machine's `openssl`: a root CA, an intermediate CA, and
 * leaves of either algorithm, with the names asked for. Everything lives in a temporary folder.
 */
export class TestPki {
  readonly dir = mkdtempSync(join(tmpdir(), 'cdn-pki-'));
  private serial = 1;

  private run(...args: string[]) {
    return execFileSync('openssl', args, { cwd: this.dir, stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  }
  private read(name: string) {
    return readFileSync(join(this.dir, name), 'utf8');
  }

  /** A private key: RSA of `bits`, or an EC key on `curve` (prime256v1, SM2). */
  key(name: string, kind: { rsa: number } | { curve: string }): string {
    if ('rsa' in kind)
      this.run(
        'genpkey',
        '-algorithm',
        'RSA',
        '-pkeyopt',
        `rsa_keygen_bits:${kind.rsa}`,
        '-out',
        `${name}.key`,
      );
    else
      this.run(
        'genpkey',
        '-algorithm',
        'EC',
        '-pkeyopt',
        `ec_paramgen_curve:${kind.curve}`,
        '-out',
        `${name}.key`,
      );
    return this.read(`${name}.key`);
  }

  /** The key of `name` encrypted with a password (PKCS#8, AES-256; PBKDF2 `rounds` when given). */
  encryptedKey(name: string, password: string, rounds?: number): string {
    this.run(
      'pkcs8',
      '-topk8',
      '-in',
      `${name}.key`,
      ...(rounds ? ['-iter', String(rounds)] : []),
      '-v2',
      'aes-256-cbc',
      '-passout',
      `pass:${password}`,
      '-out',
      `${name}.enc.key`,
    );
    return this.read(`${name}.enc.key`);
  }

  /** A self-signed CA certificate. */
  root(name: string): string {
    this.key(name, { rsa: 2048 });
    this.run(
      'req',
      '-x509',
      '-new',
      '-key',
      `${name}.key`,
      '-subj',
      `/CN=${name}`,
      '-days',
      '3650',
      '-out',
      `${name}.pem`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    );
    return this.read(`${name}.pem`);
  }

  /** A certificate for `name`'s key (made first), issued by `issuer`: a CA, or a leaf with DNS names. */
  issue(
    name: string,
    issuer: string,
    options: { ca?: boolean; cn?: string; dns?: string[]; days?: number; policies?: string[] } = {},
  ): string {
    this.run(
      'req',
      '-new',
      '-key',
      `${name}.key`,
      '-subj',
      `/CN=${options.cn ?? name}`,
      '-out',
      `${name}.csr`,
    );
    const ext = options.ca
      ? 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n'
      : `basicConstraints=CA:FALSE\n${options.dns?.length ? `subjectAltName=${options.dns.map((d) => `DNS:${d}`).join(',')}\n` : ''}${options.policies?.length ? `certificatePolicies=${options.policies.join(',')}\n` : ''}`;
    writeFileSync(join(this.dir, `${name}.ext`), ext);
    this.run(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${issuer}.pem`,
      '-CAkey',
      `${issuer}.key`,
      '-set_serial',
      String(this.serial++),
      '-days',
      String(options.days ?? 90),
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    );
    return this.read(`${name}.pem`);
  }

  dispose() {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomSecret } from '../http/crypto';

export const operatorKeyFile = (dataDir: string) => join(dataDir, 'operator.key');

/** Writes a fresh random operator key (mode 0600) at every start and returns it. */
export function writeOperatorKey(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const key = randomSecret();
  const file = operatorKeyFile(dataDir);
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return key;
}

export function readOperatorKey(dataDir: string): string | null {
  try {
    return readFileSync(operatorKeyFile(dataDir), 'utf8').trim() || null;
  } catch {
    return null;
  }
}

import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `<DATA_DIR>/server.json`, next to the operator key: which process serves this DATA_DIR and, once
 * it listens, at which address. `npm run admin` reads it to reach that server whatever its PORT,
 * and never opens the embedded database itself while the process lives.
 */
export const serverFile = (dataDir: string) => join(dataDir, 'server.json');

export interface ServerRecord {
  pid: number;
  /** Absent while the server starts (opening the database, migrating, seeding). */
  url?: string;
}

export function recordServer(dataDir: string, record: ServerRecord): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(serverFile(dataDir), `${JSON.stringify(record)}\n`, { mode: 0o600 });
}

export function readServerRecord(dataDir: string): ServerRecord | null {
  try {
    const value: unknown = JSON.parse(readFileSync(serverFile(dataDir), 'utf8'));
    if (typeof value !== 'object' || value === null) return null;
    const { pid, url } = value as Record<string, unknown>;
    if (typeof pid !== 'number' || !Number.isInteger(pid) || pid <= 0) return null;
    return typeof url === 'string' && url !== '' ? { pid, url } : { pid };
  } catch {
    return null;
  }
}

/** Removes the record when it is this process's (another instance may have written its own since). */
export function forgetServer(dataDir: string, pid: number): void {
  if (readServerRecord(dataDir)?.pid === pid) rmSync(serverFile(dataDir), { force: true });
}

/** Whether a process with this id exists (a record left by a killed server names a dead one). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

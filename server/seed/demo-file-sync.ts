import { everything } from '../modules/user/scope';
import { createHash } from 'node:crypto';
import { fileSyncLimits } from '../../src/contract/file-sync';
import type { Db } from '../db/client';
import type { Account } from '../modules/account/service';
import { appendChunk, createUpload, deleteTask, listTasks } from '../modules/file-sync/service';
import { FileSyncStore } from '../modules/file-sync/store';
import { FileSyncVerifier } from '../modules/file-sync/verifier';
import { seedUuid } from './plan';

const mib = 1024 * 1024;
const hour = 3_600_000;

/** Bytes that look like a file's, the same on every machine. */
function demoBytes(size: number, seed: string): Buffer {
  const out = Buffer.alloc(size);
  let block = createHash('sha256').update(seed).digest();
  for (let at = 0; at < size; at += block.length) {
    block.copy(out, at);
    block = createHash('sha256').update(block).digest();
  }
  return out;
}

/** name, size, hours ago, what became of it */
const demoFiles: readonly [string, number, number, 'kept' | 'deleted' | 'partial' | 'corrupt'][] = [
  ['firmware-v5.0.bin', 3 * mib, 70, 'deleted'],
  ['dataset-2026-10.csv', 1 * mib, 50, 'corrupt'],
  ['app-release-3.2.0.apk', 6 * mib, 26, 'kept'],
  ['promo-2026-winter.mp4', 12 * mib + 345_678, 5, 'kept'],
  ['backup-2026-11.tar.gz', 20 * mib, 1, 'partial'],
];

export async function demoFileSyncSeeded(db: Db, accountId: number): Promise<boolean> {
  return (await listTasks(db, accountId, everything.owners)).lists.length > 0;
}

/**
 * The demo's large-file sync, uploaded through the services a user's calls take: two files kept,
 * one deleted afterwards (its delete task), one refused for a wrong MD5, one stopped part-way
 * (resumable from the console with the same file).
 */
export async function seedDemoFileSync(db: Db, demo: Account, dataDir: string, now: number): Promise<void> {
  if (await demoFileSyncSeeded(db, demo.id)) return;
  const store = new FileSyncStore(dataDir);
  const verifier = new FileSyncVerifier(db, store);
  const actor = { accountId: demo.id, actorId: demo.id, origin: 'operator' as const };
  for (const [name, size, hoursAgo, fate] of demoFiles) {
    const at = new Date(now - hoursAgo * hour);
    const bytes = demoBytes(size, name);
    const md5 =
      fate === 'corrupt'
        ? demoBytes(16, 'other').toString('hex')
        : createHash('md5').update(bytes).digest('hex');
    const id = seedUuid(`file-sync.${name}`);
    await createUpload(db, store, actor, { id, name, size, md5 }, at);
    const end = fate === 'partial' ? 8 * mib : size;
    for (let offset = 0; offset < end; offset += fileSyncLimits.chunkBytes) {
      const chunk = bytes.subarray(offset, Math.min(end, offset + fileSyncLimits.chunkBytes));
      await appendChunk(db, store, demo.id, { id, offset }, chunk, new Date(at.getTime() + 60_000));
    }
    if (fate !== 'partial') await verifier.verifyOne(() => new Date(at.getTime() + 90_000));
    if (fate === 'deleted') await deleteTask(db, store, actor, id, new Date(at.getTime() + 20 * hour));
  }
}

import { createHash } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, open, rename, rm, statfs, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The bytes of the large-file sync: DATA_DIR/file-sync/<account>/<task id>, with `.part` while
 * the upload is under way. Files are named by their task's id, never by what the user typed.
 */
export class FileSyncStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'file-sync');
  }

  private dir(accountId: number) {
    return join(this.root, String(accountId));
  }

  partPath(accountId: number, id: string) {
    return join(this.dir(accountId), `${id}.part`);
  }

  filePath(accountId: number, id: string) {
    return join(this.dir(accountId), id);
  }

  /**
   * Writes `bytes` at `offset` of the upload's part (created on its first chunk), on the disk
   * before it answers: the bytes the task records as received survive a crash of the machine.
   */
  async write(accountId: number, id: string, offset: number, bytes: Uint8Array): Promise<void> {
    await mkdir(this.dir(accountId), { recursive: true });
    // Created on the first chunk; written at positions (no append), so a chunk sent twice lands once.
    const handle = await open(this.partPath(accountId, id), constants.O_WRONLY | constants.O_CREAT);
    try {
      let written = 0;
      while (written < bytes.length) {
        const { bytesWritten } = await handle.write(bytes, written, bytes.length - written, offset + written);
        written += bytesWritten;
      }
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }

  /**
   * The MD5 (hex) of the first `size` bytes of the part; of the stored file when the part was
   * already kept (its server stopped before recording it).
   */
  async md5(accountId: number, id: string, size: number): Promise<string> {
    let path = this.partPath(accountId, id);
    try {
      await truncate(path, size);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      path = this.filePath(accountId, id);
    }
    const hash = createHash('md5');
    await pipeline(createReadStream(path, { highWaterMark: 1024 * 1024 }), hash);
    return hash.digest('hex');
  }

  /** The part becomes the stored file (already done when there is no part but the file). */
  async keep(accountId: number, id: string): Promise<void> {
    try {
      await rename(this.partPath(accountId, id), this.filePath(accountId, id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await access(this.filePath(accountId, id));
    }
  }

  /** Removes what the task holds: its part and its file. */
  async remove(accountId: number, id: string): Promise<void> {
    await rm(this.partPath(accountId, id), { force: true });
    await rm(this.filePath(accountId, id), { force: true });
  }

  /** Bytes free on the disk that holds the store. */
  async freeBytes(): Promise<number> {
    await mkdir(this.root, { recursive: true });
    const stats = await statfs(this.root);
    return stats.bavail * stats.bsize;
  }
}

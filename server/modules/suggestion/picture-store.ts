import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

const extensions: Record<string, string> = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/gif': '.gif',
  'image/svg+xml': '.svg',
};

/**
 * Where feedback pictures live: files under `<DATA_DIR>/uploads/feedback/<account>/`, named by
 * the picture's id, never by the name the user gave. The database keeps only their metadata and
 * the path relative to the store, so storing or reading a picture never occupies the database
 * (with the embedded one, a 5 MB value blocked the event loop for seconds).
 *
 * On a multi-instance deployment `DATA_DIR/uploads` is a volume every instance mounts.
 */
export class PictureStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = resolve(dataDir, 'uploads');
  }

  /** The absolute path of a stored picture; refuses paths that would leave the store. */
  pathOf(relative: string): string {
    const path = resolve(this.root, relative);
    if (!path.startsWith(this.root + sep)) throw new Error(`picture path outside the store: ${relative}`);
    return path;
  }

  /** Writes a picture (to a temporary name first, so a half-written file is never taken for one). */
  async write(accountId: number, id: string, mime: string, bytes: Uint8Array): Promise<string> {
    const relative = join('feedback', String(accountId), `${id}${extensions[mime] ?? ''}`);
    const path = this.pathOf(relative);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.part`;
    await writeFile(partial, bytes);
    await rename(partial, path);
    return relative;
  }

  /** Removes stored pictures; ones already gone are no error. */
  async remove(relatives: readonly (string | null)[]): Promise<void> {
    for (const relative of relatives) if (relative) await rm(this.pathOf(relative), { force: true });
  }
}

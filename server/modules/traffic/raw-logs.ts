import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { retentionDays, statsOffsetMs } from '../../../src/contract/traffic';
import { floorTo } from './aggregate';
import type { ParsedLine } from './ingest';

const gzipAsync = promisify(gzip);

/**
 * The raw access logs, kept for log download: one gzip file per domain and hour,
 * `<dir>/<account>/<domain id>/<YYYYMMDDHH>.log.gz` (hours of UTC+8). Each batch is appended as a
 * gzip member of its own; a gzip reader reads the members one after another as one text.
 */
export class RawLogs {
  constructor(readonly dir: string) {}

  static hourName(at: number): string {
    return new Date(floorTo(at, 3_600_000) + statsOffsetMs).toISOString().replace(/\D/g, '').slice(0, 10);
  }

  folder(accountId: number, domainId: string): string {
    return join(this.dir, String(accountId), domainId);
  }

  /**
   * Appends lines within the raw retention to their hour's file. The files are compressed on
   * the thread pool, together, while the caller goes on (the rollups' writes, for one).
   */
  async append(lines: readonly ParsedLine[], now: number): Promise<void> {
    const oldest = now - retentionDays.rawLogs * 86_400_000;
    // Domain, then hour: a line's group is found without building a key.
    const groups = new Map<string, Map<number, { hit: ParsedLine['hit']; raws: string[] }>>();
    for (const { hit, raw } of lines) {
      if (hit.at < oldest || raw === '') continue;
      let hours = groups.get(hit.domainId);
      if (!hours) {
        hours = new Map();
        groups.set(hit.domainId, hours);
      }
      const at = floorTo(hit.at, 3_600_000);
      let group = hours.get(at);
      if (!group) {
        group = { hit, raws: [] };
        hours.set(at, group);
      }
      group.raws.push(raw);
    }
    await Promise.all(
      [...groups.values()]
        .flatMap((hours) => [...hours.values()])
        .map(async ({ hit, raws }) => {
          const folder = this.folder(hit.accountId, hit.domainId);
          const packed = await gzipAsync(`${raws.join('\n')}\n`, { level: 4 });
          await mkdir(folder, { recursive: true });
          await appendFile(join(folder, `${RawLogs.hourName(hit.at)}.log.gz`), packed);
        }),
    );
  }

  /** The hourly files of a domain between two times, with their sizes. */
  async list(accountId: number, domainId: string, from: number, to: number) {
    const folder = this.folder(accountId, domainId);
    if (!existsSync(folder)) return [];
    const first = RawLogs.hourName(from);
    const last = RawLogs.hourName(to - 1);
    const names = (await readdir(folder)).filter((n) => /^\d{10}\.log\.gz$/.test(n)).sort();
    const files: { hour: string; name: string; size: number }[] = [];
    for (const name of names) {
      const stamp = name.slice(0, 10);
      if (stamp < first || stamp > last) continue;
      const { size } = await stat(join(folder, name));
      const hourAt =
        Date.UTC(+stamp.slice(0, 4), +stamp.slice(4, 6) - 1, +stamp.slice(6, 8), +stamp.slice(8, 10)) -
        statsOffsetMs;
      files.push({ hour: new Date(hourAt).toISOString(), name, size });
    }
    return files;
  }

  /** Removes the files past the raw retention. */
  async dropExpired(now: number): Promise<number> {
    if (!existsSync(this.dir)) return 0;
    const cutoff = RawLogs.hourName(now - retentionDays.rawLogs * 86_400_000);
    let removed = 0;
    for (const account of await readdir(this.dir)) {
      for (const domain of await readdir(join(this.dir, account)).catch(() => [])) {
        const folder = join(this.dir, account, domain);
        for (const name of await readdir(folder).catch(() => [])) {
          if (/^\d{10}\.log\.gz$/.test(name) && name.slice(0, 10) < cutoff) {
            await rm(join(folder, name), { force: true });
            removed++;
          }
        }
      }
    }
    return removed;
  }
}

import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { retentionDays, statsOffsetMs } from '../../../src/contract/traffic';
import { floorTo } from './aggregate';
import type { ParsedLine, RawLine } from './read-lines';

/** Lines of one domain and hour, compressed as one gzip member. */
export interface PackedLog {
  accountId: number;
  domainId: string;
  /** A time within the hour. */
  at: number;
  bytes: Uint8Array;
}

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
   * The lines from `from` on (the caller keeps it within the raw retention), grouped by domain and
   * hour and compressed: one gzip member per file. Lines read from a body are copied from it as they came. Pure and synchronous: it
   * runs in the ingestion workers, off the event loop.
   */
  static pack(lines: readonly ParsedLine[], from: number, body?: Uint8Array): PackedLog[] {
    const source = body && Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    // Domain, then hour: a line's group is found without building a key.
    const groups = new Map<string, Map<number, { hit: ParsedLine['hit']; raws: RawLine[]; size: number }>>();
    for (const { hit, raw } of lines) {
      if (hit.at < from || raw === '') continue;
      let hours = groups.get(hit.domainId);
      if (!hours) {
        hours = new Map();
        groups.set(hit.domainId, hours);
      }
      const at = floorTo(hit.at, 3_600_000);
      let group = hours.get(at);
      if (!group) {
        group = { hit, raws: [], size: 0 };
        hours.set(at, group);
      }
      group.raws.push(raw);
      group.size += (typeof raw === 'string' ? Buffer.byteLength(raw) : raw.to - raw.from) + 1;
    }
    return [...groups.values()]
      .flatMap((hours) => [...hours.values()])
      .map(({ hit, raws, size }) => {
        const text = Buffer.allocUnsafe(size);
        let at = 0;
        for (const raw of raws) {
          if (typeof raw === 'string') at += text.write(raw, at);
          else at += source!.copy(text, at, raw.from, raw.to);
          text[at++] = 10;
        }
        return {
          accountId: hit.accountId,
          domainId: hit.domainId,
          at: hit.at,
          bytes: new Uint8Array(gzipSync(text, { level: 1 })),
        };
      });
  }

  /** Appends packed lines to their hour's files, in the order given. */
  async write(packed: readonly PackedLog[]): Promise<void> {
    const files = new Map<string, { folder: string; parts: Uint8Array[] }>();
    for (const part of packed) {
      const folder = this.folder(part.accountId, part.domainId);
      const file = join(folder, `${RawLogs.hourName(part.at)}.log.gz`);
      const entry = files.get(file) ?? { folder, parts: [] };
      entry.parts.push(part.bytes);
      files.set(file, entry);
    }
    await Promise.all(
      [...files].map(async ([file, { folder, parts }]) => {
        await mkdir(folder, { recursive: true });
        await appendFile(file, parts.length === 1 ? parts[0]! : Buffer.concat(parts));
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

import { logLine, retentionDays, trafficLimits, type IngestResult } from '../../../src/contract/traffic';
import type { Db } from '../../db/client';
import { liveDomainsByName } from '../domain/service';
import { addHits, capDims, emptyRollup, finish, type Hit, type Rollup } from './aggregate';
import { placeOf } from './geo';
import type { RawLogs } from './raw-logs';
import { writeRollup } from './store';

/**
 * Access-log lines in: read (JSON lines), checked against the documented line format, matched to
 * their domain, placed by client address, summed into rollups and written, the raw lines kept
 * per domain and hour. The same path serves the edge's ingestion call, the operator's file feed
 * and the demo's history.
 */

export interface ParsedLine {
  hit: Hit;
  raw: string;
}

interface Problem {
  line: number;
  reason: string;
}

const errorsMax = 20;
const day = 86_400_000;
/** Lines stamped further ahead than this are refused (an edge with a wrong clock). */
const futureMs = 10 * 60_000;

/** Reads NDJSON text; lines of unknown or deleted domains, malformed or too old ones are refused. */
export async function readLines(
  db: Db,
  text: string | readonly unknown[],
  now: number,
): Promise<{ lines: ParsedLine[]; rejected: number; errors: Problem[] }> {
  const errors: Problem[] = [];
  let rejected = 0;
  const refuse = (line: number, reason: string) => {
    rejected++;
    if (errors.length < errorsMax) errors.push({ line, reason });
  };
  const parsed: { line: number; raw: string; value: ReturnType<typeof logLine.parse> }[] = [];
  let lineNo = 0;
  let start = 0;
  // Lines given as objects (a bulk load made in this process) skip only the JSON text.
  if (typeof text !== 'string') {
    for (const json of text) {
      lineNo++;
      const checked = logLine.safeParse(json);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        refuse(lineNo, `${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'invalid'}`);
        continue;
      }
      // The raw text is written only for lines the raw files keep.
      const at = typeof checked.data.time === 'number' ? checked.data.time : Date.parse(checked.data.time);
      const raw = at >= now - retentionDays.rawLogs * day ? JSON.stringify(json) : '';
      parsed.push({ line: lineNo, raw, value: checked.data });
    }
  }
  while (typeof text === 'string' && start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const raw = text.slice(start, end).trim();
    start = end + 1;
    lineNo++;
    if (raw === '') continue;
    if (parsed.length + rejected >= trafficLimits.ingestLinesMax) {
      refuse(lineNo, 'too many lines in one call');
      continue;
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      refuse(lineNo, 'not JSON');
      continue;
    }
    const checked = logLine.safeParse(json);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      refuse(lineNo, `${issue?.path.join('.') || 'line'}: ${issue?.message ?? 'invalid'}`);
      continue;
    }
    parsed.push({ line: lineNo, raw, value: checked.data });
  }
  const names = [...new Set(parsed.map((p) => p.value.domain.toLowerCase()))];
  const found = new Map((await liveDomainsByName(db, names)).map((d) => [d.name, d]));
  const oldest = now - retentionDays.day * day;
  const lines: ParsedLine[] = [];
  for (const { line, raw, value } of parsed) {
    const domain = found.get(value.domain.toLowerCase());
    if (!domain) {
      refuse(line, `unknown domain ${value.domain.slice(0, 100)}`);
      continue;
    }
    const at = typeof value.time === 'number' ? value.time : Date.parse(value.time);
    if (at < oldest || at > now + futureMs) {
      refuse(line, 'time out of range');
      continue;
    }
    const place = placeOf(value.client);
    lines.push({
      raw,
      hit: {
        accountId: domain.accountId,
        domainId: domain.id,
        host: domain.name,
        at,
        client: value.client,
        region: place.region,
        carrier: place.carrier,
        method: value.method.toUpperCase(),
        url: value.url.slice(0, trafficLimits.urlMax),
        status: value.status,
        bytes: value.bytes,
        rtMs: Math.round(value.request_time * 1000),
        hit: value.cache === 'HIT',
        ua: value.ua.slice(0, trafficLimits.uaMax),
        referer: value.referer.slice(0, trafficLimits.refererMax),
        blockedBy: value.blocked_by,
        sample: value.sample,
      },
    });
  }
  return { lines, rejected, errors };
}

/**
 * Sums lines into a finished rollup (the pure part, shared by every path in). The report
 * dimensions keep each batch's busiest keys and count the rest as "other", as the hourly
 * compaction does to the tables: client addresses are nearly all distinct, and writing each one
 * would cost more than the rest of the batch together.
 */
export function rollupOf(lines: readonly ParsedLine[]): Rollup {
  const rollup = emptyRollup();
  addHits(
    rollup,
    lines.map((l) => l.hit),
  );
  return capDims(finish(rollup), trafficLimits.dimKeysMax);
}

/** One batch: read, sum, write the rollups, keep the raw lines. */
export async function ingestText(
  db: Db,
  raw: RawLogs | null,
  text: string,
  now: number,
): Promise<IngestResult> {
  const { lines, rejected, errors } = await readLines(db, text, now);
  // The raw files are compressed off the main thread while the rollups are written.
  await Promise.all([writeRollup(db, rollupOf(lines), now), raw?.append(lines, now)]);
  return { accepted: lines.length, rejected, errors };
}

/**
 * A bulk load (the demo's history, a file the operator feeds): the chunks are read one after
 * another into one rollup, written once, and the report dimensions of the range compacted.
 */
export async function ingestBulk(
  db: Db,
  raw: RawLogs | null,
  chunks: Iterable<string | readonly unknown[]>,
  now: number,
  options: { rawFrom?: number } = {},
): Promise<IngestResult> {
  const rollup = emptyRollup();
  const result: IngestResult = { accepted: 0, rejected: 0, errors: [] };
  for (const chunk of chunks) {
    const { lines, rejected, errors } = await readLines(db, chunk, now);
    addHits(
      rollup,
      lines.map((l) => l.hit),
    );
    if (raw)
      await raw.append(options.rawFrom ? lines.filter((l) => l.hit.at >= options.rawFrom!) : lines, now);
    result.accepted += lines.length;
    result.rejected += rejected;
    result.errors.push(...errors.slice(0, errorsMax - result.errors.length));
  }
  await writeRollup(db, capDims(finish(rollup), trafficLimits.dimKeysMax), now);
  return result;
}

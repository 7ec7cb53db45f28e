import { retentionDays } from '../../../src/contract/traffic';
import { generateLines, type GenerateOptions } from './generator';
import { RawLogs } from './raw-logs';
import { rollupRows, type RollupRows } from './rollup-rows';
import {
  domainNamesOf,
  placeLines,
  rollupOf,
  scanText,
  scanValues,
  type DomainRef,
  type Problem,
  type Scan,
  type Share,
} from './read-lines';

/**
 * One piece of reading for an ingestion worker: lines in (an edge's body, values, or the demo
 * generator's lines), checked, matched to the domains the caller looks up, summed into a rollup,
 * the raw lines compressed per domain and hour. Pure apart from the question for the domains.
 */
export type Source =
  | { kind: 'text'; bytes: Uint8Array; share?: Share }
  | { kind: 'values'; values: readonly unknown[] }
  | { kind: 'generate'; options: GenerateOptions };

export interface Job {
  source: Source;
  now: number;
  /** Raw lines are kept from here on (and within the raw retention). */
  rawFrom?: number;
  /** Known up front (the demo's history); otherwise asked for with the names the lines give. */
  domains?: readonly DomainRef[];
  /** Where the raw lines are kept (none when absent). */
  logDir?: string;
  /**
   * Raw lines are kept only once the caller says so (`release`): an edge's batch is kept when its
   * sums were written, and not at all when it had been counted before.
   */
  hold?: boolean;
}

/**
 * A piece's finished rollup as the rows to add. The report dimensions of a piece keep their
 * busiest keys, as every call's do: the hourly compaction trims what several calls left together.
 */
export interface JobSums {
  rows: RollupRows;
  accepted: number;
  rejected: number;
  errors: Problem[];
}

/** The caller's lookup of the domains a piece's lines name. */
export type AskDomains = (names: string[]) => Promise<readonly DomainRef[]>;

const day = 86_400_000;

/**
 * Reads and sums a piece, gives its sums (`report`: the caller writes them), then keeps its raw
 * lines under `job.logDir`: compressing them costs about as much as the rest, and is done while
 * the caller writes the sums. A job that holds its lines writes them when `release` answers true.
 */
export async function runJob(
  job: Job,
  ask: AskDomains,
  report: (sums: JobSums) => void,
  release: () => Promise<boolean> = () => Promise.resolve(true),
): Promise<void> {
  const rawFrom = Math.max(job.rawFrom ?? -Infinity, job.now - retentionDays.rawLogs * day);
  const { source } = job;
  let scan: Scan;
  // Lines given as values are written as text only when they are kept.
  const textFrom = job.logDir ? rawFrom : Infinity;
  if (source.kind === 'text') scan = scanText(source.bytes, source.share);
  else if (source.kind === 'values') scan = scanValues(source.values, textFrom);
  else scan = scanValues(generateLines(source.options), textFrom);
  const domains = job.domains ?? (await ask(domainNamesOf(scan)));
  const { lines, rejected, errors } = placeLines(scan, domains, job.now);
  report({ rows: rollupRows(rollupOf(lines), job.now), accepted: lines.length, rejected, errors });
  if (!job.logDir) return;
  const packed = RawLogs.pack(lines, rawFrom, source.kind === 'text' ? source.bytes : undefined);
  if (job.hold && !(await release())) return;
  await new RawLogs(job.logDir).write(packed);
}

import { trafficLimits } from '../../../src/contract/traffic';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { Leases, onOneInstance } from '../../jobs/leases';
import { dropOldBatches } from './edge-batches';
import { RawLogs } from './raw-logs';
import { compactDims, dropExpired, ensurePartitions } from './store';

const hour = 3_600_000;
const day = 86_400_000;

/**
 * The traffic tables' upkeep, at start and then every hour: partitions for the next two days,
 * partitions and raw files past their retention dropped, the report dimensions of the hours and
 * days that ended compacted to their busiest keys, the edges' batch ids past their keeping forgotten.
 */
export async function maintainTraffic(db: Db, raw: RawLogs, now: number): Promise<void> {
  await ensurePartitions(db, now - day, now + 2 * day);
  await dropExpired(db, now);
  await raw.dropExpired(now);
  await dropOldBatches(db, now);
  await compactDims(db, now - 2 * day, Math.floor(now / hour) * hour, trafficLimits.dimKeysMax);
}

/** The upkeep at start and then hourly, on one instance of those sharing the database. */
export function startTrafficMaintenance(db: Db, config: Config): () => Promise<void> {
  const raw = new RawLogs(config.logDir);
  return onOneInstance(new Leases(db), 'traffic.maintenance', () => maintainTraffic(db, raw, Date.now()), {
    everyMs: hour,
    onError: (error) => console.error('traffic maintenance failed:', error),
  });
}

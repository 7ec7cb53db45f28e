import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Account } from '../modules/account/service';
import { liveDomainsByName } from '../modules/domain/service';
import { generatedTrafficDomains } from '../modules/traffic/generated-domains';
import { writeRuns } from '../modules/traffic/ingest';
import { ingestPool } from '../modules/traffic/ingest-pool';
import { rowsOf } from '../modules/traffic/store';
import { statsDayStart } from '../../src/contract/traffic';

export async function demoTrafficSeeded(db: Db, accountId: number): Promise<boolean> {
  const [row] = rowsOf<{ found: number }>(
    await db.execute(sql`select 1 as found from traffic_1d where account_id = ${accountId} limit 1`),
  );
  return row !== undefined;
}

/**
 * `days` of history for the demo domains, up to now, through the bulk path of the ingestion:
 * two lines per domain every five minutes, each standing for as many requests as the domain's
 * bandwidth then needs (the line's `sample`). A day at a time, newest first, so the days a user
 * looks at first are there first: the workers make and sum the next days while this one is
 * written. Raw files are kept for the last two days.
 */
export async function seedDemoTraffic(
  db: Db,
  account: Account,
  options: { days: number; now: number; logDir?: string | undefined; onDay?: (done: number) => void },
): Promise<number> {
  if (options.days <= 0 || (await demoTrafficSeeded(db, account.id))) return 0;
  const domains = await generatedTrafficDomains(db, account.id);
  if (domains.length === 0) return 0;
  const refs = await liveDomainsByName(
    db,
    domains.map((d) => d.name),
  );
  const step = 5 * 60_000;
  const day = 86_400_000;
  const end = Math.floor(options.now / step) * step;
  const pool = ingestPool();
  // Day boundaries of UTC+8, so each load fills whole days of the daily rollups.
  const today = statsDayStart(end);
  const days: { from: number; to: number }[] = [];
  for (let i = 0; i <= options.days; i++) {
    const from = Math.max(today - i * day, end - options.days * day);
    const to = i === 0 ? end : today - (i - 1) * day;
    if (to > from) days.push({ from, to });
  }
  const read = ({ from, to }: { from: number; to: number }) => {
    const run = pool.run(
      {
        source: {
          kind: 'generate',
          options: { domains, from, to, stepMs: step, perStep: 2, seed: 20261124 + Math.floor(from / day) },
        },
        now: options.now,
        rawFrom: end - 2 * day,
        domains: refs,
        ...(options.logDir ? { logDir: options.logDir } : {}),
      },
      () => Promise.resolve(refs),
    );
    // A day read ahead that fails is reported when its turn comes.
    run.catch(() => {});
    return run;
  };
  // As many days read ahead as there are workers: memory stays a few days' sums.
  const ahead = days.slice(0, pool.size).map(read);
  let accepted = 0;
  for (let i = 0; i < days.length; i++) {
    const result = await ahead[i]!;
    if (i + pool.size < days.length) ahead.push(read(days[i + pool.size]!));
    await writeRuns(db, [result]);
    accepted += result.sums.accepted;
    options.onDay?.(i + 1);
  }
  return accepted;
}

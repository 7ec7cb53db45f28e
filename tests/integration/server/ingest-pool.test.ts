import { describe, expect, it } from 'vitest';
import { IngestPool } from '../../../server/modules/traffic/ingest-pool';

const now = Date.UTC(2026, 10, 24, 2, 0, 0);
const line = (domain: string) =>
  JSON.stringify({
    time: now - 60_000,
    domain,
    client: '1.2.3.4',
    method: 'GET',
    url: '/',
    status: 200,
    bytes: 100,
    request_time: 0.01,
    cache: 'HIT',
  });
const domains = [{ id: 'd1', accountId: 1, name: 'a.example.com' }];
const textJob = (text: string) => ({
  source: { kind: 'text' as const, bytes: new TextEncoder().encode(text) },
  now,
});
const known = () => Promise.resolve(domains);

describe('the ingestion workers', () => {
  it('ask for the domains a piece names, and give its sums', async () => {
    const pool = new IngestPool(1);
    try {
      const asked: string[][] = [];
      const run = await pool.run(textJob(`${line('A.example.com')}\n${line('b.example.com')}`), (names) => {
        asked.push(names);
        return Promise.resolve(domains);
      });
      await run.kept;
      expect(asked).toEqual([['a.example.com', 'b.example.com']]);
      expect(run.sums).toMatchObject({
        accepted: 1,
        rejected: 1,
        errors: [{ line: 2, reason: 'unknown domain b.example.com' }],
      });
      expect(run.sums.rows.chunks.map((c) => c.table)).toContain('traffic_1m');
    } finally {
      await pool.close();
    }
  });

  it('refuse a piece that fails, a piece whose lookup fails, and go on with the next', async () => {
    const pool = new IngestPool(1);
    try {
      const broken = pool.run({ source: { kind: 'generate', options: null as never }, now, domains }, known);
      await expect(broken).rejects.toThrow();
      const lookup = pool.run(textJob(line('a.example.com')), () =>
        Promise.reject(new Error('database gone')),
      );
      await expect(lookup).rejects.toThrow('database gone');
      const run = await pool.run(textJob(line('a.example.com')), known);
      expect(run.sums.accepted).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('start a worker again after one died, refusing what it held', async () => {
    const pool = new IngestPool(1);
    try {
      const first = await pool.run(textJob(line('a.example.com')), known);
      expect(first.sums.accepted).toBe(1);
      // The worker is stopped from outside while it waits for its domains.
      const held = pool.run(textJob(line('a.example.com')), async () => {
        await pool.close();
        return domains;
      });
      await expect(held).rejects.toThrow(/exited/);
      const again = await pool.run(textJob(line('a.example.com')), known);
      expect(again.sums.accepted).toBe(1);
    } finally {
      await pool.close();
    }
  });
});

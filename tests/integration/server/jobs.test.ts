import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { dropLeases, Leases, onOneInstance } from '../../../server/jobs/leases';
import { describeServer } from '../../support/server-harness';

/**
 * Background work is done by the one instance holding its lease (server/jobs): the others are
 * refused while it renews it, and take the job once it stops renewing (a crash) or gives it up.
 */
describeServer('background work on one instance', (h) => {
  const t0 = new Date('2026-11-28T08:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  let n = 0;
  const job = () => `test.job.${h().kind}.${++n}`;

  it('is held by one holder until its lease runs out', async () => {
    const name = job();
    const a = new Leases(h().db, 'instance-a');
    const b = new Leases(h().db, 'instance-b');
    expect(await a.take(name, 60_000, t0)).toBe(true);
    expect(await b.take(name, 60_000, at(1_000))).toBe(false);
    // The holder renews its lease; the other is still refused past the first lease's end.
    expect(await a.take(name, 60_000, at(50_000))).toBe(true);
    expect(await b.take(name, 60_000, at(70_000))).toBe(false);
    // Not renewed (the holder crashed): the lease runs out and the other takes the job.
    expect(await b.take(name, 60_000, at(110_000))).toBe(true);
    expect(await a.take(name, 60_000, at(111_000))).toBe(false);
  });

  it('is taken at once by another holder when its holder gives it up', async () => {
    const name = job();
    const a = new Leases(h().db, 'instance-a');
    const b = new Leases(h().db, 'instance-b');
    expect(await a.take(name, 60_000, t0)).toBe(true);
    await b.release(name); // not b's: nothing changes
    expect(await b.take(name, 60_000, at(1_000))).toBe(false);
    await a.release(name);
    expect(await b.take(name, 60_000, at(2_000))).toBe(true);
  });

  it('is taken at once by a new holder once the leases are dropped (a restart on the embedded database)', async () => {
    const name = job();
    expect(await new Leases(h().db, 'killed').take(name, 60_000, t0)).toBe(true);
    const restarted = new Leases(h().db, 'restarted');
    expect(await restarted.take(name, 60_000, at(1_000))).toBe(false);
    await dropLeases(h().db);
    expect(await restarted.take(name, 60_000, at(2_000))).toBe(true);
  });

  it('goes to exactly one of many holders asking at the same moment', async () => {
    const name = job();
    const holders = Array.from({ length: 12 }, (_, i) => new Leases(h().db, `instance-${i}`));
    const answers = await Promise.all(holders.map((l) => l.take(name, 60_000, t0)));
    expect(answers.filter(Boolean)).toHaveLength(1);
    const [row] = (
      await h().db.execute<{ holder: string }>(sql`select holder from job_leases where name = ${name}`)
    ).rows;
    expect(row?.holder).toBe(`instance-${answers.indexOf(true)}`);
  });

  it('runs a repeated job on one instance, and on another once the first stops', async () => {
    const name = job();
    const runs = { a: 0, b: 0 };
    const stopA = onOneInstance(new Leases(h().db, 'instance-a'), name, async () => void runs.a++, {
      everyMs: 40,
    });
    await vi.waitFor(() => expect(runs.a).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    const stopB = onOneInstance(new Leases(h().db, 'instance-b'), name, async () => void runs.b++, {
      everyMs: 40,
    });
    await vi.waitFor(() => expect(runs.a).toBeGreaterThanOrEqual(6), { timeout: 10_000 });
    expect(runs.b).toBe(0);
    await stopA();
    const stoppedAt = runs.a;
    await vi.waitFor(() => expect(runs.b).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(runs.a).toBe(stoppedAt);
    await stopB();
  });
});

import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { openDatabase, setupLockKey, type Database, type Db } from '../../../server/db/client';
import { accounts, channelCustomers, domains, serviceApplications } from '../../../server/db/schema';
import { isSeeded, seedDemo, seedDemoOnce } from '../../../server/seed/demo';
import { demoPassword, describeServer, freshDatabase, freshPostgres } from '../../support/server-harness';

const seedOptions = { password: demoPassword, cnameSuffix: 'cdn.example-edge.net', customers: 5 };

/** Stops the seed at a chosen step: a constraint the step's write breaks. */
async function failing(db: Db, constraint: string, check: string, work: () => Promise<unknown>) {
  await db.execute(sql.raw(`alter table accounts add constraint ${constraint} check (${check}) not valid`));
  try {
    await expect(work()).rejects.toThrow();
  } finally {
    await db.execute(sql.raw(`alter table accounts drop constraint ${constraint}`));
  }
}

describeServer('database setup: migrations and the demo seed', (h, kind) => {
  it('completes a demo seed that stopped part-way, creating nothing twice', async () => {
    const { database, drop } = await freshDatabase(h().kind);
    try {
      const db = database.db;
      // Stopped between applying for the channel account and approving it ...
      await failing(db, 'seed_stop_approve', "login <> 'channel' or service_status <> 'open'", () =>
        seedDemo(db, seedOptions),
      );
      expect(await isSeeded(db)).toBe(false);
      const [channel] = await db.select().from(accounts).where(eq(accounts.login, 'channel'));
      expect(channel?.serviceStatus).toBe('auditing');
      // ... then, resumed, among the customer accounts.
      await failing(db, 'seed_stop_customer', "login <> 'customer03'", () => seedDemoOnce(db, seedOptions));
      expect(await isSeeded(db)).toBe(false);
      expect(await seedDemoOnce(db, seedOptions)).toEqual(expect.any(Number));
      expect(await isSeeded(db)).toBe(true);
      expect(await seedDemoOnce(db, seedOptions)).toBeNull();

      const rows = await db.select().from(accounts).orderBy(accounts.id);
      expect(rows.map((a) => a.login).sort()).toEqual(
        [
          'canvas',
          'channel',
          'customer01',
          'customer02',
          'customer03',
          'customer04',
          'customer05',
          'demo',
          'demo-analyst',
          'newbie',
          'unverified',
        ].sort(),
      );
      const status = Object.fromEntries(rows.map((a) => [a.login, [a.serviceStatus, a.realNameVerified]]));
      for (const login of ['demo', 'channel', 'canvas', 'customer01', 'customer03', 'customer05'])
        expect(status[login], login).toEqual(['open', true]);
      expect(status.newbie).toEqual(['not_open', true]);
      expect(status.unverified).toEqual(['not_open', false]);
      // One application per opened account, each approved; the demo's 31 domains; five linked customers.
      const applications = await db.select().from(serviceApplications);
      expect(applications).toHaveLength(8);
      expect(new Set(applications.map((a) => a.accountId)).size).toBe(8);
      expect(applications.every((a) => a.status === 'approved')).toBe(true);
      const [domainCount] = await db.select({ n: count() }).from(domains);
      expect(domainCount?.n).toBe(31);
      const links = await db
        .select()
        .from(channelCustomers)
        .where(eq(channelCustomers.channelId, channel!.id));
      expect(links).toHaveLength(5);
    } finally {
      await drop();
    }
  });

  // PGlite is opened by one process at a time; PostgreSQL serves instances that start together.
  if (kind !== 'postgres') return;

  it('runs migrations and the seed once when instances start together (advisory lock)', async () => {
    // Another instance holds the setup lock: this one waits before migrating anything.
    const locked = await freshPostgres();
    const holder = new pg.Client({ connectionString: locked.url });
    await holder.connect();
    let opened: Database | undefined;
    let waiting: Promise<unknown> | undefined;
    try {
      await holder.query('select pg_advisory_lock($1::bigint)', [setupLockKey]);
      waiting = openDatabase({ url: locked.url }).then((database) => (opened = database));
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(opened).toBeUndefined();
      const { rows } = await holder.query<{ t: string | null }>(
        "select to_regclass('public.accounts')::text as t",
      );
      expect(rows[0]?.t).toBeNull();
      await holder.query('select pg_advisory_unlock($1::bigint)', [setupLockKey]);
      await waiting;
      expect(opened).toBeDefined();
    } finally {
      await holder.end();
      await waiting?.catch(() => undefined);
      await opened?.close();
      await locked.drop();
    }

    // Three instances start at once on an empty database: one migrates and seeds, the others wait.
    const fresh = await freshPostgres();
    const databases: Database[] = [];
    try {
      const seeded: number[] = [];
      const start = () =>
        openDatabase({
          url: fresh.url,
          prepare: async (db) => {
            const took = await seedDemoOnce(db, seedOptions);
            if (took !== null) seeded.push(took);
          },
        });
      const results = await Promise.allSettled([start(), start(), start()]);
      for (const r of results) if (r.status === 'fulfilled') databases.push(r.value);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(seeded).toHaveLength(1);
      const [n] = await databases[0]!.db.select({ n: count() }).from(accounts);
      expect(n?.n).toBe(11);
    } finally {
      for (const database of databases) await database.close();
      await fresh.drop();
    }
  });
});

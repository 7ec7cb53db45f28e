import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/seed/demo';
import { demoPassword } from './server-harness';

/** Where the run's seeded demo databases are: a PGlite dump, a PostgreSQL template database, and their files. */
export interface Seeded {
  pglite?: { dump: string; dataDir: string };
  postgres?: { database: string; dataDir: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    seeded: Seeded;
  }
}

/**
 * Seeds the demo data once for the integration run, on each database the suites use, instead of
 * once per suite (migrating and seeding PGlite takes seconds): each suite starts from a copy (a
 * PGlite dump loaded, a PostgreSQL database made from the template) with a copy of the files.
 */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), 'cdn-seeded-'));
  const cnameSuffix = loadConfig({}).cnameSuffix;
  const seed = async (url: string | undefined, dataDir: string) => {
    const database = await openDatabase({ url, dataDir: 'memory://' });
    await seedDemo(database.db, { dataDir, password: demoPassword, cnameSuffix, customers: 3 });
    return database;
  };
  const seeded: Seeded = {};

  const pgliteDir = join(root, 'pglite-files');
  const pglite = await seed(undefined, pgliteDir);
  const dump = join(root, 'pglite.tar');
  writeFileSync(dump, Buffer.from(await (await pglite.dump!()).arrayBuffer()));
  await pglite.close();
  seeded.pglite = { dump, dataDir: pgliteDir };

  const adminUrl = process.env.DATABASE_URL;
  const template = `cdn_seeded_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  if (adminUrl) {
    await admin(`CREATE DATABASE ${template}`);
    const url = new URL(adminUrl);
    url.pathname = `/${template}`;
    const postgresDir = join(root, 'postgres-files');
    const postgres = await seed(url.toString(), postgresDir);
    await postgres.close();
    // A database is copied only while nobody is connected to it.
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    for (let i = 0; i < 50; i += 1) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [template],
      );
      if ((rows[0]?.n ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.end();
    seeded.postgres = { database: template, dataDir: postgresDir };
  }

  project.provide('seeded', seeded);
  return async () => {
    if (adminUrl) await admin(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    rmSync(root, { recursive: true, force: true });
  };
}

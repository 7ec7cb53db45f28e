import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { seedDemoOnce } from './demo';

/** `tsx server/seed/cli.ts`: seeds the demo accounts into the configured database (once). */
const config = loadConfig();
let took: number | null = null;
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  prepare: async (db) => {
    took = await seedDemoOnce(db, {
      password: config.demoPassword,
      cnameSuffix: config.cnameSuffix,
      dataDir: config.dataDir,
    });
  },
});
await database.close();
console.log(took === null ? 'demo data already present' : `demo data seeded in ${took} ms`);

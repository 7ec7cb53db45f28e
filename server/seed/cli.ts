import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { isSeeded, seedDemo } from './demo';

/** `tsx server/seed/cli.ts`: seeds the demo accounts into the configured database (once). */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  if (await isSeeded(database.db)) console.log('demo data already present');
  else {
    const started = Date.now();
    await seedDemo(database.db, { password: config.demoPassword, cnameSuffix: config.cnameSuffix });
    console.log(`demo data seeded in ${Date.now() - started} ms`);
  }
} finally {
  await database.close();
}

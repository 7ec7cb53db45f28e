import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { isProcessAlive, readServerRecord } from '../operator/address';
import { seedDomains } from './domains';

/**
 * `npm run seed:domains -- <login> <count>`: seeds `count` domains into the account of `login`,
 * for performance work (see `seedDomains`). It opens the database itself: on the embedded
 * database (no DATABASE_URL) the server of the same DATA_DIR must be stopped first.
 */
const config = loadConfig();
const say = (line: string) => process.stdout.write(`${line}\n`);
const [login, countText] = process.argv.slice(2);
const count = Number(countText);
if (!login || !Number.isInteger(count) || count < 1) {
  console.error('usage: npm run seed:domains -- <login> <count>');
  process.exit(2);
}

const record = readServerRecord(config.dataDir);
if (!config.databaseUrl && record && isProcessAlive(record.pid)) {
  console.error(
    `The server (process ${record.pid}) holds the embedded database in ${config.dataDir}, which allows ` +
      'one process at a time. Stop the server, run this again, then start the server.',
  );
  process.exit(3);
}

const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await seedDomains(database.db, login, count, {
    cnameSuffix: config.cnameSuffix,
    notifyOthers: database.kind === 'postgres',
    onProgress: ({ done, ms }) => say(`${done}/${count} domains (${(ms / 1000).toFixed(1)} s)`),
  });
  const seconds = (result.ms / 1000).toFixed(1);
  const rate = result.commands > 0 ? ` (${Math.round((result.commands * 1000) / result.ms)} commands/s)` : '';
  say(
    `${login}: ${result.created} domains created, ${result.skipped} already there, ` +
      `${result.commands} commands in ${seconds} s${rate}`,
  );
} catch (error) {
  console.error(`seed:domains failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}

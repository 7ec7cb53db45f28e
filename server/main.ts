import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { buildApp } from './app';
import { writeOperatorKey } from './operator/key';
import { demoAccounts, isSeeded, seedDemo } from './seed/demo';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });

if (config.demo && !(await isSeeded(database.db))) {
  const started = Date.now();
  await seedDemo(database.db, { password: config.demoPassword, cnameSuffix: config.cnameSuffix });
  console.log(`demo data seeded in ${Date.now() - started} ms`);
}

const operatorKey = writeOperatorKey(config.dataDir);
const app = await buildApp({ database, config, operatorKey });
const address = await app.listen({ port: config.port, host: config.host });
console.log(`ready in ${Math.round(performance.now())} ms`);

console.log(`CDN Console listening on ${address}`);
console.log(`  API documentation: ${address}/docs`);
if (config.demo) {
  console.log(`  Demo sign-ins (password ${config.demoPassword}):`);
  for (const a of demoAccounts) console.log(`    ${a.login.padEnd(11)} ${a.shows}`);
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received, shutting down`);
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

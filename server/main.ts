import { loadConfig } from './config';
import { openDatabase, withSetupLock } from './db/client';
import { findAccountByLogin } from './modules/account/service';
import { LocalEdge } from './modules/content/edge';
import { ContentWorker } from './modules/content/worker';
import { NodeEdge } from './modules/edge/content-edge';
import { countAllUsage } from './modules/traffic-package/service';
import { startTrafficMaintenance } from './modules/traffic/maintenance';
import { dropLeases, Leases, onOneInstance } from './jobs/leases';
import { seedDemoTraffic } from './seed/demo-traffic';
import { buildApp } from './app';
import { startLocalEdge } from './edge-local';
import { movePicturesToStore } from './modules/suggestion/service';
import { PictureStore } from './modules/suggestion/picture-store';
import { forgetServer, recordServer } from './operator/address';
import { writeOperatorKey } from './operator/key';
import { demoAccounts, seedDemoOnce } from './seed/demo';

const config = loadConfig();
// From now until the process ends, `npm run admin` leaves the embedded database to this process.
// An instance of a cluster on PostgreSQL (its operator key given) leaves the record to what started
// the cluster. On the embedded database the record is what keeps npm run admin off it: always kept.
const single = config.operatorKey === undefined || config.databaseUrl === undefined;
if (single) {
  recordServer(config.dataDir, { pid: process.pid });
  process.on('exit', () => forgetServer(config.dataDir, process.pid));
}

// The stop signals are answered from the first moment: during the start (nothing to close yet)
// by leaving at once, then by closing what the start opened. A runner that relays the signal
// (tsx) learns early that this process handles it.
/** What closes the running server, once it runs. */
const running: { stop?: () => Promise<void> } = {};
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  try {
    if (running.stop) {
      console.log(`${signal} received, shutting down`);
      await running.stop();
    }
    // The record goes last (the exit handler): until the database is closed, admin must wait.
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Migrations and the demo seed run under one lock (PostgreSQL), so instances starting together
// against one database neither migrate twice nor seed twice.
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  prepare: async (db) => {
    if (!config.demo) return;
    const took = await seedDemoOnce(db, {
      password: config.demoPassword,
      cnameSuffix: config.cnameSuffix,
      dataDir: config.dataDir,
    });
    if (took !== null) console.log(`demo data seeded in ${took} ms`);
  },
});

// The embedded database is this process's alone: the jobs a killed predecessor held start again now.
if (database.kind === 'pglite') await dropLeases(database.db);
const operatorKey = config.operatorKey ?? writeOperatorKey(config.dataDir);
const app = await buildApp({ database, config, operatorKey });
const address = await app.listen({ port: config.port, host: config.host });
if (single) recordServer(config.dataDir, { pid: process.pid, url: address });
console.log(`ready in ${Math.round(performance.now())} ms`);
// The demo's traffic history is built after the start, a day at a time and newest first, so the
// console answers at once and the recent days fill in first (PostgreSQL: under the setup lock, once).
let demoTraffic: Promise<unknown> = Promise.resolve();
if (config.demo && config.demoTrafficDays > 0) {
  const seed = async () => {
    const demo = await findAccountByLogin(database.db, 'demo');
    if (!demo) return;
    const started = Date.now();
    const lines = await seedDemoTraffic(database.db, demo, {
      days: config.demoTrafficDays,
      now: Date.now(),
      logDir: config.logDir,
    });
    if (lines > 0)
      console.log(
        `demo traffic: ${config.demoTrafficDays} days (${lines} log lines) loaded in ${Date.now() - started} ms`,
      );
  };
  demoTraffic = (config.databaseUrl ? withSetupLock(config.databaseUrl, seed) : seed()).catch(
    (error: unknown) => console.error('loading the demo traffic failed:', error),
  );
}
// Traffic packages: their usage is counted from the hourly rollups every 10 minutes, once the demo's
// traffic history is in (an hour is counted once), by one instance of those sharing the database.
const leases = new Leases(database.db);
const stopPackageCount = onOneInstance(
  leases,
  'trafficPackage.count',
  () => demoTraffic.then(() => countAllUsage(database.db, new Date())),
  {
    everyMs: 10 * 60_000,
    onError: (error) => console.error('counting the traffic packages’ usage failed:', error),
  },
);
const stopMaintenance = startTrafficMaintenance(database.db, config);
// Refresh and prefetch tasks go to the registered edge nodes; without one, the console's own
// simulation answers them (see README).
const stopContentWorker = new ContentWorker(
  database.db,
  new NodeEdge(database.db, new LocalEdge(database.db, config.contentEdgeDelayMs)),
  { claimMs: config.claimMs },
  app.changes,
).start();
// Pictures an earlier version kept in the database go to the picture store, after the start.
void movePicturesToStore(database.db, new PictureStore(config.dataDir)).then(
  (moved) => moved > 0 && console.log(`${moved} feedback pictures moved to ${config.dataDir}/uploads`),
  (error: unknown) => console.error('moving feedback pictures to the store failed:', error),
);

console.log(`CDN Console listening on ${address}`);
console.log(`  API documentation: ${address}/docs`);
if (config.demo) {
  console.log(`  Demo sign-ins (password ${config.demoPassword}):`);
  for (const a of demoAccounts) console.log(`    ${a.login.padEnd(11)} ${a.shows}`);
}
// One edge node beside the console, when nginx is installed (EDGE=off: none).
const localEdge = await startLocalEdge(
  database.db,
  config,
  `http://127.0.0.1:${new URL(address).port}`,
).catch((error: unknown) => {
  console.error(`  Edge node: not started: ${(error as Error).message}`);
  return null;
});

running.stop = async () => {
  stopContentWorker();
  await Promise.all([stopPackageCount(), stopMaintenance()]);
  await localEdge?.stop();
  await app.close();
  await database.close();
};

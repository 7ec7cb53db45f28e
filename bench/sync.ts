// Replay of queued edits over loopback: the browser's store and sender (IndexedDB provided by
// fake-indexeddb in Node) against the real server, started as `npm start` does, on PGlite,
// through real HTTP on 127.0.0.1: two processes, like a browser and the server.
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandFor } from '../src/commands/queue';
import { Store } from '../src/store';
import { SyncEngine, createHttpTransport, memoryLocks } from '../src/sync';
import { startServer } from '../tests/e2e/support/server-process';
import { demoPassword, signIn } from './support';

const EDITS = 1000;
const GOAL_MS = 5000;

const dataDir = mkdtempSync(join(tmpdir(), 'cdn-bench-sync-'));
const server = await startServer({
  DATA_DIR: dataDir,
  STATIC_DIR: 'dist',
  DEMO: '1',
  DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
});

const token = await signIn(server.url, 'demo', demoPassword());
const info = (await (
  await fetch(`${server.url}/v3/customer/customer/loginInfo`, {
    headers: { authorization: `Bearer ${token}` },
  })
).json()) as { data: { user_id: number; view_id: number } };
const { user_id: actorId, view_id: accountId } = info.data;
const address = server.url;

const store = await Store.open(actorId, accountId);
for (let i = 0; i < EDITS; i++) {
  const cidr = `10.200.${Math.floor(i / 256)}.${i % 256}`;
  await store.enqueue(commandFor('ipBan.ban', { cidr, reason: 'bench', expires_at: null }), {
    offline: true,
  });
}

let pushMs = 0;
const timed = (transport: ReturnType<typeof createHttpTransport>) => ({
  async push(...args: Parameters<typeof transport.push>) {
    const t = performance.now();
    try {
      return await transport.push(...args);
    } finally {
      pushMs += performance.now() - t;
    }
  },
});
const engine = new SyncEngine({
  store,
  transport: timed(
    createHttpTransport({
      baseUrl: address,
      credentials: () => ({ token, userId: actorId }),
      language: () => 'en_US',
    }),
  ),
  lock: memoryLocks(),
  channel: null,
});
const started = performance.now();
engine.start();
await new Promise<void>((resolve) => {
  const check = async () => {
    if ((await store.pending()).length === 0 && engine.status.phase === 'idle') resolve();
    else setTimeout(() => void check(), 5);
  };
  void check();
});
const replayMs = performance.now() - started;
engine.dispose();
store.close();
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
console.log(
  `\nOffline replay (the store and sender in Node; the server in its own process on ${database}; HTTP over loopback):`,
);
console.log(
  `  ${EDITS} queued edits replayed, in batches of 100: ${replayMs.toFixed(0)} ms (goal ≤ ${GOAL_MS} ms: ${replayMs <= GOAL_MS ? 'met' : 'MISSED'}), of which waiting for the server ${pushMs.toFixed(0)} ms`,
);

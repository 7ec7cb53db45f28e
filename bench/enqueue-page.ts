// Runs in Chromium (bundled by bench/run.ts): the time to save one edit in the outbox, with the
// browser's own IndexedDB and strict durability, as the console does it.
import { Store } from '../src/store';

export async function benchEnqueue(count: number): Promise<number[]> {
  // An account pair no real sign-in uses, so the console's own outbox is left alone.
  const store = await Store.open(2_000_000_001, 2_000_000_001);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const cidr = `10.201.${Math.floor(i / 256)}.${i % 256}`;
    const started = performance.now();
    await store.enqueue(
      {
        name: 'ipBan.ban',
        kind: 'ipBan',
        aggregateId: cidr,
        schemaVersion: 1,
        payload: { cidr, reason: 'bench', expires_at: null },
      },
      { offline: false },
    );
    times.push(performance.now() - started);
  }
  store.close();
  indexedDB.deleteDatabase(store.name);
  return times;
}

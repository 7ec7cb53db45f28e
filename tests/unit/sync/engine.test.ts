import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contract';
import type { CommandResult, PushCommand } from '../../../src/contract/commands';
import { Store } from '../../../src/store';
import {
  SyncEngine,
  memoryLocks,
  type PushOutcome,
  type PushRequest,
  type SyncStatus,
} from '../../../src/sync';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

let account = 2000;
async function openStore(accountId = account++): Promise<Store> {
  const store = await Store.open(7, accountId);
  cleanup.push(async () => {
    store.close();
    await Dexie.delete(store.name);
  });
  return store;
}

const ban = (cidr: string) => ({
  name: 'ipBan.ban' as const,
  kind: 'ipBan' as const,
  aggregateId: cidr,
  schemaVersion: 1,
  payload: { cidr, reason: '', expires_at: null },
});

/** A server double: answers each command with `answer`, or the whole push with `whole`. */
function fakeTransport(
  answer: (command: PushCommand) => Omit<CommandResult, 'key'> = () => ({ code: 0, msg: '', data: {} }),
) {
  const requests: PushRequest[] = [];
  let whole: (() => PushOutcome) | null = null;
  const versions = new Map<string, number>();
  return {
    requests,
    failWith(outcome: (() => PushOutcome) | null) {
      whole = outcome;
    },
    transport: {
      async push(request: PushRequest): Promise<PushOutcome> {
        requests.push(request);
        if (whole) return whole();
        return {
          kind: 'answered',
          results: request.commands.map((command) => {
            const result = answer(command);
            if (result.code !== Code.ok) return { key: command.key, ...result };
            const version = (versions.get(command.aggregate_id) ?? 0) + 1;
            versions.set(command.aggregate_id, version);
            return {
              key: command.key,
              code: 0,
              msg: '',
              data: { version, snapshot: { id: command.aggregate_id, version } },
            };
          }),
        };
      },
    },
  };
}

function engineFor(
  store: Store,
  transport: { push(r: PushRequest): Promise<PushOutcome> },
  extra: Partial<ConstructorParameters<typeof SyncEngine>[0]> = {},
) {
  const engine = new SyncEngine({
    store,
    transport,
    lock: memoryLocks(),
    channel: null,
    backoffBaseMs: 5,
    backoffCapMs: 20,
    ...extra,
  });
  cleanup.push(async () => engine.dispose());
  return engine;
}

async function until(check: () => Promise<boolean> | boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('SyncEngine', () => {
  it('sends the outbox in order and in batches, and empties it when all are accepted', async () => {
    const store = await openStore();
    for (let i = 0; i < 25; i++) await store.enqueue(ban(`192.0.2.${i}`), { offline: true });
    const fake = fakeTransport();
    const engine = engineFor(store, fake.transport, { batchSize: 10 });
    engine.start();
    await until(async () => (await store.pending()).length === 0);
    expect(fake.requests.map((r) => r.commands.length)).toEqual([10, 10, 5]);
    expect(fake.requests.flatMap((r) => r.commands.map((c) => c.aggregate_id))).toEqual(
      Array.from({ length: 25 }, (_, i) => `192.0.2.${i}`),
    );
    expect(fake.requests[0]).toMatchObject({ actorId: 7, accountId: store.accountId });
    expect(fake.requests[0]!.commands[0]!.origin).toBe('replay');
    await until(() => engine.status.phase === 'idle');
  });

  it('parks rejected and conflicting commands and goes on with the others', async () => {
    const store = await openStore();
    for (const cidr of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
      await store.enqueue(ban(cidr), { offline: false });
    const fake = fakeTransport((command) => {
      if (command.aggregate_id === '192.0.2.1')
        return { code: Code.commandRejected, msg: 'Already banned', data: {} };
      if (command.aggregate_id === '192.0.2.2')
        return {
          code: Code.versionConflict,
          msg: 'Changed',
          data: { version: 4, current: { id: '192.0.2.2' } },
        };
      return { code: 0, msg: '', data: {} };
    });
    const engine = engineFor(store, fake.transport);
    engine.start();
    await until(async () => (await store.pending()).every((e) => e.state !== 'queued'));
    const pending = await store.pending();
    expect(pending.map((e) => [e.aggregateId, e.state, e.error?.msg])).toEqual([
      ['192.0.2.1', 'rejected', 'Already banned'],
      ['192.0.2.2', 'conflict', 'Changed'],
    ]);
    expect(pending[0]!.payload).toEqual(ban('192.0.2.1').payload);
    expect((await store.snapshotsOf('ipBan')).map((s) => s.id)).toEqual(['192.0.2.3']);
    await until(() => engine.status.phase === 'idle');
    expect(fake.requests).toHaveLength(1);
  });

  it('retries without an answer with backoff, honouring Retry-After, and counts the attempts', async () => {
    const store = await openStore();
    await store.enqueue(ban('192.0.2.1'), { offline: false });
    const fake = fakeTransport();
    const statuses: SyncStatus[] = [];
    let now = 1_000_000;
    const engine = engineFor(store, fake.transport, { now: () => now });
    engine.subscribe((s) => statuses.push(s));
    fake.failWith(() => ({ kind: 'retry', retryAfterMs: 30 }));
    engine.start();
    await until(() => fake.requests.length >= 2);
    fake.failWith(null);
    now += 1;
    await until(async () => (await store.pending()).length === 0);
    const waiting = statuses.find((s) => s.phase === 'waiting');
    expect(waiting?.retryAt).toBe(1_000_000 + 30);
    expect(fake.requests.at(-1)!.commands[0]!.origin).toBe('replay');
  });

  it('does not cut a backoff short when more edits are queued, but does when the connection returns', async () => {
    const store = await openStore();
    await store.enqueue(ban('192.0.2.1'), { offline: false });
    const fake = fakeTransport();
    fake.failWith(() => ({ kind: 'retry', retryAfterMs: 60_000 }));
    const engine = engineFor(store, fake.transport);
    engine.start();
    await until(() => engine.status.phase === 'waiting');
    engine.kick();
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.requests).toHaveLength(1);
    fake.failWith(null);
    engine.kick({ fresh: true });
    await until(async () => (await store.pending()).length === 0);
    expect(fake.requests).toHaveLength(2);
  });

  it('waits offline and sends once online', async () => {
    const store = await openStore();
    let online = false;
    const fake = fakeTransport();
    const engine = engineFor(store, fake.transport, { isOnline: () => online });
    engine.start();
    await store.enqueue(ban('192.0.2.1'), { offline: true });
    engine.kick();
    await until(() => engine.status.phase === 'offline');
    expect(fake.requests).toHaveLength(0);
    online = true;
    engine.kick({ fresh: true });
    await until(async () => (await store.pending()).length === 0);
  });

  it('pauses when the sign-in is gone and resumes at the same command after signing in', async () => {
    const store = await openStore();
    await store.enqueue(ban('192.0.2.1'), { offline: false });
    await store.enqueue(ban('192.0.2.2'), { offline: false });
    const fake = fakeTransport();
    fake.failWith(() => ({ kind: 'signIn' }));
    const engine = engineFor(store, fake.transport);
    engine.start();
    await until(() => engine.status.phase === 'signIn');
    await new Promise((r) => setTimeout(r, 30));
    expect(fake.requests).toHaveLength(1);
    fake.failWith(null);
    engine.kick({ fresh: true });
    await until(async () => (await store.pending()).length === 0);
    expect(fake.requests[1]!.commands.map((c) => c.key)).toEqual(
      fake.requests[0]!.commands.map((c) => c.key),
    );
  });

  it('parks every command of a push the server refused as a whole, with its message', async () => {
    const store = await openStore();
    await store.enqueue(ban('192.0.2.1'), { offline: false });
    const fake = fakeTransport();
    fake.failWith(() => ({ kind: 'refused', code: Code.invalidRequest, msg: 'Invalid', data: {} }));
    const engine = engineFor(store, fake.transport);
    engine.start();
    await until(async () => (await store.pending())[0]?.state === 'rejected');
    expect((await store.pending())[0]!.error).toEqual({
      code: Code.invalidRequest,
      msg: 'Invalid',
      data: {},
    });
  });

  it('one sender per database: a second tab waits, and takes over when the first stops', async () => {
    const store = await openStore();
    const other = await Store.open(store.actorId, store.accountId);
    cleanup.push(async () => other.close());
    const locks = memoryLocks();
    const fake = fakeTransport();
    const first = engineFor(store, fake.transport, { lock: locks });
    const second = engineFor(other, fake.transport, { lock: locks });
    first.start();
    second.start();
    await until(() => first.status.phase === 'idle');
    expect(first.isLeader).toBe(true);
    expect(second.isLeader).toBe(false);
    first.stop();
    await until(() => second.isLeader);
    await other.enqueue(ban('192.0.2.9'), { offline: false });
    second.kick();
    await until(async () => (await other.pending()).length === 0);
    expect(fake.requests).toHaveLength(1);
  });
});

import { afterEach, beforeAll, expect, it } from 'vitest';
import { Code } from '../../../src/contract';
import { memoryLocks, type SyncPhase } from '../../../src/sync';
import { faultyLink, type Fault } from '../../support/faulty-link';
import { call, describeServer } from '../../support/server-harness';
import {
  appliedActions,
  ban,
  deleteStore,
  openTab,
  seeded,
  serverEntries,
  settled,
  signedIn,
  unban,
  until,
  update,
  type Credentials,
  type Tab,
} from '../../support/tabs';

/** `count` addresses under `prefix` (e.g. '10.1.'): 10.1.0.0, 10.1.0.1, … */
const addresses = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${Math.floor(i / 256)}.${i % 256}`);

/** Four edits per address, interleaved across addresses: ban, update, unban, ban again. */
function lifecycle(ips: string[]) {
  const steps = [
    (ip: string) => ban(ip, 'first'),
    (ip: string) => update(ip, 'second'),
    unban,
    (ip: string) => ban(ip, 'again'),
  ];
  return steps.flatMap((step) => ips.map((ip) => step(ip)));
}
const lifecycleActions = ['ipBan.ban', 'ipBan.update', 'ipBan.unban', 'ipBan.ban'];

describeServer('offline replay against the server', (h) => {
  let demo: Credentials;
  const tabs: Tab[] = [];
  beforeAll(async () => {
    demo = await signedIn(h().app, 'demo');
  });
  afterEach(async () => {
    for (const tab of tabs.splice(0)) tab.close();
    await deleteStore(demo.userId, demo.viewId);
  });
  const tab = async (
    link: ReturnType<typeof faultyLink>,
    extra: Partial<Parameters<typeof openTab>[0]> = {},
  ) => {
    const opened = await openTab({
      link,
      credentials: () => ({ token: demo.token, userId: demo.userId }),
      actorId: demo.userId,
      accountId: demo.viewId,
      lock: memoryLocks(),
      ...extra,
    });
    tabs.push(opened);
    return opened;
  };
  const expectAppliedOnceInOrder = async (prefix: string, ips: string[]) => {
    const applied = await appliedActions(h().db, demo.viewId, prefix);
    const entries = await serverEntries(h().db, demo.viewId, prefix);
    expect(applied.size).toBe(ips.length);
    for (const ip of ips) {
      expect(applied.get(ip), ip).toEqual(lifecycleActions);
      expect(entries.get(ip), ip).toEqual({ version: 4, status: 'banned', reason: 'again' });
    }
  };

  it('1,000 edits queued offline, then online: all applied once, in order, outbox empty', async () => {
    const link = faultyLink(h().app);
    link.online = false;
    const browser = await tab(link);
    const ips = addresses('10.1.', 250);
    for (const edit of lifecycle(ips)) await browser.store.enqueue(edit, { offline: true });
    expect(await browser.store.pending()).toHaveLength(1000);
    await until(() => browser.engine.status.phase === 'offline');
    expect(link.delivered).toBe(0);
    link.online = true;
    browser.engine.kick({ fresh: true });
    await settled(browser);
    expect(await browser.store.pending()).toEqual([]);
    await expectAppliedOnceInOrder('10.1.', ips);
    // Every acknowledged command left its snapshot: the server's state, version 4.
    const snapshots = await browser.store.snapshotsOf('ipBan');
    expect(snapshots.filter((s) => s.id.startsWith('10.1.')).every((s) => s.version === 4)).toBe(true);
  });

  it('a flaky link on 500 edits (drops before and after commit, 500/503/429): each applied exactly once, in order', async () => {
    const link = faultyLink(h().app);
    const random = seeded(500);
    const faults: Fault[] = ['dropBefore', 'dropAfter', 'status500', 'status503', 'status429'];
    link.plan = () => (random() < 0.5 ? 'pass' : (faults[Math.floor(random() * faults.length)] as Fault));
    const browser = await tab(link, { batchSize: 20 });
    const ips = addresses('10.2.', 125);
    for (const edit of lifecycle(ips)) await browser.store.enqueue(edit, { offline: false });
    browser.engine.kick();
    await settled(browser);
    expect(await browser.store.pending()).toEqual([]);
    expect(link.seen).toBeGreaterThan(25);
    await expectAppliedOnceInOrder('10.2.', ips);
  });

  it('every push delivered twice and three times, also concurrently: one effect each', async () => {
    const link = faultyLink(h().app);
    const kinds: Fault[] = ['twice', 'thrice', 'twiceConcurrent', 'thriceConcurrent'];
    let n = 0;
    link.plan = () => kinds[n++ % kinds.length] as Fault;
    const browser = await tab(link, { batchSize: 10 });
    const ips = addresses('10.3.', 50);
    for (const edit of lifecycle(ips)) await browser.store.enqueue(edit, { offline: false });
    browser.engine.kick();
    await settled(browser);
    expect(await browser.store.pending()).toEqual([]);
    expect(link.delivered).toBeGreaterThan(link.seen);
    await expectAppliedOnceInOrder('10.3.', ips);
  });

  it('3 tabs, the sending tab killed at random points: no loss, no duplicate', async () => {
    const link = faultyLink(h().app);
    const locks = memoryLocks();
    const random = seeded(3);
    const open = () => tab(link, { lock: locks, batchSize: 5 });
    const live: Tab[] = [await open(), await open(), await open()];
    const ips = addresses('10.4.', 60);
    const edits = lifecycle(ips);
    let kills = 0;
    for (const [i, edit] of edits.entries()) {
      // Each edit is made in some tab; every few edits, the sending tab dies and a new one opens.
      await live[Math.floor(random() * live.length)]!.store.enqueue(edit, { offline: false });
      live.forEach((t) => t.engine.kick({ broadcast: false }));
      if (i % 20 === 19) {
        await new Promise((resolve) => setTimeout(resolve, random() * 15));
        // On a busy machine the last kill's successor may not have taken over yet: wait for it,
        // so that every kill point kills a sender.
        await until(
          () => {
            if (live.some((t) => t.engine.isLeader)) return true;
            live.forEach((t) => t.engine.kick({ broadcast: false }));
            return false;
          },
          10_000,
          'a sender to kill',
        );
        const leader = live.find((t) => t.engine.isLeader)!;
        leader.close();
        live.splice(live.indexOf(leader), 1);
        live.push(await open());
        kills += 1;
      }
    }
    expect(kills).toBe(Math.floor(edits.length / 20));
    expect(kills).toBeGreaterThan(5);
    live.forEach((t) => t.engine.kick({ broadcast: false }));
    const sender = async () => live.find((t) => t.engine.isLeader);
    await until(async () => (await sender()) !== undefined, 5000, 'a new sender');
    await settled((await sender())!);
    expect(await live[0]!.store.pending()).toEqual([]);
    await expectAppliedOnceInOrder('10.4.', ips);
  });

  it('reloads at random points while enqueuing: every acknowledged edit survives and is applied once', async () => {
    const link = faultyLink(h().app);
    link.online = false;
    const random = seeded(5);
    const acknowledged: string[] = [];
    let browser = await tab(link);
    for (let round = 0; round < 8; round++) {
      const ips = Array.from({ length: 20 }, (_, i) => `10.5.${round}.${i}`);
      const writes = ips.map((ip) =>
        browser.store.enqueue(ban(ip), { offline: true }).then(
          () => acknowledged.push(ip),
          () => undefined,
        ),
      );
      // The page reloads at a random moment: the connection closes with writes under way.
      await new Promise((resolve) => setTimeout(resolve, random() * 4));
      browser.close();
      tabs.splice(tabs.indexOf(browser), 1);
      await Promise.all(writes);
      browser = await tab(link);
    }
    const pending = await browser.store.pending();
    expect(acknowledged.length).toBeGreaterThan(0);
    const queued = new Set(pending.map((entry) => entry.aggregateId));
    for (const ip of acknowledged) expect(queued.has(ip), ip).toBe(true);
    // Sequence numbers stay unique across the reloads, so no two edits share a key.
    expect(new Set(pending.map((e) => e.key)).size).toBe(pending.length);
    link.online = true;
    browser.engine.kick({ fresh: true });
    await settled(browser);
    const applied = await appliedActions(h().db, demo.viewId, '10.5.');
    for (const ip of queued) expect(applied.get(ip), ip).toEqual(['ipBan.ban']);
    expect(applied.size).toBe(queued.size);
  });

  it('100 edits whose aggregates changed on the server meanwhile: parked as conflicts, none overwritten', async () => {
    const link = faultyLink(h().app);
    const browser = await tab(link);
    const ips = addresses('10.6.', 100);
    for (const ip of ips) await browser.store.enqueue(ban(ip, 'mine v1'), { offline: false });
    browser.engine.kick();
    await settled(browser);
    link.online = false;
    for (const ip of ips) await browser.store.enqueue(update(ip, 'mine offline'), { offline: true });
    // Meanwhile, someone else changes every one of them through the API.
    for (const ip of ips) {
      const { body } = await call(h().app, 'POST', '/v3/ipban/ban/update', {
        token: demo.token,
        headers: { 'idempotency-key': `api-edit-${ip}` },
        body: { cidr: ip, reason: 'theirs', expires_at: null },
      });
      expect(body.code).toBe(0);
    }
    link.online = true;
    browser.engine.kick({ fresh: true });
    await settled(browser);
    const pending = await browser.store.pending();
    expect(pending).toHaveLength(100);
    expect(pending.every((entry) => entry.state === 'conflict')).toBe(true);
    expect(pending[0]!.error).toMatchObject({ code: Code.versionConflict, data: { version: 2 } });
    expect((pending[0]!.error!.data.current as { reason: string }).reason).toBe('theirs');
    const entries = await serverEntries(h().db, demo.viewId, '10.6.');
    expect([...entries.values()].every((e) => e.reason === 'theirs' && e.version === 2)).toBe(true);
    // Keeping mine rebases it on the server's version: it then applies.
    const first = pending[0]!;
    await browser.store.keepMine(first.seq, 2, first.error!.data.current);
    browser.engine.kick();
    await settled(browser);
    expect(
      (await serverEntries(h().db, demo.viewId, first.aggregateId)).get(first.aggregateId),
    ).toMatchObject({
      version: 3,
      reason: 'mine offline',
    });
  });

  it('50 invalid edits among 500: 50 parked with reasons, 450 applied, no stall', async () => {
    const link = faultyLink(h().app);
    const browser = await tab(link, { batchSize: 50 });
    const ips = addresses('10.7.', 500);
    const invalid = new Set(ips.filter((_, i) => i % 10 === 3));
    for (const ip of ips) {
      // Changing a ban that does not exist is refused by the server's rule.
      await browser.store.enqueue(invalid.has(ip) ? update(ip, 'nothing to change') : ban(ip), {
        offline: false,
      });
    }
    browser.engine.kick();
    await settled(browser);
    const pending = await browser.store.pending();
    expect(pending).toHaveLength(50);
    expect(new Set(pending.map((e) => e.aggregateId))).toEqual(invalid);
    for (const entry of pending) {
      expect(entry.state).toBe('rejected');
      expect(entry.error?.msg).toBeTruthy();
    }
    const applied = await appliedActions(h().db, demo.viewId, '10.7.');
    expect(applied.size).toBe(450);
  });

  it('token expiry mid-replay: pauses, and after signing in again resumes at the same command', async () => {
    const link = faultyLink(h().app);
    let current = { ...demo };
    const phases: SyncPhase[] = [];
    const browser = await tab(link, {
      batchSize: 10,
      credentials: () => ({ token: current.token, userId: current.userId }),
    });
    browser.engine.subscribe((s) => phases.push(s.phase));
    const ips = addresses('10.8.', 50);
    let sent = 0;
    const plan = link.plan;
    link.plan = (path) => {
      if (path === '/v3/sync/command/push' && ++sent === 3) void expire();
      return plan(path);
    };
    let expired: Promise<unknown> | null = null;
    const expire = () =>
      (expired ??= call(h().app, 'POST', '/account/user/logout', {
        token: current.token,
        body: { source: 'portal' },
      }));
    for (const edit of lifecycle(ips)) await browser.store.enqueue(edit, { offline: false });
    browser.engine.kick();
    await until(() => browser.engine.status.phase === 'signIn', 30_000, 'the sign-in pause');
    const left = (await browser.store.pending()).length;
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThan(200);
    current = await signedIn(h().app, 'demo');
    browser.engine.kick({ fresh: true });
    await settled(browser);
    expect(phases).toContain('signIn');
    await expectAppliedOnceInOrder('10.8.', ips);
    demo = current;
  });

  it("account switch mid-replay: never sends account A's edits with account B's token", async () => {
    const other = await signedIn(h().app, 'channel');
    const link = faultyLink(h().app);
    const seen: { token: string; actor: number }[] = [];
    const original = link.fetch;
    link.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      if (String(input).endsWith('/v3/sync/command/push')) {
        const actor = (JSON.parse(String(init?.body)) as { actor_id: number }).actor_id;
        seen.push({ token: new Headers(init?.headers).get('authorization') ?? '', actor });
      }
      return original(input, init);
    }) as typeof fetch;
    let credentials = { token: demo.token, userId: demo.userId };
    const browser = await tab(link, { batchSize: 5, credentials: () => credentials });
    const ips = addresses('10.9.', 30);
    for (const edit of lifecycle(ips)) await browser.store.enqueue(edit, { offline: false });
    let pushes = 0;
    link.plan = (path) => {
      // Another tab signs in as another account while this one replays.
      if (path === '/v3/sync/command/push' && ++pushes === 4)
        credentials = { token: other.token, userId: other.userId };
      return 'pass';
    };
    browser.engine.kick();
    await until(() => browser.engine.status.phase === 'signIn', 30_000, 'the sign-in pause');
    expect((await browser.store.pending()).length).toBeGreaterThan(0);
    // Back in account A: the replay resumes where it stopped.
    credentials = { token: demo.token, userId: demo.userId };
    browser.engine.kick({ fresh: true });
    await settled(browser);
    for (const push of seen) expect(push.token).toBe(`Bearer ${demo.token}`);
    expect(seen.every((push) => push.actor === demo.userId)).toBe(true);
    await expectAppliedOnceInOrder('10.9.', ips);
    // Nothing reached account B, and the server refuses a token of B for edits made by A.
    expect((await appliedActions(h().db, other.viewId, '10.9.')).size).toBe(0);
    const refused = await call(h().app, 'POST', '/v3/sync/command/push', {
      token: other.token,
      body: {
        actor_id: demo.userId,
        commands: [
          {
            key: 'client-x:1',
            name: 'ipBan.ban',
            aggregate_id: '10.9.9.9',
            base_version: 0,
            schema_version: 1,
            payload: { cidr: '10.9.9.9' },
            origin: 'browser',
          },
        ],
      },
    });
    expect(refused.body.code).toBe(Code.actorMismatch);
  });
});

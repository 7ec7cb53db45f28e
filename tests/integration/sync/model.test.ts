import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { memoryLocks, type LeaderLock } from '../../../src/sync';
import { faultyLink, type Fault, type FaultyLink } from '../../support/faulty-link';
import { call, describeServer } from '../../support/server-harness';
import {
  ban,
  deleteStore,
  openTab,
  settled,
  signedIn,
  unban,
  until,
  update,
  type Credentials,
  type Tab,
} from '../../support/tabs';

/**
 * A model-based run: random sequences of what can happen to a browser (edits in any tab,
 * going offline and online, every kind of reply, lost and duplicated requests, a crashing tab,
 * a reload, someone else's edit on the server, an expired sign-in), with the invariants checked
 * after every step and once everything settled.
 */

type Step =
  | { type: 'edit'; tab: number; aggregate: number; edit: 'ban' | 'unban' | 'update' }
  | { type: 'offline' }
  | { type: 'online' }
  | { type: 'faults'; fault: Fault; count: number }
  | { type: 'crashTab' }
  | { type: 'openTab' }
  | { type: 'reload' }
  | { type: 'serverEdit'; aggregate: number }
  | { type: 'expireToken' }
  | { type: 'signInAgain' }
  | { type: 'wait'; ms: number };

const faults: Fault[] = [
  'pass',
  'dropBefore',
  'dropAfter',
  'status500',
  'status503',
  'status429',
  'twice',
  'thriceConcurrent',
];

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      type: fc.constant('edit' as const),
      tab: fc.nat(2),
      aggregate: fc.nat(4),
      edit: fc.constantFrom('ban' as const, 'unban' as const, 'update' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'offline' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'online' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('faults' as const),
      fault: fc.constantFrom(...faults),
      count: fc.integer({ min: 1, max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ type: 'crashTab' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'openTab' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'reload' as const }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('serverEdit' as const), aggregate: fc.nat(4) }) },
  { weight: 1, arbitrary: fc.constant({ type: 'expireToken' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'signInAgain' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 20 }) }),
  },
);

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

// 200 histories a run: all of them on the embedded database alone; with PostgreSQL as well, a
// different hundred on each (each database's seed its own), the same number of histories in half the time.
const histories = process.env.DATABASE_URL ? 100 : 200;

describeServer('model-based replay', (h, kind) => {
  let demo: Credentials;
  let run = 0;
  beforeAll(async () => {
    demo = await signedIn(h().app, 'demo');
  });

  it(`keeps every edit, applies each once and in order, whatever happens (${histories} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        run += 1;
        const aggregates = Array.from({ length: 5 }, (_, i) => `2001:db8:${run.toString(16)}::${i + 1}`);
        const prefix = `2001:db8:${run.toString(16)}::`;
        const link: FaultyLink = faultyLink(h().app);
        let planned: Fault[] = [];
        link.plan = (path) => (path === '/v3/sync/command/push' ? (planned.shift() ?? 'pass') : 'pass');
        let credentials = { token: demo.token, userId: demo.userId };
        const locks: LeaderLock = memoryLocks();
        const tabs: Tab[] = [];
        const open = async () => {
          const tab = await openTab({
            link,
            credentials: () => credentials,
            actorId: demo.userId,
            accountId: demo.viewId,
            lock: locks,
          });
          tabs.push(tab);
          return tab;
        };
        const close = (tab: Tab) => {
          tab.close();
          tabs.splice(tabs.indexOf(tab), 1);
        };
        /** Every edit whose enqueue resolved: key → aggregate and sequence. */
        const acknowledged = new Map<string, { aggregate: string; seq: number }>();
        let serverEdits = 0;

        /**
         * The acknowledged keys the server applied, in the order applied, and the audit events of
         * the client's commands, read in one statement: a push committing meanwhile is either
         * wholly in both or in neither.
         */
        const serverSide = async () => {
          const result = await h().db.execute(
            sql`select
                  coalesce((select json_agg(key order by created_at, key) from idempotency_keys
                    where account_id = ${demo.viewId}), '[]'::json) as keys,
                  (select count(*)::int from audit_events where account_id = ${demo.viewId}
                    and target like ${`${prefix}%`} and origin in ('browser', 'replay')) as audits`,
          );
          const row = rowsOf<{ keys: string[] | string; audits: number }>(result)[0]!;
          const keys = (typeof row.keys === 'string' ? (JSON.parse(row.keys) as string[]) : row.keys).filter(
            (key) => acknowledged.has(key),
          );
          return { keys, audits: Number(row.audits) };
        };
        const applied = async () => (await serverSide()).keys;
        const check = async () => {
          const outbox = tabs.length > 0 ? await tabs[0]!.store.pending() : null;
          const { keys: appliedKeys, audits } = await serverSide();
          // Each accepted command appended exactly one audit event: nothing applied without its key.
          expect(audits).toBe(appliedKeys.length);
          // In order per aggregate: the applied sequence numbers of an aggregate only grow.
          const lastSeq = new Map<string, number>();
          for (const key of appliedKeys) {
            const { aggregate, seq } = acknowledged.get(key)!;
            expect(seq).toBeGreaterThan(lastSeq.get(aggregate) ?? 0);
            lastSeq.set(aggregate, seq);
          }
          if (outbox) {
            // Nothing lost: every acknowledged edit is still in the outbox or applied.
            const kept = new Set([...outbox.map((e) => e.key), ...appliedKeys]);
            for (const key of acknowledged.keys()) expect(kept.has(key), key).toBe(true);
            // A parked edit was never applied.
            const appliedSet = new Set(appliedKeys);
            for (const entry of outbox)
              if (entry.state !== 'queued') expect(appliedSet.has(entry.key)).toBe(false);
          }
        };

        try {
          await open();
          for (const s of steps) {
            switch (s.type) {
              case 'edit': {
                const tab = tabs[s.tab % tabs.length] ?? (await open());
                const aggregate = aggregates[s.aggregate]!;
                const edit =
                  s.edit === 'ban'
                    ? ban(aggregate)
                    : s.edit === 'unban'
                      ? unban(aggregate)
                      : update(aggregate, `r${run}`);
                const entry = await tab.store.enqueue(edit, { offline: !link.online });
                acknowledged.set(entry.key, { aggregate, seq: entry.seq });
                tabs.forEach((t) => t.engine.kick({ broadcast: false }));
                break;
              }
              case 'offline':
                link.online = false;
                break;
              case 'online':
                link.online = true;
                tabs.forEach((t) => t.engine.kick({ fresh: true, broadcast: false }));
                break;
              case 'faults':
                planned.push(...Array.from({ length: s.count }, () => s.fault));
                break;
              case 'crashTab': {
                const leader = tabs.find((t) => t.engine.isLeader) ?? tabs[0];
                if (leader) close(leader);
                if (tabs.length === 0) await open();
                break;
              }
              case 'openTab':
                if (tabs.length < 3) await open();
                break;
              case 'reload':
                for (const tab of [...tabs]) close(tab);
                await open();
                break;
              case 'serverEdit': {
                serverEdits += 1;
                const aggregate = aggregates[s.aggregate]!;
                await call(h().app, 'POST', '/v3/ipban/ban/add', {
                  token: demo.token,
                  headers: { 'idempotency-key': `model-${run}-${serverEdits}` },
                  body: { cidr: aggregate, reason: 'server' },
                });
                break;
              }
              case 'expireToken':
                await call(h().app, 'POST', '/account/user/logout', { token: credentials.token, body: {} });
                break;
              case 'signInAgain': {
                const fresh = await signedIn(h().app, 'demo');
                credentials = { token: fresh.token, userId: fresh.userId };
                demo = { ...demo, token: fresh.token };
                tabs.forEach((t) => t.engine.kick({ fresh: true, broadcast: false }));
                break;
              }
              case 'wait':
                await new Promise((resolve) => setTimeout(resolve, s.ms));
                break;
            }
            await check();
          }
          // Back online, signed in, the link healthy: everything settles.
          planned = [];
          link.online = true;
          const fresh = await signedIn(h().app, 'demo');
          credentials = { token: fresh.token, userId: fresh.userId };
          demo = { ...demo, token: fresh.token };
          tabs.forEach((t) => t.engine.kick({ fresh: true, broadcast: false }));
          await until(async () => tabs.some((t) => t.engine.isLeader), 5000, 'a sender');
          await settled(
            tabs.find((t) => t.engine.isLeader)!,
            30_000,
          );
          await check();
          const outbox = await tabs[0]!.store.pending();
          // What is still queued waits behind a parked edit of its aggregate.
          const parkedAggregates = new Set(
            outbox.filter((e) => e.state !== 'queued').map((e) => e.aggregateId),
          );
          for (const entry of outbox) expect(parkedAggregates.has(entry.aggregateId), entry.key).toBe(true);
          const appliedKeys = new Set(await applied());
          for (const key of acknowledged.keys()) {
            const parked = outbox.some((e) => e.key === key);
            expect(appliedKeys.has(key) !== parked, key).toBe(true);
          }
        } finally {
          for (const tab of [...tabs]) close(tab);
          await deleteStore(demo.userId, demo.viewId);
        }
      }),
      { numRuns: histories, seed: kind === 'pglite' ? 20261122 : 20261123, endOnFailure: true },
    );
  }, 600_000);
});

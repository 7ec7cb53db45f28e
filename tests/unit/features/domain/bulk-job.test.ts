import { describe, expect, it } from 'vitest';
import type { DomainEntry } from '../../../../src/contract/domain';
import { Code } from '../../../../src/contract';
import {
  applyRetry,
  assignSeqs,
  itemResult,
  planBulk,
  planRetry,
  skipReason,
  summarize,
  type BulkJob,
  type BulkRequest,
} from '../../../../src/features/domain/bulk/bulk-job';
import type { OutboxEntry, Projected } from '../../../../src/store';
import { domainEntry, outboxEntry, settled, uuid } from './list-fixtures';

const hangUp: BulkRequest = { action: 'hangUp', groupId: null };
const del: BulkRequest = { action: 'delete', groupId: null };
const target = uuid(1, 'a');
const move: BulkRequest = { action: 'move', groupId: target };

const active = domainEntry(uuid(1), { domain: 'a.example.com' });
const hung = domainEntry(uuid(2), { domain: 'b.example.com', status: 'hung_up' });
const special = domainEntry(uuid(3), { domain: 'c.example.com', special_config: true });
const grouped = domainEntry(uuid(4), { domain: 'd.example.com', group_id: target });

const mapOf = (...items: Projected<DomainEntry>[]) => new Map(items.map((item) => [item.id, item]));
const outboxOf = (...entries: OutboxEntry[]) => new Map(entries.map((entry) => [entry.seq, entry]));

describe('skipReason', () => {
  it.each([
    ['hangUp', active, null],
    ['hangUp', hung, 'state'],
    ['recover', hung, null],
    ['recover', active, 'state'],
    ['delete', active, null],
    ['delete', hung, null],
    ['delete', special, 'special'],
    // Hanging up and moving stay open to a special configuration (spec §6 blocks editing and copying).
    ['hangUp', special, null],
    ['move', special, null],
    ['move', grouped, 'sameGroup'],
  ] as const)('%s on %o', (action, entry, expected) => {
    expect(skipReason({ action, groupId: target }, entry, [])).toBe(expected);
  });

  it('skips a domain that is gone, deleted, or has a refused edit waiting', () => {
    expect(skipReason(hangUp, undefined, [])).toBe('gone');
    expect(skipReason(hangUp, { ...active, status: 'deleted' }, [])).toBe('gone');
    const refused = outboxEntry(1, 'domain.rename', active.id, {}, 'rejected');
    expect(skipReason(hangUp, active, [refused])).toBe('unresolved');
    expect(skipReason(hangUp, active, [outboxEntry(2, 'domain.move', active.id)])).toBeNull();
  });
});

describe('planBulk', () => {
  it('queues one command per eligible domain, in order, and says why the others are skipped', () => {
    const projected = mapOf(settled(active), settled(hung), settled(special));
    const plan = planBulk(del, [active.id, hung.id, special.id, uuid(99), active.id], projected);
    expect(plan.items.map((item) => [item.domain, item.skipped])).toEqual([
      ['a.example.com', null],
      ['b.example.com', null],
      ['c.example.com', 'special'],
      [uuid(99), 'gone'],
    ]);
    expect(plan.commands.map((c) => [c.name, c.aggregateId])).toEqual([
      ['domain.delete', active.id],
      ['domain.delete', hung.id],
    ]);
    expect(plan.commands[0]?.payload).toEqual({ id: active.id, shown_as: 'a.example.com' });
  });

  it('moves to the target group, or out of any group', () => {
    const plan = planBulk(move, [active.id, grouped.id], mapOf(settled(active), settled(grouped)));
    expect(plan.commands).toHaveLength(1);
    expect(plan.commands[0]?.payload).toMatchObject({ id: active.id, group_id: target });
    const out = planBulk({ action: 'move', groupId: null }, [grouped.id], mapOf(settled(grouped)));
    expect(out.commands[0]?.payload).toMatchObject({ group_id: null });
  });

  it('gives the queued sequence numbers to the eligible items only', () => {
    const plan = planBulk(
      hangUp,
      [active.id, hung.id, special.id],
      mapOf(settled(active), settled(hung), settled(special)),
    );
    const items = assignSeqs(plan.items, [{ seq: 11 }, { seq: 12 }]);
    expect(items.map((item) => item.seq)).toEqual([11, null, 12]);
  });
});

describe('itemResult and summarize', () => {
  const job: BulkJob = {
    id: 'job',
    request: hangUp,
    items: [
      { id: uuid(1), domain: 'a', seq: 1, skipped: null },
      { id: uuid(2), domain: 'b', seq: 2, skipped: null },
      { id: uuid(3), domain: 'c', seq: 3, skipped: null },
      { id: uuid(4), domain: 'd', seq: 4, skipped: null },
      { id: uuid(5), domain: 'e', seq: null, skipped: 'state' },
    ],
  };
  const refused = outboxEntry(2, 'domain.hangUp', uuid(2), { id: uuid(2) }, 'rejected', {
    code: 40301,
    msg: 'No permission for this domain',
    data: {},
  });
  const waiting = outboxEntry(1, 'domain.hangUp', uuid(1));
  const outbox = outboxOf(waiting, refused);
  const projected = mapOf(
    // Applied: the command left the outbox and the server's state is hung up.
    settled(domainEntry(uuid(3), { status: 'hung_up', version: 2 })),
    // Left the outbox without the server's state changing: discarded.
    settled(domainEntry(uuid(4))),
  );
  const results = job.items.map((item) => itemResult(item, job.request, outbox, projected));

  it('tells pending, succeeded, failed (with the server message) and skipped apart', () => {
    expect(results.map((r) => r.status)).toEqual(['pending', 'failed', 'succeeded', 'failed', 'skipped']);
    expect(results[1]).toMatchObject({ status: 'failed', message: 'No permission for this domain' });
    expect(results[3]).toMatchObject({ status: 'failed', entry: null, message: null });
  });

  it('judges success on the server state, not on later edits queued on top', () => {
    const item = { id: uuid(3), domain: 'c', seq: 7, skipped: null };
    const server = domainEntry(uuid(3), { status: 'hung_up', version: 2 });
    const recovering: Projected<DomainEntry> = {
      ...settled(server),
      state: { ...server, status: 'active' },
      pending: [outboxEntry(8, 'domain.recover', uuid(3))],
    };
    expect(itemResult(item, hangUp, new Map(), mapOf(recovering)).status).toBe('succeeded');
  });

  it('counts a deletion done when the server lists the domain as deleted or no more', () => {
    const item = { id: uuid(6), domain: 'f', seq: 9, skipped: null };
    expect(itemResult(item, del, new Map(), new Map()).status).toBe('succeeded');
    const deleted = settled(domainEntry(uuid(6), { status: 'deleted' }));
    expect(itemResult(item, del, new Map(), mapOf(deleted)).status).toBe('succeeded');
    expect(itemResult(item, del, new Map(), mapOf(settled(domainEntry(uuid(6))))).status).toBe('failed');
  });

  it('summarises the progress over the queued items', () => {
    expect(summarize(results)).toEqual({
      total: 5,
      queued: 4,
      pending: 1,
      succeeded: 1,
      failed: 2,
      skipped: 1,
      done: 3,
    });
    expect(summarize([])).toMatchObject({ total: 0, queued: 0, done: 0 });
  });
});

describe('planRetry and applyRetry', () => {
  const a = domainEntry(uuid(1), { domain: 'a.example.com' });
  const b = domainEntry(uuid(2), { domain: 'b.example.com' });
  const c = domainEntry(uuid(3), { domain: 'c.example.com' });
  const d = domainEntry(uuid(4), { domain: 'd.example.com' });
  const job: BulkJob = {
    id: 'job',
    request: hangUp,
    items: [
      { id: a.id, domain: a.domain, seq: 1, skipped: null },
      { id: b.id, domain: b.domain, seq: 2, skipped: null },
      { id: c.id, domain: c.domain, seq: 3, skipped: null },
      { id: d.id, domain: d.domain, seq: 4, skipped: null },
    ],
  };
  // a: refused, still active on the server → retried. The parked hang-up is folded into the
  // projection (hung up), so eligibility must be judged without it.
  const refusedA = outboxEntry(1, 'domain.hangUp', a.id, { id: a.id }, 'rejected', {
    code: 50301,
    msg: 'Busy',
    data: {},
  });
  // b: conflict; the server's side says someone hung it up already → skipped, mine is dropped.
  const conflictB = outboxEntry(2, 'domain.hangUp', b.id, { id: b.id }, 'conflict', {
    code: Code.versionConflict,
    msg: 'Changed meanwhile',
    data: { version: 3, current: { ...b, status: 'hung_up', version: 3 } },
  });
  // c: still waiting → not retried. d: succeeded.
  const waitingC = outboxEntry(3, 'domain.hangUp', c.id);
  const projected = mapOf(
    { ...settled(a), state: { ...a, status: 'hung_up' }, pending: [refusedA] },
    { ...settled(b), state: { ...b, status: 'hung_up' }, pending: [conflictB] },
    { ...settled(c), state: { ...c, status: 'hung_up' }, pending: [waitingC] },
    settled({ ...d, status: 'hung_up', version: 2 }),
  );
  const results = job.items.map((item) =>
    itemResult(item, job.request, outboxOf(refusedA, conflictB, waitingC), projected),
  );

  it('retries only the failed items, judged without their refused command', () => {
    expect(results.map((r) => r.status)).toEqual(['failed', 'failed', 'pending', 'succeeded']);
    const steps = planRetry(job, results, projected);
    expect(steps.map((s) => [s.item.id, s.entry?.seq, s.command?.name ?? null, s.skipped])).toEqual([
      [a.id, 1, 'domain.hangUp', null],
      [b.id, 2, null, 'state'],
    ]);
    expect(steps[1]?.conflict).toEqual({ version: 3, current: { ...b, status: 'hung_up', version: 3 } });
    expect(steps[0]?.conflict).toBeNull();
  });

  it('re-queues a discarded item (no entry left) when it is still eligible', () => {
    const discarded = [{ status: 'failed' as const, entry: null, message: null }];
    const one: BulkJob = { ...job, items: [job.items[0]!] };
    const steps = planRetry(one, discarded, mapOf(settled(a)));
    expect(steps).toHaveLength(1);
    expect(steps[0]?.entry).toBeNull();
    expect(steps[0]?.command?.aggregateId).toBe(a.id);
  });

  it('gives the re-queued items their new sequence numbers and marks the others skipped', () => {
    const steps = planRetry(job, results, projected);
    const next = applyRetry(job, steps, [{ seq: 20 }]);
    expect(next.items.map((item) => [item.seq, item.skipped])).toEqual([
      [20, null],
      [null, 'state'],
      [3, null],
      [4, null],
    ]);
  });
});

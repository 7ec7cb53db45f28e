import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  copyConfigMachine,
  type CopyOriginDraft,
  type CopyRequest,
  type CopySource,
  type QueuedTarget,
} from '../../../src/machines';

const origin = (address: string, change: Partial<CopyOriginDraft> = {}): CopyOriginDraft => ({
  key: `o-${address}`,
  type: 'ip',
  address,
  port: '80',
  host: '',
  protocol: 'http',
  level: '10',
  weight: '10',
  carrier: 'default',
  ip_type: 'all',
  region: 'all',
  sm_crypto: false,
  header_match: '',
  url_match: '',
  ...change,
});

const sourceId = '11111111-1111-4111-8111-111111111111';
const copyId = '22222222-2222-4222-8222-222222222222';
const groupId = '33333333-3333-4333-8333-333333333333';

const source = (change: Partial<CopySource> = {}): CopySource => ({
  id: sourceId,
  domain: 'www.example.com',
  status: 'active',
  special_config: false,
  version: 3,
  basic: { service_type: 'download', area: '2', business_type: 'large_file' },
  origins: [origin('192.0.2.10'), origin('192.0.2.20', { level: '20' })],
  group_id: groupId,
  ...change,
});

/** A controllable actor: each call is recorded and waits until the test settles it. */
function deferred() {
  const calls: Array<{
    input: CopyRequest;
    resolve: (ids: QueuedTarget[]) => void;
    reject: (error: unknown) => void;
  }> = [];
  const logic = fromPromise<QueuedTarget[], CopyRequest>(
    ({ input }) => new Promise((resolve, reject) => calls.push({ input, resolve, reject })),
  );
  const last = () => {
    const call = calls[calls.length - 1];
    if (!call) throw new Error('not called');
    return call;
  };
  return {
    logic,
    calls,
    last,
    /** Answers with ids made from the names: `id-<name>` (or `<prefix>-<name>`). */
    accept(prefix = 'id') {
      const call = last();
      call.resolve(call.input.targets.map((t) => ({ key: t.key, id: `${prefix}-${t.name}` })));
    },
  };
}

function start(existingNames: readonly string[] = ['www.example.com', 'taken.example.com']) {
  const queue = deferred();
  const requeue = deferred();
  const machine = copyConfigMachine.provide({ actors: { queue: queue.logic, requeue: requeue.logic } });
  const actor = createActor(machine, { input: { sourceId, copyId, existingNames } }).start();
  const ctx = () => actor.getSnapshot().context;
  const keys = () => ctx().targets.map((t) => t.key);
  /** Types the names into the rows, adding rows as needed. */
  const type = (...names: string[]) => {
    names.forEach((name, i) => {
      if (i >= ctx().targets.length) actor.send({ type: 'target.add' });
      actor.send({ type: 'target.change', key: keys()[i] as string, name });
    });
  };
  return { actor, queue, requeue, ctx, keys, type };
}

type Started = ReturnType<typeof start>;

function loaded(given: CopySource | null = source(), names?: readonly string[]) {
  const t = start(names);
  t.actor.send({ type: 'source.loaded', source: given });
  return t;
}

/** Through the steps to the queued copy, the queue answering with `id-<name>`. */
async function queued(...names: string[]): Promise<Started> {
  const t = loaded();
  t.type(...names);
  t.actor.send({ type: 'step.next' });
  t.actor.send({ type: 'step.next' });
  t.actor.send({ type: 'copy.submit' });
  t.queue.accept();
  await waitFor(t.actor, (s) => s.matches('done'));
  return t;
}

const names = (count: number) => Array.from({ length: count }, (_, i) => `site${i + 1}.example.org`);

describe('copyConfigMachine: the source', () => {
  it('waits in loading until the store answers', () => {
    const t = start();
    expect(t.actor.getSnapshot().value).toBe('loading');
    t.actor.send({ type: 'step.next' });
    expect(t.actor.getSnapshot().value).toBe('loading');
  });

  it('prefills basic information and origins from the source, and copies its group by default', () => {
    const t = loaded();
    const snap = t.actor.getSnapshot();
    expect(snap.value).toBe('targets');
    expect(snap.hasTag('targets')).toBe(true);
    expect(snap.context.basic).toEqual({ service_type: 'download', area: '2', business_type: 'large_file' });
    expect(snap.context.origins.map((o) => o.address)).toEqual(['192.0.2.10', '192.0.2.20']);
    expect(snap.context.copyGroup).toBe(true);
    expect(snap.context.targets).toHaveLength(1);
  });

  it('a source in no group does not copy a group', () => {
    expect(loaded(source({ group_id: null })).ctx().copyGroup).toBe(false);
  });

  it('a hung-up source can be copied', () => {
    expect(loaded(source({ status: 'hung_up' })).actor.getSnapshot().value).toBe('targets');
  });

  it.each([
    ['not found', null, 'notFound'],
    ['deleted', source({ status: 'deleted' }), 'deleted'],
    ['with a special configuration (spec §6)', source({ special_config: true }), 'specialConfig'],
    ['not yet created on the server', source({ version: 0 }), 'unsynced'],
  ] as const)('a source %s blocks the wizard', (_, given, state) => {
    const t = loaded(given);
    expect(t.actor.getSnapshot().value).toBe(state);
    expect(t.actor.getSnapshot().hasTag('blocked')).toBe(true);
    t.actor.send({ type: 'step.next' });
    t.actor.send({ type: 'copy.submit' });
    expect(t.actor.getSnapshot().value).toBe(state);
    expect(t.queue.calls).toHaveLength(0);
  });

  it('a later read that finds the source lifts "not found"', () => {
    const t = loaded(null);
    t.actor.send({ type: 'source.loaded', source: source() });
    expect(t.actor.getSnapshot().value).toBe('targets');
    expect(t.ctx().origins).toHaveLength(2);
  });

  it('a source created on the server meanwhile can then be copied', () => {
    const t = loaded(source({ version: 0 }));
    t.actor.send({ type: 'source.loaded', source: source({ version: 1 }) });
    expect(t.actor.getSnapshot().value).toBe('targets');
  });

  it.each(['targets', 'contents', 'confirm'] as const)(
    'a special configuration set while in %s blocks the wizard',
    (step) => {
      const t = loaded();
      t.type('a.example.org');
      if (step !== 'targets') t.actor.send({ type: 'step.next' });
      if (step === 'confirm') t.actor.send({ type: 'step.next' });
      expect(t.actor.getSnapshot().value).toBe(step);
      t.actor.send({ type: 'source.loaded', source: source({ special_config: true }) });
      expect(t.actor.getSnapshot().value).toBe('specialConfig');
    },
  );

  it('a refreshed read of the source keeps what the user typed', () => {
    const t = loaded();
    t.type('a.example.org');
    t.actor.send({ type: 'step.next' });
    t.actor.send({ type: 'step.next' });
    t.actor.send({ type: 'basic.change', value: { service_type: 'web', area: '1', business_type: 'web' } });
    t.actor.send({ type: 'source.loaded', source: source({ origins: [origin('198.51.100.1')] }) });
    expect(t.actor.getSnapshot().value).toBe('confirm');
    expect(t.ctx().basic.service_type).toBe('web');
    expect(t.ctx().origins.map((o) => o.address)).toEqual(['192.0.2.10', '192.0.2.20']);
  });
});

describe('copyConfigMachine: target domains', () => {
  it('adds rows up to 10 and no more', () => {
    const t = loaded();
    for (let i = 0; i < 12; i += 1) t.actor.send({ type: 'target.add' });
    expect(t.ctx().targets).toHaveLength(10);
    expect(new Set(t.keys()).size).toBe(10);
  });

  it('removes a row, but keeps the last one', () => {
    const t = loaded();
    t.type('a.example.org', 'b.example.org');
    t.actor.send({ type: 'target.remove', key: t.keys()[0] as string });
    expect(t.ctx().targets.map((x) => x.name)).toEqual(['b.example.org']);
    t.actor.send({ type: 'target.remove', key: t.keys()[0] as string });
    expect(t.ctx().targets).toHaveLength(1);
  });

  it('10 targets are accepted (the spec §5 limit)', () => {
    const t = loaded();
    t.type(...names(10));
    t.actor.send({ type: 'step.next' });
    expect(t.actor.getSnapshot().value).toBe('contents');
  });

  it('11 targets (by pasting) are refused with the limit; removing one lets the user go on', () => {
    const t = loaded();
    t.actor.send({ type: 'target.paste', key: t.keys()[0] as string, text: names(11).join('\n') });
    expect(t.ctx().targets).toHaveLength(11);
    t.actor.send({ type: 'step.next' });
    expect(t.actor.getSnapshot().value).toBe('targets');
    expect(t.ctx().targetsProblem).toBe('domain.copy.targetsMax');
    expect(t.ctx().targetIssues).toEqual({});
    t.actor.send({ type: 'target.remove', key: t.keys()[10] as string });
    // Checked as the user edits once "next" was refused.
    expect(t.ctx().targetsProblem).toBeNull();
    t.actor.send({ type: 'step.next' });
    expect(t.actor.getSnapshot().value).toBe('contents');
  });

  it('a paste splits on lines, spaces, commas and semicolons, in place of the row', () => {
    const t = loaded();
    t.type('first.example.org', 'last.example.org');
    t.actor.send({
      type: 'target.paste',
      key: t.keys()[0] as string,
      text: ' a.example.org,b.example.org\r\nc.example.org ;d.example.org，e.example.org\n',
    });
    expect(t.ctx().targets.map((x) => x.name)).toEqual([
      'a.example.org',
      'b.example.org',
      'c.example.org',
      'd.example.org',
      'e.example.org',
      'last.example.org',
    ]);
    expect(new Set(t.keys()).size).toBe(6);
  });

  it('an empty paste changes nothing', () => {
    const t = loaded();
    t.type('a.example.org');
    t.actor.send({ type: 'target.paste', key: t.keys()[0] as string, text: ' \n ' });
    expect(t.ctx().targets.map((x) => x.name)).toEqual(['a.example.org']);
  });

  it('marks the later of two equal names as a duplicate', () => {
    const t = loaded();
    t.type('a.example.org', 'b.example.org', ' a.example.org ');
    t.actor.send({ type: 'step.next' });
    expect(t.actor.getSnapshot().value).toBe('targets');
    expect(t.ctx().targetIssues).toEqual({ [t.keys()[2] as string]: 'domain.name.duplicate' });
  });

  it('marks a name that exists already, from the input and from later reads', () => {
    const t = loaded();
    t.type('www.example.com', 'fresh.example.org', 'new.example.org');
    t.actor.send({ type: 'names.known', names: ['www.example.com', 'new.example.org'] });
    t.actor.send({ type: 'step.next' });
    expect(t.ctx().targetIssues).toEqual({
      [t.keys()[0] as string]: 'domain.name.exists',
      [t.keys()[2] as string]: 'domain.name.exists',
    });
  });

  it.each([
    ['', 'domain.name.required'],
    ['Bad.Example.com', 'domain.name.chars'],
    ['-a.example.com', 'domain.name.hyphen'],
    [`${'a'.repeat(60)}.${'b'.repeat(36)}.com`, 'domain.name.tooLong'],
    ['localhost', 'domain.name.format'],
  ])('refuses %j with %s', (name, problem) => {
    const t = loaded();
    t.type(name);
    t.actor.send({ type: 'step.next' });
    expect(t.actor.getSnapshot().value).toBe('targets');
    expect(t.ctx().targetIssues).toEqual({ [t.keys()[0] as string]: problem });
  });

  it('a 100-character name and a wildcard are accepted', () => {
    const t = loaded();
    t.type(`${'a'.repeat(60)}.${'b'.repeat(35)}.com`, '*.example.org');
    expect(t.ctx().targets[0]?.name).toHaveLength(100);
    t.actor.send({ type: 'step.next' });
    expect(t.actor.getSnapshot().value).toBe('contents');
  });

  it('shows no problem before "next", then follows the typing', () => {
    const t = loaded();
    t.type('bad name');
    expect(t.ctx().targetIssues).toEqual({});
    t.actor.send({ type: 'step.next' });
    expect(t.ctx().targetIssues).toEqual({ [t.keys()[0] as string]: 'domain.name.chars' });
    t.type('good.example.org');
    expect(t.ctx().targetIssues).toEqual({});
  });
});

describe('copyConfigMachine: contents and navigation', () => {
  it('group is optional; basic and origins always go', () => {
    const t = loaded();
    t.type('a.example.org');
    t.actor.send({ type: 'step.next' });
    expect(t.actor.getSnapshot().hasTag('contents')).toBe(true);
    t.actor.send({ type: 'contents.group', on: false });
    expect(t.ctx().copyGroup).toBe(false);
    t.actor.send({ type: 'contents.group', on: true });
    expect(t.ctx().copyGroup).toBe(true);
  });

  it('a source in no group cannot copy one', () => {
    const t = loaded(source({ group_id: null }));
    t.type('a.example.org');
    t.actor.send({ type: 'step.next' });
    t.actor.send({ type: 'contents.group', on: true });
    expect(t.ctx().copyGroup).toBe(false);
  });

  it('back and next keep everything typed', () => {
    const t = loaded();
    t.type('a.example.org', 'b.example.org');
    t.actor.send({ type: 'step.next' });
    t.actor.send({ type: 'contents.group', on: false });
    t.actor.send({ type: 'step.next' });
    expect(t.actor.getSnapshot().value).toBe('confirm');
    const basic = { service_type: 'web', area: '3', business_type: 'image' };
    t.actor.send({ type: 'basic.change', value: basic });
    t.actor.send({ type: 'origins.change', value: [origin('203.0.113.9')] });
    t.actor.send({ type: 'step.back' });
    expect(t.actor.getSnapshot().value).toBe('contents');
    t.actor.send({ type: 'step.back' });
    expect(t.actor.getSnapshot().value).toBe('targets');
    // There is no step before the first.
    t.actor.send({ type: 'step.back' });
    expect(t.actor.getSnapshot().value).toBe('targets');
    expect(t.ctx().targets.map((x) => x.name)).toEqual(['a.example.org', 'b.example.org']);
    t.actor.send({ type: 'step.next' });
    t.actor.send({ type: 'step.next' });
    expect(t.ctx().copyGroup).toBe(false);
    expect(t.ctx().basic).toEqual(basic);
    expect(t.ctx().origins.map((o) => o.address)).toEqual(['203.0.113.9']);
  });
});

describe('copyConfigMachine: confirm and submit', () => {
  function atConfirm(...targetNames: string[]) {
    const t = loaded();
    t.type(...targetNames);
    t.actor.send({ type: 'step.next' });
    t.actor.send({ type: 'step.next' });
    return t;
  }

  it('refuses origins that break the rules, then follows the edits', () => {
    const t = atConfirm('a.example.org');
    t.actor.send({ type: 'origins.change', value: [] });
    t.actor.send({ type: 'copy.submit' });
    expect(t.actor.getSnapshot().value).toBe('confirm');
    expect(t.ctx().originIssues).toEqual([{ path: 'origins', message_id: 'domain.origin.none' }]);
    t.actor.send({ type: 'origins.change', value: [origin('192.0.2.1'), origin('192.0.2.1')] });
    expect(t.ctx().originIssues).toEqual([
      { path: 'origins.1.address', message_id: 'domain.origin.duplicate' },
    ]);
    t.actor.send({ type: 'origins.change', value: [origin('192.0.2.1')] });
    expect(t.ctx().originIssues).toEqual([]);
    expect(t.queue.calls).toHaveLength(0);
  });

  it('queues every target once, with one copy id, the confirmed information and the group', async () => {
    const t = atConfirm(' a.example.org', 'b.example.org');
    t.actor.send({ type: 'copy.submit' });
    const snap = t.actor.getSnapshot();
    expect(snap.value).toBe('submitting');
    expect(snap.hasTag('busy')).toBe(true);
    t.actor.send({ type: 'copy.submit' });
    expect(t.queue.calls).toHaveLength(1);
    expect(t.queue.last().input).toEqual({
      copyId,
      sourceId,
      targets: [
        { key: t.keys()[0], name: 'a.example.org', previousId: null },
        { key: t.keys()[1], name: 'b.example.org', previousId: null },
      ],
      basic: source().basic,
      origins: source().origins,
      contents: ['basic', 'origin', 'group'],
      groupId,
      sectionVersions: {},
    });
    t.queue.accept();
    const done = await waitFor(t.actor, (s) => s.matches({ done: 'settling' }));
    expect(done.hasTag('done')).toBe(true);
    expect(done.context.targets.map((x) => [x.name, x.id, x.result])).toEqual([
      ['a.example.org', 'id-a.example.org', 'pending'],
      ['b.example.org', 'id-b.example.org', 'pending'],
    ]);
  });

  it('without the group, the targets go in no group', () => {
    const t = loaded();
    t.type('a.example.org');
    t.actor.send({ type: 'step.next' });
    t.actor.send({ type: 'contents.group', on: false });
    t.actor.send({ type: 'step.next' });
    t.actor.send({ type: 'copy.submit' });
    expect(t.queue.last().input.contents).toEqual(['basic', 'origin']);
    expect(t.queue.last().input.groupId).toBeNull();
  });

  it('carries the chosen configuration sections at the versions read, HTTPS only without a certificate', () => {
    const t = loaded();
    t.type('a.example.org');
    t.actor.send({ type: 'step.next' });
    t.actor.send({ type: 'contents.section', content: 'cache', on: true });
    t.actor.send({ type: 'contents.section', content: 'https', on: true });
    t.actor.send({ type: 'contents.section', content: 'advanced', on: true });
    t.actor.send({ type: 'contents.section', content: 'advanced', on: false });
    // Not read yet: no section goes, whatever was ticked.
    t.actor.send({ type: 'step.next' });
    t.actor.send({ type: 'copy.submit' });
    expect(t.queue.last().input.contents).toEqual(['basic', 'origin', 'group']);

    const u = loaded();
    u.type('a.example.org');
    u.actor.send({
      type: 'source.config',
      config: { versions: { domainCache: 3, domainHttps: 2 }, hasCertificate: true },
    });
    u.actor.send({ type: 'step.next' });
    u.actor.send({ type: 'contents.section', content: 'cache', on: true });
    u.actor.send({ type: 'contents.section', content: 'https', on: true });
    u.actor.send({ type: 'step.next' });
    u.actor.send({ type: 'copy.submit' });
    expect(u.queue.last().input.contents).toEqual(['basic', 'origin', 'group', 'cache']);
    expect(u.queue.last().input.sectionVersions).toEqual({ domainCache: 3, domainHttps: 2 });

    const w = loaded();
    w.type('a.example.org');
    w.actor.send({ type: 'source.config', config: { versions: { domainHttps: 2 }, hasCertificate: false } });
    w.actor.send({ type: 'step.next' });
    w.actor.send({ type: 'contents.section', content: 'https', on: true });
    w.actor.send({ type: 'step.next' });
    w.actor.send({ type: 'copy.submit' });
    expect(w.queue.last().input.contents).toEqual(['basic', 'origin', 'group', 'https']);
  });

  it('when nothing could be saved (storage full), returns to confirm with everything kept', async () => {
    const t = atConfirm('a.example.org');
    t.actor.send({ type: 'copy.submit' });
    const error = new Error('full');
    t.queue.last().reject(error);
    await waitFor(t.actor, (s) => s.matches('confirm'));
    expect(t.ctx().failure).toBe(error);
    expect(t.ctx().targets[0]?.name).toBe('a.example.org');
    t.actor.send({ type: 'copy.submit' });
    expect(t.queue.calls).toHaveLength(2);
    expect(t.ctx().failure).toBeNull();
  });
});

describe('copyConfigMachine: results and retry', () => {
  it('all created → succeeded', async () => {
    const t = await queued('a.example.org', 'b.example.org');
    t.actor.send({ type: 'target.succeeded', id: 'id-a.example.org' });
    expect(t.actor.getSnapshot().matches({ done: 'settling' })).toBe(true);
    t.actor.send({ type: 'target.succeeded', id: 'id-b.example.org' });
    expect(t.actor.getSnapshot().matches({ done: 'succeeded' })).toBe(true);
  });

  it('a report about an unknown id changes nothing', async () => {
    const t = await queued('a.example.org');
    t.actor.send({ type: 'target.failed', id: 'someone-else', message: 'no' });
    expect(t.actor.getSnapshot().matches({ done: 'settling' })).toBe(true);
    expect(t.ctx().targets[0]?.result).toBe('pending');
  });

  it('any failure → failed (copy config failed), with the server message, others still pending', async () => {
    const t = await queued('a.example.org', 'b.example.org');
    t.actor.send({ type: 'target.failed', id: 'id-b.example.org', message: 'The domain exists' });
    expect(t.actor.getSnapshot().matches({ done: 'failed' })).toBe(true);
    expect(t.ctx().targets[1]).toMatchObject({ result: 'failed', message: 'The domain exists' });
    expect(t.ctx().targets[0]?.result).toBe('pending');
  });

  it('a failed target sent again elsewhere (target.queued) is pending again', async () => {
    const t = await queued('a.example.org');
    t.actor.send({ type: 'target.failed', id: 'id-a.example.org', message: 'x' });
    t.actor.send({ type: 'target.queued', id: 'id-a.example.org' });
    expect(t.actor.getSnapshot().matches({ done: 'settling' })).toBe(true);
    expect(t.ctx().targets[0]).toMatchObject({ result: 'pending', message: null });
  });

  it('retries only the failed targets, renamed, with new ids and the same copy id', async () => {
    const t = await queued('a.example.org', 'b.example.org', 'c.example.org');
    t.actor.send({ type: 'target.succeeded', id: 'id-a.example.org' });
    t.actor.send({ type: 'target.failed', id: 'id-b.example.org', message: 'taken' });
    t.actor.send({ type: 'target.failed', id: 'id-c.example.org', message: 'refused' });
    const [keyA, keyB, keyC] = t.keys() as [string, string, string];
    // Only the failed targets can be renamed.
    t.actor.send({ type: 'target.change', key: keyA, name: 'x.example.org' });
    t.actor.send({ type: 'target.change', key: keyB, name: ' b2.example.org ' });
    expect(t.ctx().targets[0]?.name).toBe('a.example.org');
    t.actor.send({ type: 'retry.submit' });
    expect(t.actor.getSnapshot().matches({ done: 'retrying' })).toBe(true);
    expect(t.actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(t.requeue.last().input).toMatchObject({
      copyId,
      sourceId,
      targets: [
        { key: keyB, name: 'b2.example.org', previousId: 'id-b.example.org' },
        { key: keyC, name: 'c.example.org', previousId: 'id-c.example.org' },
      ],
    });
    // A report arriving meanwhile is kept.
    t.actor.send({ type: 'target.failed', id: 'id-a.example.org', message: 'late' });
    t.actor.send({ type: 'target.succeeded', id: 'id-a.example.org' });
    t.requeue.accept('retry');
    await waitFor(t.actor, (s) => s.matches({ done: 'settling' }));
    expect(t.ctx().targets.map((x) => [x.key, x.id, x.result, x.message])).toEqual([
      [keyA, 'id-a.example.org', 'created', null],
      [keyB, 'retry-b2.example.org', 'pending', null],
      [keyC, 'retry-c.example.org', 'pending', null],
    ]);
    // Reports about the replaced commands are ignored.
    t.actor.send({ type: 'target.failed', id: 'id-b.example.org', message: 'old' });
    expect(t.actor.getSnapshot().matches({ done: 'settling' })).toBe(true);
    t.actor.send({ type: 'target.succeeded', id: 'retry-b2.example.org' });
    t.actor.send({ type: 'target.succeeded', id: 'retry-c.example.org' });
    expect(t.actor.getSnapshot().matches({ done: 'succeeded' })).toBe(true);
    expect(t.queue.calls).toHaveLength(1);
  });

  it.each([
    ['a name of another target', 'a.example.org', 'domain.name.duplicate'],
    ['an existing domain', 'taken.example.com', 'domain.name.exists'],
    ['an invalid name', 'b..example.org', 'domain.name.format'],
  ])('refuses a retry renamed to %s', async (_, name, problem) => {
    const t = await queued('a.example.org', 'b.example.org');
    t.actor.send({ type: 'target.failed', id: 'id-b.example.org', message: 'taken' });
    const keyB = t.keys()[1] as string;
    t.actor.send({ type: 'target.change', key: keyB, name });
    t.actor.send({ type: 'retry.submit' });
    expect(t.actor.getSnapshot().matches({ done: 'failed' })).toBe(true);
    expect(t.ctx().targetIssues).toEqual({ [keyB]: problem });
    expect(t.requeue.calls).toHaveLength(0);
    t.actor.send({ type: 'target.change', key: keyB, name: 'b2.example.org' });
    expect(t.ctx().targetIssues).toEqual({});
  });

  it('a retry that could not be saved stays failed, ready to try again', async () => {
    const t = await queued('a.example.org');
    t.actor.send({ type: 'target.failed', id: 'id-a.example.org', message: 'x' });
    t.actor.send({ type: 'retry.submit' });
    const error = new Error('full');
    t.requeue.last().reject(error);
    await waitFor(t.actor, (s) => s.matches({ done: 'failed' }));
    expect(t.ctx().failure).toBe(error);
    expect(t.ctx().targets[0]).toMatchObject({ id: 'id-a.example.org', result: 'failed' });
    t.actor.send({ type: 'retry.submit' });
    expect(t.requeue.calls).toHaveLength(2);
  });

  it('no retry while nothing failed', async () => {
    const t = await queued('a.example.org');
    t.actor.send({ type: 'retry.submit' });
    expect(t.requeue.calls).toHaveLength(0);
    expect(t.actor.getSnapshot().matches({ done: 'settling' })).toBe(true);
  });
});

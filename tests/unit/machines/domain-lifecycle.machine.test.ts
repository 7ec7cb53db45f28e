import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { domainLifecycleMachine, type LifecycleDomain, type LifecycleRequest } from '../../../src/machines';
import type { DomainStatus } from '../../../src/contract/rules/domain';

const domain = (status: DomainStatus, special = false): LifecycleDomain => ({
  id: '0b6f7f5e-3d0c-4c2a-9f1e-1a2b3c4d5e6f',
  domain: 'www.example.com',
  status,
  special_config: special,
});

function start(outcome: 'ok' | 'fail' = 'ok') {
  const queued: LifecycleRequest[] = [];
  const machine = domainLifecycleMachine.provide({
    actors: {
      queue: fromPromise<void, LifecycleRequest>(async ({ input }) => {
        queued.push(input);
        if (outcome === 'fail') throw new Error('storage full');
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, queued };
}

describe('domain lifecycle machine', () => {
  it.each([
    ['hangUp', 'active'],
    ['recover', 'hung_up'],
    ['delete', 'active'],
    ['delete', 'hung_up'],
  ] as const)('%s from %s asks for confirmation, then queues', async (action, status) => {
    const { actor, queued } = start();
    actor.send({ type: 'start', action, domain: domain(status), online: true });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(queued).toEqual([]);
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(queued).toEqual([{ action, domain: domain(status) }]);
    expect(actor.getSnapshot().context.queuedOffline).toBe(false);
  });

  it.each([
    ['hangUp', 'hung_up'],
    ['recover', 'active'],
    ['hangUp', 'deleted'],
    ['recover', 'deleted'],
    ['delete', 'deleted'],
    ['rename', 'deleted'],
  ] as const)('refuses %s from %s', (action, status) => {
    const { actor, queued } = start();
    actor.send({ type: 'start', action, domain: domain(status), online: true });
    expect(actor.getSnapshot().value).toBe('refused');
    expect(actor.getSnapshot().context.refusal).toBe('domain.rule.invalidTransition');
    actor.send({ type: 'confirm' });
    expect(queued).toEqual([]);
  });

  it('a special configuration blocks rename and delete but not suspend', () => {
    const { actor } = start();
    for (const action of ['rename', 'delete'] as const) {
      actor.send({ type: 'start', action, domain: domain('active', true), online: true });
      expect(actor.getSnapshot().context.refusal).toBe('domain.rule.specialConfig');
      actor.send({ type: 'cancel' });
    }
    actor.send({ type: 'start', action: 'hangUp', domain: domain('active', true), online: true });
    expect(actor.getSnapshot().value).toBe('confirming');
  });

  it('cancel leaves the domain alone', () => {
    const { actor, queued } = start();
    actor.send({ type: 'start', action: 'delete', domain: domain('active'), online: true });
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(queued).toEqual([]);
  });

  it('deleting offline needs a second confirmation that it runs on reconnect', async () => {
    const { actor, queued } = start();
    actor.send({ type: 'start', action: 'delete', domain: domain('active'), online: false });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('confirmingOffline');
    expect(queued).toEqual([]);
    actor.send({ type: 'confirmOffline' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(queued).toHaveLength(1);
    expect(actor.getSnapshot().context.queuedOffline).toBe(true);
  });

  it('going offline while the delete dialog is open asks the second question too', () => {
    const { actor } = start();
    actor.send({ type: 'start', action: 'delete', domain: domain('active'), online: true });
    actor.send({ type: 'connectivity', online: false });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().value).toBe('confirmingOffline');
  });

  it('hanging up offline is queued without a second question', async () => {
    const { actor } = start();
    actor.send({ type: 'start', action: 'hangUp', domain: domain('active'), online: false });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.queuedOffline).toBe(true);
  });

  it('rename checks the new name before queueing it', async () => {
    const { actor, queued } = start();
    actor.send({ type: 'start', action: 'rename', domain: domain('hung_up'), online: true });
    expect(actor.getSnapshot().context.newName).toBe('www.example.com');
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().context.nameProblem).toBe('domain.rename.same');
    actor.send({ type: 'name.change', value: '-bad.example.com' });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().context.nameProblem).toBe('domain.name.hyphen');
    actor.send({ type: 'name.change', value: 'WWW.example.com' });
    actor.send({ type: 'confirm' });
    expect(actor.getSnapshot().context.nameProblem).toBe('domain.name.chars');
    expect(queued).toEqual([]);
    actor.send({ type: 'name.change', value: ' shop.example.com ' });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(queued[0]).toMatchObject({ action: 'rename', newName: 'shop.example.com' });
  });

  it('keeps the request when saving fails, to try again', async () => {
    const { actor, queued } = start('fail');
    actor.send({ type: 'start', action: 'hangUp', domain: domain('active'), online: true });
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.failure).toBeInstanceOf(Error);
    actor.send({ type: 'confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(queued).toHaveLength(2);
  });
});

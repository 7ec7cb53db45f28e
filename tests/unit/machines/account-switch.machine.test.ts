import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { accountSwitchMachine } from '../../../src/machines';
import type { OutputOf } from '../../../src/contract';

function start(outcome: 'ok' | 'fail') {
  const requested: number[] = [];
  const entered: number[] = [];
  let settle: () => void = () => {};
  const switchAccount = fromPromise<OutputOf<'switchUser'>, { id: number }>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        requested.push(input.id);
        settle = () => (outcome === 'ok' ? resolve({ view_id: input.id }) : reject({ code: 40302 }));
      }),
  );
  const actor = createActor(
    accountSwitchMachine.provide({
      actors: { switchAccount },
      actions: { enterAccount: (_, params) => entered.push(params.id) },
    }),
  ).start();
  return { actor, requested, entered, settle: () => settle() };
}

describe('accountSwitchMachine', () => {
  it('starts idle with no target', () => {
    const t = start('ok');
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.actor.getSnapshot().context.targetId).toBeNull();
  });

  it('switches, busy meanwhile, then enters the account', async () => {
    const t = start('ok');
    t.actor.send({ type: 'account.switch', id: 12 });
    const switching = t.actor.getSnapshot();
    expect(switching.value).toBe('switching');
    expect(switching.hasTag('busy')).toBe(true);
    expect(switching.context.targetId).toBe(12);
    // A second pick while switching is ignored.
    t.actor.send({ type: 'account.switch', id: 13 });
    expect(t.requested).toEqual([12]);
    expect(t.entered).toEqual([]);
    t.settle();
    const done = await waitFor(t.actor, (s) => s.matches('switched'));
    expect(done.status).toBe('done');
    expect(t.entered).toEqual([12]);
  });

  it('returns to idle when the server refuses, and may try again', async () => {
    const t = start('fail');
    t.actor.send({ type: 'account.switch', id: 5 });
    t.settle();
    const idle = await waitFor(t.actor, (s) => s.matches('idle'));
    expect(idle.context.targetId).toBeNull();
    expect(t.entered).toEqual([]);
    t.actor.send({ type: 'account.switch', id: 6 });
    expect(t.actor.getSnapshot().value).toBe('switching');
    expect(t.requested).toEqual([5, 6]);
  });
});

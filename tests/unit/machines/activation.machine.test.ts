import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { activationMachine } from '../../../src/machines';
import type { ApplyForServiceResult } from '../../../src/machines';
import type { ServiceStatus } from '../../../src/contract';

/** A controllable applyForService: each call waits until the test settles it. */
function deferredApply() {
  const pending: Array<{ resolve: (v: ApplyForServiceResult) => void; reject: (e: unknown) => void }> = [];
  const logic = fromPromise<ApplyForServiceResult>(
    () => new Promise<ApplyForServiceResult>((resolve, reject) => pending.push({ resolve, reject })),
  );
  return {
    logic,
    get calls() {
      return pending.length;
    },
    settle(outcome: ApplyForServiceResult | { code: number; data?: unknown }) {
      const next = pending[pending.length - 1];
      if (!next) throw new Error('applyForService was not called');
      if (typeof outcome === 'string') next.resolve(outcome);
      else next.reject(Object.assign(new Error('rejected'), outcome));
    },
  };
}

function start(serviceStatus: ServiceStatus = 'not_open') {
  const apply = deferredApply();
  const effects: string[] = [];
  const machine = activationMachine.provide({
    actors: { applyForService: apply.logic },
    actions: {
      warnAgreement: () => effects.push('warnAgreement'),
      openRealName: () => effects.push('openRealName'),
      announceOpened: () => effects.push('announceOpened'),
    },
  });
  const actor = createActor(machine, { input: { serviceStatus } }).start();
  return { actor, apply, effects };
}

describe('activationMachine: first state from the service status', () => {
  it.each([
    ['not_open', 'editing', 'active'],
    ['auditing', 'underReview', 'active'],
    ['open', 'opened', 'done'],
  ] as const)('%s → %s', (status, state, actorStatus) => {
    const t = start(status);
    expect(t.actor.getSnapshot().value).toBe(state);
    expect(t.actor.getSnapshot().status).toBe(actorStatus);
    // Arriving already open is not a fresh activation: no success toast.
    expect(t.effects).toEqual([]);
  });
});

describe('activationMachine: submitting', () => {
  it('warns and stays when the agreement is not ticked (spec §5)', () => {
    const t = start();
    t.actor.send({ type: 'form.submit' });
    expect(t.actor.getSnapshot().value).toBe('editing');
    expect(t.effects).toEqual(['warnAgreement']);
    expect(t.apply.calls).toBe(0);
  });

  it('warns again after the tick is removed', () => {
    const t = start();
    t.actor.send({ type: 'agreement.toggle', agreed: true });
    t.actor.send({ type: 'agreement.toggle', agreed: false });
    t.actor.send({ type: 'form.submit' });
    expect(t.effects).toEqual(['warnAgreement']);
    expect(t.actor.getSnapshot().context.agreed).toBe(false);
  });

  it('applies when ticked, busy until answered; open → opened with the success announcement', async () => {
    const t = start();
    t.actor.send({ type: 'agreement.toggle', agreed: true });
    t.actor.send({ type: 'form.submit' });
    expect(t.actor.getSnapshot().value).toBe('submitting');
    expect(t.actor.getSnapshot().hasTag('busy')).toBe(true);
    // A second click while submitting does not apply twice.
    t.actor.send({ type: 'form.submit' });
    expect(t.apply.calls).toBe(1);
    t.apply.settle('open');
    const done = await waitFor(t.actor, (s) => s.matches('opened'));
    expect(done.status).toBe('done');
    expect(done.hasTag('busy')).toBe(false);
    expect(t.effects).toEqual(['announceOpened']);
  });

  it('auditing → auditPending; acknowledging → underReview, where applying is disabled', async () => {
    const t = start();
    t.actor.send({ type: 'agreement.toggle', agreed: true });
    t.actor.send({ type: 'form.submit' });
    t.apply.settle('auditing');
    await waitFor(t.actor, (s) => s.matches('auditPending'));
    t.actor.send({ type: 'audit.acknowledge' });
    expect(t.actor.getSnapshot().value).toBe('underReview');
    t.actor.send({ type: 'form.submit' });
    expect(t.actor.getSnapshot().value).toBe('underReview');
    expect(t.apply.calls).toBe(1);
    expect(t.effects).toEqual([]);
  });

  it('11000608 → realNamePrompt; confirming opens the real-name page and returns to editing', async () => {
    const t = start();
    t.actor.send({ type: 'agreement.toggle', agreed: true });
    t.actor.send({ type: 'form.submit' });
    t.apply.settle({ code: 11000608 });
    await waitFor(t.actor, (s) => s.matches('realNamePrompt'));
    t.actor.send({ type: 'realName.confirm' });
    expect(t.actor.getSnapshot().value).toBe('editing');
    expect(t.effects).toEqual(['openRealName']);
    // The tick survives the detour.
    expect(t.actor.getSnapshot().context.agreed).toBe(true);
  });

  it('cancelling the real-name prompt returns to editing without opening the page', async () => {
    const t = start();
    t.actor.send({ type: 'agreement.toggle', agreed: true });
    t.actor.send({ type: 'form.submit' });
    t.apply.settle({ code: 11000608 });
    await waitFor(t.actor, (s) => s.matches('realNamePrompt'));
    t.actor.send({ type: 'realName.cancel' });
    expect(t.actor.getSnapshot().value).toBe('editing');
    expect(t.effects).toEqual([]);
  });

  it("11000608 for a channel's customer → a notice, never the real-name page (only its holder can verify)", async () => {
    const t = start();
    t.actor.send({ type: 'agreement.toggle', agreed: true });
    t.actor.send({ type: 'form.submit' });
    t.apply.settle({ code: 11000608, data: { account: 'customer01', holder_must_verify: true } });
    await waitFor(t.actor, (s) => s.matches('realNameByHolder'));
    t.actor.send({ type: 'realName.confirm' });
    expect(t.actor.getSnapshot().value).toBe('realNameByHolder');
    t.actor.send({ type: 'realName.acknowledge' });
    expect(t.actor.getSnapshot().value).toBe('editing');
    expect(t.effects).toEqual([]);
  });

  it.each([{ code: 40901 }, { code: -1 }, { code: 40101 }])(
    'other failures ($code) return to editing, ready to retry',
    async (error) => {
      const t = start();
      t.actor.send({ type: 'agreement.toggle', agreed: true });
      t.actor.send({ type: 'form.submit' });
      t.apply.settle(error);
      await waitFor(t.actor, (s) => s.matches('editing'));
      expect(t.effects).toEqual([]);
      t.actor.send({ type: 'form.submit' });
      expect(t.actor.getSnapshot().value).toBe('submitting');
      expect(t.apply.calls).toBe(2);
    },
  );

  it('a failure without a code returns to editing', async () => {
    const apply = fromPromise<ApplyForServiceResult>(() => Promise.reject(new Error('boom')));
    const actor = createActor(activationMachine.provide({ actors: { applyForService: apply } }), {
      input: { serviceStatus: 'not_open' },
    }).start();
    actor.send({ type: 'agreement.toggle', agreed: true });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().value).toBe('editing');
  });
});

describe('activationMachine: billing document', () => {
  it.each(['editing', 'realNamePrompt', 'auditPending', 'underReview'] as const)(
    'opens and closes in %s without leaving it',
    async (state) => {
      const t = start(state === 'underReview' ? 'auditing' : 'not_open');
      if (state === 'realNamePrompt' || state === 'auditPending') {
        t.actor.send({ type: 'agreement.toggle', agreed: true });
        t.actor.send({ type: 'form.submit' });
        t.apply.settle(state === 'realNamePrompt' ? { code: 11000608 } : 'auditing');
        await waitFor(t.actor, (s) => s.matches(state));
      }
      t.actor.send({ type: 'billing.open' });
      expect(t.actor.getSnapshot().context.billingOpen).toBe(true);
      expect(t.actor.getSnapshot().value).toBe(state);
      t.actor.send({ type: 'billing.close' });
      expect(t.actor.getSnapshot().context.billingOpen).toBe(false);
      expect(t.actor.getSnapshot().value).toBe(state);
    },
  );

  it('works while submitting too', () => {
    const t = start();
    t.actor.send({ type: 'agreement.toggle', agreed: true });
    t.actor.send({ type: 'form.submit' });
    t.actor.send({ type: 'billing.open' });
    expect(t.actor.getSnapshot().context.billingOpen).toBe(true);
    expect(t.actor.getSnapshot().value).toBe('submitting');
  });
});

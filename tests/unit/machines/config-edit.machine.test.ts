import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { configEditMachine } from '../../../src/machines/config-edit.machine';

interface Draft {
  on: boolean;
  entries: string[];
}
const check = (draft: Draft) =>
  draft.entries.some((e) => e === 'bad')
    ? { issues: [{ path: 'entries.0', message_id: 'rule.bad' }] }
    : { content: { ...draft, entries: draft.on ? draft.entries : [] } };

const start = () => {
  const actor = createActor(configEditMachine<Draft>());
  actor.start();
  actor.send({ type: 'section.edit', initial: { on: true, entries: ['a'] } });
  return actor;
};

describe('configEditMachine', () => {
  it('keeps a wrong draft in editing with its issues, then reviews the corrected one', () => {
    const actor = start();
    actor.send({ type: 'form.change', draft: { on: true, entries: ['bad'] } });
    actor.send({ type: 'form.review', check });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.issues).toEqual([{ path: 'entries.0', message_id: 'rule.bad' }]);
    expect(actor.getSnapshot().context.draft).toEqual({ on: true, entries: ['bad'] });
    actor.send({ type: 'form.change', draft: { on: true, entries: ['b'] } });
    actor.send({ type: 'form.review', check });
    expect(actor.getSnapshot().value).toBe('reviewing');
    expect(actor.getSnapshot().context.reviewed).toEqual({ on: true, entries: ['b'] });
    actor.send({ type: 'form.back' });
    expect(actor.getSnapshot().context.draft).toEqual({ on: true, entries: ['b'] });
  });

  it('asks before a switch turned off clears its settings; cancel keeps the draft', () => {
    const actor = start();
    actor.send({ type: 'switch.off', draft: { on: false, entries: ['a'] } });
    expect(actor.getSnapshot().value).toBe('confirmingOff');
    actor.send({ type: 'switch.cancel' });
    expect(actor.getSnapshot().context.draft).toEqual({ on: true, entries: ['a'] });
    actor.send({ type: 'switch.off', draft: { on: false, entries: ['a'] } });
    actor.send({ type: 'switch.confirm' });
    expect(actor.getSnapshot().context.draft).toEqual({ on: false, entries: ['a'] });
  });

  it('queues the reviewed content once, then shows the values again', async () => {
    const actor = start();
    actor.send({ type: 'form.review', check });
    const queued: Draft[] = [];
    actor.send({ type: 'form.apply', queue: async (content) => void queued.push(content) });
    await waitFor(actor, (s) => s.matches('viewing'));
    expect(queued).toEqual([{ on: true, entries: ['a'] }]);
    expect(actor.getSnapshot().context.draft).toBeNull();
  });

  it('returns to editing with the reason when the change could not be saved, nothing lost', async () => {
    const actor = start();
    actor.send({ type: 'form.change', draft: { on: true, entries: ['c'] } });
    actor.send({ type: 'form.review', check });
    class StoreFullError extends Error {
      override name = 'StoreFullError';
    }
    actor.send({ type: 'form.apply', queue: () => Promise.reject(new StoreFullError('full')) });
    await waitFor(actor, (s) => s.matches('editing'));
    expect(actor.getSnapshot().context.failure).toBe('StoreFullError');
    expect(actor.getSnapshot().context.draft).toEqual({ on: true, entries: ['c'] });
  });
});

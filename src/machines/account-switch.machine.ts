import { assign, fromPromise, setup } from 'xstate';
import type { OutputOf } from '../contract';

export interface AccountSwitchContext {
  /** The account being switched to. */
  targetId: number | null;
}

export type AccountSwitchEvent = { type: 'account.switch'; id: number };

/**
 * Switching the active account from the account menu (spec §4, §6): the server makes the
 * account active, then the console enters it afresh.
 */
export const accountSwitchMachine = setup({
  types: {
    context: {} as AccountSwitchContext,
    events: {} as AccountSwitchEvent,
  },
  actors: {
    /** POST switchUser `{ user_id }`; rejects when the server refuses (the client shows why). */
    switchAccount: fromPromise<OutputOf<'switchUser'>, { id: number }>(() =>
      Promise.reject(new Error('accountSwitchMachine: provide the switchAccount actor')),
    ),
  },
  actions: {
    /** Stores the active account (sessionStorage), navigates to `/#/cdn` and reloads. */
    enterAccount: (_, _params: { id: number }) => {},
  },
}).createMachine({
  id: 'accountSwitch',
  context: { targetId: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'account.switch': { target: 'switching', actions: assign({ targetId: ({ event }) => event.id }) },
      },
    },
    switching: {
      tags: ['busy'],
      invoke: {
        src: 'switchAccount',
        input: ({ context }) => ({ id: context.targetId as number }),
        onDone: { target: 'switched' },
        onError: { target: 'idle', actions: assign({ targetId: null }) },
      },
    },
    switched: {
      type: 'final',
      entry: { type: 'enterAccount', params: ({ context }) => ({ id: context.targetId as number }) },
    },
  },
});

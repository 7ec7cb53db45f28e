import { assign, fromPromise, setup } from 'xstate';
import {
  blockedBySpecialConfig,
  canApply,
  checkDomainName,
  type DomainAction,
  type DomainNameProblem,
  type DomainStatus,
} from '../contract/rules/domain';

/** The lifecycle actions this machine runs (moving and copying have screens of their own). */
export type LifecycleAction = Extract<DomainAction, 'hangUp' | 'recover' | 'delete' | 'rename'>;

/** The domain as the screen shows it when an action starts. */
export interface LifecycleDomain {
  id: string;
  domain: string;
  status: DomainStatus;
  special_config: boolean;
}

export interface LifecycleRequest {
  action: LifecycleAction;
  domain: LifecycleDomain;
  /** Rename: the new service domain. */
  newName?: string;
}

export interface LifecycleContext {
  action: LifecycleAction | null;
  domain: LifecycleDomain | null;
  /** Rename: the name as typed, and its problem once the user tried to confirm. */
  newName: string;
  nameProblem: DomainNameProblem | 'domain.rename.same' | null;
  /** Why the action cannot start (the domain's state or its special configuration). */
  refusal: 'domain.rule.invalidTransition' | 'domain.rule.specialConfig' | null;
  /** The edit was saved while offline: it runs when the connection returns. */
  queuedOffline: boolean;
  /** Saving the edit failed (the store refused it); what the user asked for is kept. */
  failure: unknown;
}

export type LifecycleEvent =
  | { type: 'start'; action: LifecycleAction; domain: LifecycleDomain; online: boolean }
  | { type: 'name.change'; value: string }
  | { type: 'confirm' }
  /** Delete while offline: the user confirms that it will run on reconnect. */
  | { type: 'confirmOffline' }
  | { type: 'cancel' }
  | { type: 'connectivity'; online: boolean };

/**
 * The lifecycle of one domain (spec §4): hang up, recover, delete and rename, each confirmed.
 * A domain's state decides which actions start (`actionAllowedFrom`); a special configuration
 * blocks renaming and deleting (spec §6). Deleting while offline asks for a second confirmation:
 * the deletion runs when the connection returns. The edit is queued through the injected `queue`
 * actor (the outbox); the screen shows it pending until the server answers.
 */
/** A new action starts from any resting state: the dialog of the last one is closed. */
const startAction = { target: 'checking', actions: 'begin' } as const;

export const domainLifecycleMachine = setup({
  types: {
    context: {} as LifecycleContext & { online: boolean },
    events: {} as LifecycleEvent,
  },
  actors: {
    /** Saves the edit in the outbox; rejects when it cannot be saved (storage full). */
    queue: fromPromise<void, LifecycleRequest>(() =>
      Promise.reject(new Error('domainLifecycleMachine: provide the queue actor')),
    ),
  },
  guards: {
    allowed: ({ event }) =>
      event.type === 'start' &&
      canApply(event.action, event.domain.status) &&
      !(event.domain.special_config && blockedBySpecialConfig.has(event.action)),
    isRename: ({ context }) => context.action === 'rename',
    nameValid: ({ context }) =>
      checkDomainName(context.newName) === null && context.newName !== context.domain?.domain,
    deletingOffline: ({ context }) => context.action === 'delete' && !context.online,
  },
  actions: {
    begin: assign(({ event }) =>
      event.type === 'start'
        ? {
            action: event.action,
            domain: event.domain,
            newName: event.action === 'rename' ? event.domain.domain : '',
            nameProblem: null,
            refusal: null,
            queuedOffline: false,
            failure: null,
            online: event.online,
          }
        : {},
    ),
    refuse: assign({
      refusal: ({ event }) =>
        event.type === 'start' && event.domain.special_config && blockedBySpecialConfig.has(event.action)
          ? 'domain.rule.specialConfig'
          : 'domain.rule.invalidTransition',
    }),
    markName: assign({
      nameProblem: ({ context }) =>
        checkDomainName(context.newName) ??
        (context.newName === context.domain?.domain ? 'domain.rename.same' : null),
    }),
  },
}).createMachine({
  id: 'domainLifecycle',
  context: {
    action: null,
    domain: null,
    newName: '',
    nameProblem: null,
    refusal: null,
    queuedOffline: false,
    failure: null,
    online: true,
  },
  initial: 'idle',
  on: {
    connectivity: { actions: assign({ online: ({ event }) => event.online }) },
  },
  states: {
    idle: { on: { start: startAction } },
    checking: {
      always: [
        { guard: 'allowed', target: 'confirming' },
        { target: 'refused', actions: 'refuse' },
      ],
    },
    /** The action cannot start: the dialog says why. */
    refused: { on: { start: startAction, cancel: 'idle' } },
    confirming: {
      on: {
        'name.change': { actions: assign({ newName: ({ event }) => event.value.trim(), nameProblem: null }) },
        confirm: [
          { guard: 'isRename', target: 'checkingName' },
          { guard: 'deletingOffline', target: 'confirmingOffline' },
          { target: 'queueing' },
        ],
        cancel: 'idle',
      },
    },
    checkingName: {
      always: [
        { guard: 'nameValid', target: 'queueing' },
        { target: 'confirming', actions: 'markName' },
      ],
    },
    /** Deleting while offline: a second, explicit confirmation. */
    confirmingOffline: {
      on: { confirmOffline: 'queueing', cancel: 'idle' },
    },
    queueing: {
      invoke: {
        src: 'queue',
        input: ({ context }): LifecycleRequest => ({
          action: context.action ?? 'hangUp',
          domain: context.domain as LifecycleDomain,
          ...(context.action === 'rename' ? { newName: context.newName } : {}),
        }),
        onDone: { target: 'done', actions: assign({ queuedOffline: ({ context }) => !context.online }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => event.error }) },
      },
    },
    /** Queued: the screen shows the domain pending until the server answers. */
    done: { on: { start: startAction, cancel: 'idle' } },
    /** Not saved (storage full): the dialog stays with what the user asked for, to try again. */
    failed: { on: { start: startAction, confirm: 'queueing', cancel: 'idle' } },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import { Code } from '../contract';
import type { ServiceStatus } from '../contract';

export interface ActivationInput {
  serviceStatus: ServiceStatus;
}

export interface ActivationContext {
  agreed: boolean;
  billingOpen: boolean;
  /** The service status the page was opened with; decides the first state. */
  initialStatus: ServiceStatus;
}

export type ActivationEvent =
  | { type: 'agreement.toggle'; agreed: boolean }
  | { type: 'billing.open' }
  | { type: 'billing.close' }
  | { type: 'form.submit' }
  | { type: 'realName.confirm' }
  | { type: 'realName.cancel' }
  | { type: 'realName.acknowledge' }
  | { type: 'audit.acknowledge' };

export type ApplyForServiceResult = Extract<ServiceStatus, 'auditing' | 'open'>;

const errorCode = (error: unknown): number | null =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'number'
    ? (error as { code: number }).code
    : null;

/** 11000608 for an account another one acts for (a channel's customer): only its holder can verify. */
const holderMustVerify = (error: unknown): boolean => {
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : null;
  return (
    typeof data === 'object' && data !== null && (data as Record<string, unknown>).holder_must_verify === true
  );
};

/**
 * Service activation (spec §4, §5, §8): tick the agreement, apply, then either the service
 * opens, the application waits for review, or the account must first be real-name verified.
 */
export const activationMachine = setup({
  types: {
    input: {} as ActivationInput,
    context: {} as ActivationContext,
    events: {} as ActivationEvent,
  },
  actors: {
    /** Posts productopen; rejects with the client's error (`code` 11000608: not real-name verified). */
    applyForService: fromPromise<ApplyForServiceResult>(() =>
      Promise.reject(new Error('activationMachine: provide the applyForService actor')),
    ),
  },
  actions: {
    /** spec §5: 'Please tick "I have read and agree CDN Service Agreement all content"'. */
    warnAgreement: () => {},
    /** spec §4: confirming the real-name prompt opens the real-name authentication page. */
    openRealName: () => {},
    /** spec §8: 'Service opened successfully!', then the console. */
    announceOpened: () => {},
  },
  guards: {
    agreed: ({ context }) => context.agreed,
    startsUnderReview: ({ context }) => context.initialStatus === 'auditing',
    startsOpened: ({ context }) => context.initialStatus === 'open',
  },
}).createMachine({
  id: 'activation',
  context: ({ input }) => ({ agreed: false, billingOpen: false, initialStatus: input.serviceStatus }),
  initial: 'resolvingStatus',
  on: {
    'agreement.toggle': { actions: assign({ agreed: ({ event }) => event.agreed }) },
    // The billing document can be read whatever the application's state.
    'billing.open': { actions: assign({ billingOpen: true }) },
    'billing.close': { actions: assign({ billingOpen: false }) },
  },
  states: {
    resolvingStatus: {
      always: [
        { guard: 'startsUnderReview', target: 'underReview' },
        { guard: 'startsOpened', target: 'opened' },
        { target: 'editing' },
      ],
    },
    editing: {
      on: {
        'form.submit': [{ guard: 'agreed', target: 'submitting' }, { actions: 'warnAgreement' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        src: 'applyForService',
        onDone: [
          { guard: ({ event }) => event.output === 'open', target: 'opened', actions: 'announceOpened' },
          { target: 'auditPending' },
        ],
        onError: [
          {
            guard: ({ event }) =>
              errorCode(event.error) === Code.realNameRequired && holderMustVerify(event.error),
            target: 'realNameByHolder',
          },
          {
            guard: ({ event }) => errorCode(event.error) === Code.realNameRequired,
            target: 'realNamePrompt',
          },
          // Any other failure was already shown by the client (spec §8 toasts).
          { target: 'editing' },
        ],
      },
    },
    realNamePrompt: {
      on: {
        'realName.confirm': { target: 'editing', actions: 'openRealName' },
        'realName.cancel': { target: 'editing' },
      },
    },
    /** A notice, not a question: the real-name page would verify the signed-in account instead. */
    realNameByHolder: {
      on: { 'realName.acknowledge': { target: 'editing' } },
    },
    auditPending: {
      on: { 'audit.acknowledge': { target: 'underReview' } },
    },
    /** Applied; applying again is disabled and the page says the application is under review. */
    underReview: {},
    opened: { type: 'final' },
  },
});

import { assign, fromPromise, setup } from 'xstate';
import { certCovers } from '../contract/rules/cert';

/** A certificate as the association chooses it. */
export interface AssociationCert {
  id: string;
  name: string;
  names: readonly string[];
  not_after: string;
}

/** A domain as the association offers it: only live domains. */
export interface AssociationDomain {
  id: string;
  domain: string;
  /** The certificate its HTTPS section serves now, if any. */
  certificate_id: string | null;
}

export type AssociationProblem = 'expired' | 'notCovered' | 'noneChosen' | 'noCert';

export interface CertAssociationContext {
  certs: readonly AssociationCert[];
  domains: readonly AssociationDomain[];
  cert: AssociationCert | null;
  chosen: string[];
  problem: AssociationProblem | null;
  /** The domains of the last choice that the certificate does not cover. */
  refused: string[];
  /** Why the last apply failed (the device storage is full, the store is closed). */
  failure: string | null;
  /** Wall-clock time of the choice, for the expiry rule (the caller's clock). */
  now: number;
  queue: CertAssociationInput['queue'];
}

export type CertAssociationEvent =
  | { type: 'cert.choose'; id: string }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'domains.set'; ids: string[] }
  | { type: 'confirm' }
  | { type: 'cancel' };

export interface CertAssociationInput {
  certs: readonly AssociationCert[];
  domains: readonly AssociationDomain[];
  /** Preselected: the certificate (opened from the certificate list) or domains (from a domain's HTTPS section). */
  certId?: string;
  domainIds?: string[];
  now: number;
  /** Queues one association per chosen domain, all or none (the outbox's one transaction). */
  queue: (cert: AssociationCert, domains: AssociationDomain[]) => Promise<void>;
}

/** The domains a certificate covers (spec §2: wildcards cover one label), of those offered. */
export const coveredDomains = (cert: AssociationCert, domains: readonly AssociationDomain[]) =>
  domains.filter((d) => certCovers(cert.names, d.domain));

const expired = (cert: AssociationCert, now: number) => new Date(cert.not_after).getTime() <= now;

/**
 * Associating a certificate with domains (the certificate association machine of the design):
 * choose the certificate → choose covered domains → confirm → apply, queued in the outbox like
 * every edit, so it is made offline too and sent once. An expired certificate cannot be chosen
 * (spec §4); a domain it does not cover is refused ('Associated domain not found.').
 */
export const certAssociationMachine = setup({
  types: {
    context: {} as CertAssociationContext,
    events: {} as CertAssociationEvent,
    input: {} as CertAssociationInput,
  },
  actors: {
    apply: fromPromise<
      void,
      { queue: CertAssociationInput['queue']; cert: AssociationCert; domains: AssociationDomain[] }
    >(({ input }) => input.queue(input.cert, input.domains)),
  },
}).createMachine({
  id: 'certAssociation',
  context: ({ input }) => {
    const cert = input.certs.find((c) => c.id === input.certId) ?? null;
    return {
      certs: input.certs,
      domains: input.domains,
      cert,
      chosen: input.domainIds ?? [],
      problem: null,
      refused: [],
      failure: null,
      now: input.now,
      queue: input.queue,
    };
  },
  initial: 'start',
  states: {
    start: {
      always: [
        {
          // Opened from a certificate: it is chosen already.
          guard: ({ context }) => context.cert !== null && !expired(context.cert, context.now),
          target: 'choosingDomains',
        },
        { target: 'choosingCert' },
      ],
    },
    choosingCert: {
      on: {
        'cert.choose': {
          actions: assign(({ context, event }) => {
            const cert = context.certs.find((c) => c.id === event.id) ?? null;
            return { cert, problem: cert && expired(cert, context.now) ? ('expired' as const) : null };
          }),
        },
        'step.next': [
          { guard: ({ context }) => context.cert === null, actions: assign({ problem: 'noCert' }) },
          {
            guard: ({ context }) => context.cert !== null && expired(context.cert, context.now),
            actions: assign({ problem: 'expired' }),
          },
          {
            // Opened from a domain: its domains are chosen already; the certificate must cover them.
            guard: ({ context }) => context.chosen.length > 0,
            target: 'choosingDomains',
            actions: assign(({ context }) => ({
              problem: null,
              refused: refusedOf(context, context.chosen),
            })),
          },
          { target: 'choosingDomains', actions: assign({ problem: null }) },
        ],
        cancel: 'cancelled',
      },
    },
    choosingDomains: {
      on: {
        'domains.set': {
          actions: assign(({ context, event }) => ({
            chosen: event.ids,
            refused: refusedOf(context, event.ids),
            problem: null,
          })),
        },
        'step.next': [
          { guard: ({ context }) => context.chosen.length === 0, actions: assign({ problem: 'noneChosen' }) },
          {
            guard: ({ context }) => refusedOf(context, context.chosen).length > 0,
            actions: assign({ problem: 'notCovered' }),
          },
          { target: 'confirming', actions: assign({ problem: null }) },
        ],
        'step.back': { target: 'choosingCert', actions: assign({ problem: null, refused: [] }) },
        cancel: 'cancelled',
      },
    },
    confirming: {
      on: {
        confirm: 'applying',
        'step.back': 'choosingDomains',
        cancel: 'cancelled',
      },
    },
    applying: {
      invoke: {
        src: 'apply',
        input: ({ context }) => ({
          queue: context.queue,
          cert: context.cert!,
          domains: context.domains.filter((d) => context.chosen.includes(d.id)),
        }),
        onDone: 'done',
        onError: {
          target: 'confirming',
          actions: assign({
            failure: ({ event }) => (event.error instanceof Error ? event.error.name : 'Error'),
          }),
        },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

/** The chosen domains the chosen certificate does not cover. */
function refusedOf(context: CertAssociationContext, ids: readonly string[]): string[] {
  if (!context.cert) return [];
  const covered = new Set(coveredDomains(context.cert, context.domains).map((d) => d.id));
  return ids.filter((id) => !covered.has(id));
}

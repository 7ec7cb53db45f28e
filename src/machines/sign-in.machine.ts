import { assign, fromPromise, setup } from 'xstate';
import { parseSignInQuery, type SignInQuery } from './sign-in-query';

export { parseSignInQuery, type SignInQuery };

export type ExchangeCodeResult = 'open' | 'notOpen' | 'failed';

export type ValidateTokenResult =
  { kind: 'open' } | { kind: 'notOpen' } | { kind: 'signIn'; url: string } | { kind: 'offline' };

export type SignInStatus = 'open' | 'notOpen' | 'offline' | 'signingIn';

export interface SignInInput {
  /** `location.search` at boot. */
  search: string;
  /** The state stored when the console sent the user to sign in (sessionStorage `cdn_auth_state`). */
  expectedState: string | null;
}

export interface SignInOutput {
  status: SignInStatus;
}

export interface SignInContext {
  query: SignInQuery | null;
  expectedState: string | null;
  /** The sign-in address, once validation asked for one. */
  signInUrl: string | null;
}

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`signInMachine: provide the ${name} actor`));

/**
 * Console boot (spec §4): exchange a returned authorisation code for a
 * token, or validate the stored token; the outcome says where the console goes next.
 */
export const signInMachine = setup({
  types: {
    input: {} as SignInInput,
    context: {} as SignInContext,
    output: {} as SignInOutput,
  },
  actors: {
    exchangeCode: fromPromise<ExchangeCodeResult, SignInQuery>(notProvided('exchangeCode')),
    validateToken: fromPromise<ValidateTokenResult>(notProvided('validateToken')),
  },
  actions: {
    /** Stores `{state, session_state, code}` (localStorage `cdn_header_info`). */
    saveHeaderInfo: (_, _params: SignInQuery) => {},
    /** Removes the query from the address, keeping the hash (`history.replaceState`). */
    stripQuery: () => {},
    /** Stores a fresh state and the return route, then leaves for `url + '&state=' + state`. */
    goToSignIn: (_, _params: { url: string }) => {},
  },
  guards: {
    hasQuery: ({ context }) => context.query !== null,
    /**
     * The returned state is not one this tab sent: a failed or forged sign-in (a link carrying
     * someone else's code must not sign this browser into their account). Every trip to the
     * sign-in page stores a state first, so an absent one is a mismatch too.
     */
    stateMismatch: ({ context }) => context.query !== null && context.query.state !== context.expectedState,
  },
}).createMachine({
  id: 'signIn',
  context: ({ input }) => ({
    query: parseSignInQuery(input.search),
    expectedState: input.expectedState,
    signInUrl: null,
  }),
  initial: 'readingQuery',
  output: ({ event }) => event.output as SignInOutput,
  states: {
    readingQuery: {
      tags: ['busy'],
      always: [
        // The query is stripped so a reload does not replay it, but its values are not kept:
        // they would overwrite the header info that belongs to the stored token.
        { guard: 'stateMismatch', target: 'validating', actions: 'stripQuery' },
        {
          guard: 'hasQuery',
          target: 'exchangingCode',
          actions: [
            { type: 'saveHeaderInfo', params: ({ context }) => context.query as SignInQuery },
            'stripQuery',
          ],
        },
        { target: 'validating' },
      ],
    },
    exchangingCode: {
      tags: ['busy'],
      invoke: {
        src: 'exchangeCode',
        input: ({ context }) => context.query as SignInQuery,
        onDone: [
          { guard: ({ event }) => event.output === 'open', target: 'open' },
          { guard: ({ event }) => event.output === 'notOpen', target: 'notOpen' },
          // A failed exchange: a stored token may still work.
          { target: 'validating' },
        ],
        onError: { target: 'validating' },
      },
    },
    validating: {
      tags: ['busy'],
      invoke: {
        src: 'validateToken',
        onDone: [
          { guard: ({ event }) => event.output.kind === 'open', target: 'open' },
          { guard: ({ event }) => event.output.kind === 'notOpen', target: 'notOpen' },
          {
            guard: ({ event }) => event.output.kind === 'signIn',
            target: 'signingIn',
            actions: assign({
              signInUrl: ({ event }) => (event.output.kind === 'signIn' ? event.output.url : null),
            }),
          },
          { target: 'offline' },
        ],
        // Validation that cannot complete at all is treated like being offline: boot from cache.
        onError: { target: 'offline' },
      },
    },
    open: { type: 'final', output: { status: 'open' } satisfies SignInOutput },
    notOpen: { type: 'final', output: { status: 'notOpen' } satisfies SignInOutput },
    offline: { type: 'final', output: { status: 'offline' } satisfies SignInOutput },
    signingIn: {
      type: 'final',
      entry: { type: 'goToSignIn', params: ({ context }) => ({ url: context.signInUrl ?? '' }) },
      output: { status: 'signingIn' } satisfies SignInOutput,
    },
  },
});

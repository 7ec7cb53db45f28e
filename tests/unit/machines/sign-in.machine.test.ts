import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { parseSignInQuery, signInMachine } from '../../../src/machines';
import type { ExchangeCodeResult, SignInQuery, ValidateTokenResult } from '../../../src/machines';

const returned = '?code=c1&state=st1&session_state=ss1';

function run(
  input: { search: string; expectedState: string | null },
  fakes: {
    exchange?: ExchangeCodeResult | Error;
    validate?: ValidateTokenResult | Error;
  },
) {
  const calls: string[] = [];
  const exchangeCode = vi.fn(async ({ input: query }: { input: SignInQuery }) => {
    calls.push(`exchange:${query.code}/${query.state}/${query.session_state}`);
    if (fakes.exchange instanceof Error) throw fakes.exchange;
    if (fakes.exchange === undefined) throw new Error('exchangeCode not expected');
    return fakes.exchange;
  });
  const validateToken = vi.fn(async () => {
    calls.push('validate');
    if (fakes.validate instanceof Error) throw fakes.validate;
    if (fakes.validate === undefined) throw new Error('validateToken not expected');
    return fakes.validate;
  });
  const machine = signInMachine.provide({
    actors: { exchangeCode: fromPromise(exchangeCode), validateToken: fromPromise(validateToken) },
    actions: {
      saveHeaderInfo: (_, params) => calls.push(`save:${JSON.stringify(params)}`),
      stripQuery: () => calls.push('strip'),
      goToSignIn: (_, params) => calls.push(`goToSignIn:${params.url}`),
    },
  });
  const actor = createActor(machine, { input });
  const busy: boolean[] = [];
  actor.subscribe((snapshot) => busy.push(snapshot.hasTag('busy')));
  actor.start();
  return { actor, calls, busy, done: toPromise(actor) };
}

describe('parseSignInQuery', () => {
  it.each([
    ['?code=a&state=b&session_state=c', { code: 'a', state: 'b', session_state: 'c' }],
    ['code=a&state=b&session_state=c&x=1', { code: 'a', state: 'b', session_state: 'c' }],
    ['?code=a%20b&state=%26&session_state=c', { code: 'a b', state: '&', session_state: 'c' }],
    ['', null],
    ['?code=a&state=b', null],
    ['?code=&state=b&session_state=c', null],
    ['?state=b&session_state=c', null],
  ])('%j → %j', (search, expected) => {
    expect(parseSignInQuery(search)).toEqual(expected);
  });
});

describe('signInMachine with a returned code', () => {
  it.each([
    ['open', 'open'],
    ['notOpen', 'notOpen'],
  ] as const)('saves header info, strips the query, exchanges: %s', async (exchange, status) => {
    const t = run({ search: returned, expectedState: 'st1' }, { exchange });
    await expect(t.done).resolves.toEqual({ status });
    // XState runs the entry step's actions and starts the invoked actor in the same step;
    // the order between them is not part of the contract.
    expect([...t.calls].sort()).toEqual(
      ['exchange:c1/st1/ss1', 'save:{"code":"c1","state":"st1","session_state":"ss1"}', 'strip'].sort(),
    );
    expect(t.actor.getSnapshot().value).toBe(status);
  });

  it('never exchanges a code when this tab sent no state (a forged sign-in link)', async () => {
    const t = run(
      { search: returned, expectedState: null },
      { exchange: 'open', validate: { kind: 'signIn', url: '/portal/login' } },
    );
    await expect(t.done).resolves.toEqual({ status: 'signingIn' });
    expect(t.calls.some((c) => c.startsWith('exchange:'))).toBe(false);
  });

  it('is busy while exchanging and not once done', async () => {
    const t = run({ search: returned, expectedState: 'st1' }, { exchange: 'open' });
    expect(t.actor.getSnapshot().value).toBe('exchangingCode');
    expect(t.actor.getSnapshot().hasTag('busy')).toBe(true);
    await t.done;
    expect(t.actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it.each([
    ['answers failed', 'failed' as const],
    ['rejects', new Error('offline')],
  ])('falls back to validating the stored token when the exchange %s', async (_name, exchange) => {
    const t = run({ search: returned, expectedState: 'st1' }, { exchange, validate: { kind: 'open' } });
    await expect(t.done).resolves.toEqual({ status: 'open' });
    expect(t.calls.filter((c) => c === 'validate' || c.startsWith('exchange:'))).toEqual([
      'exchange:c1/st1/ss1',
      'validate',
    ]);
    expect(t.calls).toContain('strip');
  });

  it('treats a state that differs from the expected one as failed: no exchange, then sign in', async () => {
    const t = run(
      { search: returned, expectedState: 'other' },
      { validate: { kind: 'signIn', url: '/portal/login?redirect_uri=%2F' } },
    );
    await expect(t.done).resolves.toEqual({ status: 'signingIn' });
    expect([...t.calls].sort()).toEqual(['goToSignIn:/portal/login?redirect_uri=%2F', 'strip', 'validate']);
    expect(t.calls.at(-1)).toBe('goToSignIn:/portal/login?redirect_uri=%2F');
    expect(t.calls.some((c) => c.startsWith('save:') || c.startsWith('exchange:'))).toBe(false);
    expect(t.actor.getSnapshot().value).toBe('signingIn');
  });
});

describe('signInMachine without a code', () => {
  it.each([
    [{ kind: 'open' } as const, 'open'],
    [{ kind: 'notOpen' } as const, 'notOpen'],
    [{ kind: 'offline' } as const, 'offline'],
    [new Error('validate blew up'), 'offline'],
  ])('validates the stored token: %j → %s', async (validate, status) => {
    const t = run({ search: '', expectedState: null }, { validate });
    expect(t.actor.getSnapshot().value).toBe('validating');
    expect(t.actor.getSnapshot().hasTag('busy')).toBe(true);
    await expect(t.done).resolves.toEqual({ status });
    expect(t.calls).toEqual(['validate']);
  });

  it('goes to the sign-in address when validation asks for it', async () => {
    const t = run(
      { search: '?foo=1', expectedState: 'st' },
      { validate: { kind: 'signIn', url: '/portal/login?x=1' } },
    );
    await expect(t.done).resolves.toEqual({ status: 'signingIn' });
    expect(t.calls).toEqual(['validate', 'goToSignIn:/portal/login?x=1']);
    expect(t.actor.getSnapshot().context.signInUrl).toBe('/portal/login?x=1');
  });

  it('an incomplete query is not a code: no header info saved', async () => {
    const t = run({ search: '?code=c1&state=st1', expectedState: null }, { validate: { kind: 'open' } });
    await expect(t.done).resolves.toEqual({ status: 'open' });
    expect(t.calls).toEqual(['validate']);
  });
});

describe('signInMachine defaults', () => {
  it('fails loudly when the actors are not provided (offline outcome, never open)', async () => {
    const actor = createActor(signInMachine, { input: { search: '', expectedState: null } }).start();
    await expect(toPromise(actor)).resolves.toEqual({ status: 'offline' });
  });
});

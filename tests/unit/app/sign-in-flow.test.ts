import { describe, expect, it } from 'vitest';
import { runSignIn, type ExchangeCodeResult, type ValidateTokenResult } from '../../../src/app/sign-in';
import { parseSignInQuery } from '../../../src/machines';

const returned = '?code=c1&state=st1&session_state=ss1';

/** The sign-in with effects that record what they were asked, in order. */
function run(
  input: { search: string; expectedState: string | null },
  fakes: { exchange?: ExchangeCodeResult | Error; validate?: ValidateTokenResult | Error },
) {
  const calls: string[] = [];
  const done = runSignIn(input, {
    async exchangeCode(query) {
      calls.push(`exchange:${query.code}/${query.state}/${query.session_state}`);
      if (fakes.exchange instanceof Error) throw fakes.exchange;
      if (fakes.exchange === undefined) throw new Error('exchangeCode not expected');
      return fakes.exchange;
    },
    async validateToken() {
      calls.push('validate');
      if (fakes.validate instanceof Error) throw fakes.validate;
      if (fakes.validate === undefined) throw new Error('validateToken not expected');
      return fakes.validate;
    },
    saveHeaderInfo: (query) => calls.push(`save:${JSON.stringify(query)}`),
    stripQuery: () => calls.push('strip'),
    goToSignIn: (url) => calls.push(`goToSignIn:${url}`),
  });
  return { calls, done };
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

describe('the sign-in with a returned code', () => {
  it.each([
    ['open', 'open'],
    ['notOpen', 'notOpen'],
  ] as const)('saves header info, strips the query, exchanges: %s', async (exchange, status) => {
    const t = run({ search: returned, expectedState: 'st1' }, { exchange });
    await expect(t.done).resolves.toBe(status);
    expect(t.calls).toEqual([
      'save:{"code":"c1","state":"st1","session_state":"ss1"}',
      'strip',
      'exchange:c1/st1/ss1',
    ]);
  });

  it('never exchanges a code when this tab sent no state (a forged sign-in link)', async () => {
    const t = run(
      { search: returned, expectedState: null },
      { exchange: 'open', validate: { kind: 'signIn', url: '/portal/login' } },
    );
    await expect(t.done).resolves.toBe('signingIn');
    expect(t.calls.some((c) => c.startsWith('exchange:'))).toBe(false);
  });

  it.each([
    ['answers failed', 'failed' as const],
    ['rejects', new Error('offline')],
  ])('falls back to validating the stored token when the exchange %s', async (_name, exchange) => {
    const t = run({ search: returned, expectedState: 'st1' }, { exchange, validate: { kind: 'open' } });
    await expect(t.done).resolves.toBe('open');
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
    await expect(t.done).resolves.toBe('signingIn');
    expect(t.calls).toEqual(['strip', 'validate', 'goToSignIn:/portal/login?redirect_uri=%2F']);
  });
});

describe('the sign-in without a code', () => {
  it.each([
    [{ kind: 'open' } as const, 'open'],
    [{ kind: 'notOpen' } as const, 'notOpen'],
    [{ kind: 'offline' } as const, 'offline'],
    [new Error('validate blew up'), 'offline'],
  ])('validates the stored token: %j → %s', async (validate, status) => {
    const t = run({ search: '', expectedState: null }, { validate });
    await expect(t.done).resolves.toBe(status);
    expect(t.calls).toEqual(['validate']);
  });

  it('goes to the sign-in address when validation asks for it', async () => {
    const t = run(
      { search: '?foo=1', expectedState: 'st' },
      { validate: { kind: 'signIn', url: '/portal/login?x=1' } },
    );
    await expect(t.done).resolves.toBe('signingIn');
    expect(t.calls).toEqual(['validate', 'goToSignIn:/portal/login?x=1']);
  });

  it('an incomplete query is not a code: no header info saved', async () => {
    const t = run({ search: '?code=c1&state=st1', expectedState: null }, { validate: { kind: 'open' } });
    await expect(t.done).resolves.toBe('open');
    expect(t.calls).toEqual(['validate']);
  });
});

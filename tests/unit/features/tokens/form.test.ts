import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/api';
import { Code } from '../../../../src/contract/codes';
import { tokenCreateBody } from '../../../../src/contract/users';
import {
  checkAddresses,
  checkDraft,
  emptyDraft,
  endOfDay,
  refusalOf,
  resolveExpiry,
  tokenBody,
  type TokenDraft,
  type UserChoice,
} from '../../../../src/features/tokens/token-form';

const now = new Date(2026, 3, 15, 10, 0, 0).getTime();
const DAY = 86_400_000;
const users: UserChoice[] = [
  { id: 7, name: 'demo', main: true, apiEnabled: true },
  { id: 11, name: 'ops', main: false, apiEnabled: true },
  { id: 12, name: 'analyst', main: false, apiEnabled: false },
];
const draft = (change: Partial<TokenDraft> = {}): TokenDraft => ({ ...emptyDraft(7), ...change });
const fieldIds = (d: TokenDraft) =>
  Object.fromEntries(Object.entries(checkDraft(d, users, now).fields).map(([f, p]) => [f, p?.id]));

describe('the allowed addresses', () => {
  it('take IPv4 and IPv6 addresses and CIDR ranges, one per line, in their canonical text', () => {
    const check = checkAddresses(' 192.0.2.10 \n\n198.51.100.0/24\n2001:DB8:0:0::/48\n');
    expect(check.problems).toEqual([]);
    expect(check.ranges).toEqual(['192.0.2.10', '198.51.100.0/24', '2001:db8::/48']);
    // The line each range comes from, blank lines counted: the server names ranges by index.
    expect(check.lineOf).toEqual([1, 3, 4]);
  });

  it.each([
    ['192.0.2', 'ipBan.rule.format'],
    ['192.0.2.256', 'ipBan.rule.format'],
    ['192.0.2.1 198.51.100.1', 'ipBan.rule.format'],
    ['192.0.2.0/33', 'ipBan.rule.prefix'],
    ['2001:db8::/129', 'ipBan.rule.prefix'],
    ['192.0.2.7/24', 'ipBan.rule.hostBits'],
    ['10.0.0.0/7', 'ipBan.rule.tooWide'],
    ['2001::/31', 'ipBan.rule.tooWide'],
  ])('refuse %s with the contract’s rule %s, at its line', (line, id) => {
    const check = checkAddresses(`192.0.2.1\n${line}`);
    expect(check.problems).toEqual([{ line: 2, input: line, problem: { id } }]);
    expect(check.ranges).toEqual(['192.0.2.1']);
  });

  it('accept the boundaries of the IP rule: /8 and /32 for IPv4, /32 and /128 for IPv6', () => {
    expect(checkAddresses('10.0.0.0/8\n192.0.2.1/32\n2001:db8::/32\n2001:db8::1/128').problems).toEqual([]);
  });

  it('point a repeated address at the line it repeats, in whatever way it is written', () => {
    const check = checkAddresses('2001:db8::1\n192.0.2.1\n2001:DB8:0::1');
    expect(check.problems).toEqual([
      { line: 3, input: '2001:DB8:0::1', problem: { id: 'ipBan.rule.duplicate', values: { line: 1 } } },
    ]);
  });
});

describe('the expiry', () => {
  it('is never, or 30, 90 or 365 days from the moment of creating', () => {
    expect(resolveExpiry({ expiry: 'never', expiryDate: '' }, now)).toEqual({ ok: true, expiresAt: null });
    for (const [expiry, days] of [
      ['days30', 30],
      ['days90', 90],
      ['days365', 365],
    ] as const)
      expect(resolveExpiry({ expiry, expiryDate: '' }, now)).toEqual({
        ok: true,
        expiresAt: new Date(now + days * DAY).toISOString(),
      });
  });

  it('ends with the chosen day, which may be today but not yesterday', () => {
    expect(resolveExpiry({ expiry: 'date', expiryDate: '2026-04-15' }, now)).toEqual({
      ok: true,
      expiresAt: new Date(2026, 3, 15, 23, 59, 59).toISOString(),
    });
    expect(resolveExpiry({ expiry: 'date', expiryDate: '2026-04-14' }, now)).toEqual({
      ok: false,
      problem: { id: 'token.expiry.past' },
    });
  });

  it('needs a real day', () => {
    expect(Number.isNaN(endOfDay('2026-02-30'))).toBe(true);
    for (const expiryDate of ['', '2026-4-15', 'tomorrow', '2026-02-30'])
      expect(resolveExpiry({ expiry: 'date', expiryDate }, now)).toEqual({
        ok: false,
        problem: { id: 'token.form.expiryDate' },
      });
  });
});

describe('the create form', () => {
  it('takes the defaults: the main account, read only, never expiring, any address, all domains', () => {
    expect(checkDraft(draft(), users, now).fields).toEqual({});
    const body = tokenBody(draft(), now);
    expect(body).toEqual({
      user_id: 7,
      remark: '',
      access: 'read',
      allowed_ips: [],
      domains: { all: true, ids: [] },
      expires_at: null,
    });
    // What the form sends is what the contract takes.
    expect(tokenCreateBody.safeParse(body).success).toBe(true);
  });

  it.each<[Partial<TokenDraft>, Record<string, string>]>([
    [{ userId: null }, { user_id: 'token.form.userRequired' }],
    [{ userId: 99 }, { user_id: 'token.form.userRequired' }],
    // spec §6: a sub-account's tokens need its API permission first.
    [{ userId: 12 }, { user_id: 'token.apiDisabled' }],
    [{ remark: 'a'.repeat(101) }, { remark: 'token.form.remarkTooLong' }],
    [{ remark: 'deploy\u202ejs' }, { remark: 'common.text.invalidLine' }],
    [{ expiry: 'date', expiryDate: '2020-01-01' }, { expires_at: 'token.expiry.past' }],
    [{ addresses: '192.0.2.1\nlocalhost' }, { allowed_ips: 'token.form.addressLines' }],
    [
      { addresses: Array.from({ length: 21 }, (_, i) => `192.0.2.${i + 1}`).join('\n') },
      { allowed_ips: 'token.form.addressesTooMany' },
    ],
    [{ domains: { all: false, ids: [] } }, { domains: 'token.domains.required' }],
  ])('refuses %j with %j', (change, expected) => {
    expect(fieldIds(draft(change))).toEqual(expected);
  });

  it('takes the boundaries: a remark of 100 characters, 20 addresses, a sub-account with API permission', () => {
    const ok = draft({
      userId: 11,
      remark: `  ${'a'.repeat(100)}  `,
      addresses: Array.from({ length: 20 }, (_, i) => `192.0.2.${i + 1}`).join('\n'),
    });
    expect(checkDraft(ok, users, now).fields).toEqual({});
  });

  it('sends what was chosen: trimmed remark, canonical ranges, the domains once each, the expiry from now', () => {
    const body = tokenBody(
      draft({
        userId: 11,
        remark: ' deploy ',
        access: 'write',
        expiry: 'days30',
        addresses: '2001:DB8::/32\n\n192.0.2.1',
        domains: { all: false, ids: ['d1', 'd2', 'd1'] },
      }),
      now,
    );
    expect(body).toEqual({
      user_id: 11,
      remark: 'deploy',
      access: 'write',
      allowed_ips: ['2001:db8::/32', '192.0.2.1'],
      domains: { all: false, ids: ['d1', 'd2'] },
      expires_at: new Date(now + 30 * DAY).toISOString(),
    });
    expect(tokenCreateBody.safeParse(body).success).toBe(true);
  });
});

describe('a refusal of the server', () => {
  const addresses = checkAddresses('192.0.2.1\n\n198.51.100.0/24');

  it('marks the address it names at its line of the text', () => {
    const error = new ApiError(Code.invalidRequest, 'Enter a valid IPv4 or IPv6 address or CIDR range', {
      issues: [{ path: 'allowed_ips.1', message_id: 'ipBan.rule.format' }],
    });
    const refusal = refusalOf(error, addresses);
    expect(refusal.lines).toEqual([
      { line: 3, input: '198.51.100.0/24', problem: { id: 'ipBan.rule.format' } },
    ]);
    expect(refusal.fields.allowed_ips).toEqual({ id: 'token.form.addressLines', values: { count: 1 } });
    expect(refusal.message).toBeNull();
  });

  it('marks the field it names, with the server’s words for an id the console does not know', () => {
    const error = new ApiError(Code.invalidRequest, 'A chosen domain does not exist.', {
      issues: [{ path: 'domains', message_id: 'traffic.domain.notFound' }],
    });
    expect(refusalOf(error, addresses).fields).toEqual({
      domains: { id: 'traffic.domain.notFound', text: 'A chosen domain does not exist.' },
    });
  });

  it('says above the form what names no field: the limit, a permission, anything else', () => {
    const limit = refusalOf(
      new ApiError(Code.limitReached, 'Only supports … 5 tokens.', { max: 5 }),
      addresses,
    );
    expect(limit).toMatchObject({ limit: true, message: 'Only supports … 5 tokens.', fields: {} });
    const forbidden = refusalOf(new ApiError(Code.forbidden, 'No API permission.'), addresses);
    expect(forbidden).toMatchObject({ forbidden: true, message: 'No API permission.' });
    const network = refusalOf(new ApiError(ApiError.networkCode, 'network error'), addresses);
    expect(network.network).toBe(true);
    const unknownField = refusalOf(
      new ApiError(Code.invalidRequest, 'The request is invalid.', {
        issues: [{ path: 'nonsense', message_id: 'common.invalid' }],
      }),
      addresses,
    );
    expect(unknownField).toMatchObject({ fields: {}, message: 'The request is invalid.' });
  });
});

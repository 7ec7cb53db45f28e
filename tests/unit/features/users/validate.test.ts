import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { t as serverText } from '../../../../server/i18n/messages';
import { ApiError } from '../../../../src/api';
import { Code } from '../../../../src/contract/codes';
import { problemText, userRuleMessages } from '../../../../src/features/users/user-messages';
import {
  accountFields,
  accountProblems,
  emptyAccount,
  passwordFields,
  passwordProblems,
  profileBody,
  profileFields,
  profileProblems,
  refusalOf,
  shownProblems,
  type AccountDraft,
} from '../../../../src/features/users/validate';

const good: AccountDraft = {
  ...emptyAccount(),
  login: 'ops-team',
  password: 'Ab1#efgh',
  confirm_password: 'Ab1#efgh',
};
const ids = (problems: Record<string, { id: string } | undefined>) =>
  Object.fromEntries(Object.entries(problems).map(([field, p]) => [field, p?.id]));

describe('the information step', () => {
  it('takes a login and a password of the policy, contacts optional', () => {
    expect(accountProblems(good)).toEqual({});
  });

  it.each<[Partial<AccountDraft>, Record<string, string>]>([
    [{ login: '' }, { login: 'user.login.required' }],
    [{ login: '   ' }, { login: 'user.login.required' }],
    [{ login: 'abc' }, { login: 'user.login.invalid' }],
    [{ login: '1ops' }, { login: 'user.login.invalid' }],
    [{ login: '运维' }, { login: 'user.login.invalid' }],
    [{ login: 'ops\u202e' }, { login: 'common.text.invalidLine' }],
    [{ password: '', confirm_password: '' }, { password: 'user.password.required' }],
    [{ password: 'Ab1#efg', confirm_password: 'Ab1#efg' }, { password: 'user.password.length' }],
    [{ password: 'Ab1# efgh', confirm_password: 'Ab1# efgh' }, { password: 'user.password.spaces' }],
    [{ password: 'abcdefg1', confirm_password: 'abcdefg1' }, { password: 'user.password.classes' }],
    [{ confirm_password: 'Ab1#efgH' }, { confirm_password: 'user.password.mismatch' }],
    [{ mobile: '1380013800' }, { mobile: 'account.mobile.invalid' }],
    [{ email: 'ops@example' }, { email: 'account.email.invalid' }],
    [{ real_name: 'a\u0007b' }, { real_name: 'common.text.invalidLine' }],
    [{ remark: 'x\ny' }, { remark: 'common.text.invalidLine' }],
  ])('%j → %j', (change, expected) => {
    expect(ids(accountProblems({ ...good, ...change }))).toEqual(expected);
  });

  it('trims the login and the contacts, as the server does', () => {
    expect(accountProblems({ ...good, login: '  ops-team ', mobile: ' 13800138000 ' })).toEqual({});
    expect(
      profileBody({ real_name: ' Li ', mobile: ' 13800138000', email: 'a@b.cn ', remark: ' x ' }),
    ).toEqual({
      real_name: 'Li',
      mobile: '13800138000',
      email: 'a@b.cn',
      remark: 'x',
    });
  });

  it('judges the confirmation only once there is a password', () => {
    expect(ids(passwordProblems({ password: '', confirm_password: 'x' }))).toEqual({
      password: 'user.password.required',
    });
  });

  it('shows the problems of the fields left before the first submit, and all of them after', () => {
    const problems = accountProblems({ ...good, login: '', mobile: '1' });
    expect(Object.keys(shownProblems(problems, new Set(), false))).toEqual([]);
    expect(Object.keys(shownProblems(problems, new Set(['mobile']), false))).toEqual(['mobile']);
    expect(Object.keys(shownProblems(problems, new Set(), true)).sort()).toEqual(['login', 'mobile']);
  });

  it('checks the profile alone, for the detail', () => {
    expect(ids(profileProblems({ real_name: '', mobile: '12800138000', email: '', remark: '' }))).toEqual({
      mobile: 'account.mobile.invalid',
    });
  });
});

describe('a refusal of the server', () => {
  it('marks the fields its rules name, with the server’s words for the first one', () => {
    const error = new ApiError(Code.invalidRequest, '登录账号须为 4–32 个字符', {
      issues: [
        { path: 'login', message_id: 'user.login.invalid' },
        { path: 'confirm_password', message_id: 'user.password.mismatch' },
      ],
    });
    const refusal = refusalOf(error, accountFields);
    expect(refusal.fields).toEqual({
      login: { id: 'user.login.invalid', text: '登录账号须为 4–32 个字符' },
      confirm_password: { id: 'user.password.mismatch' },
    });
    expect(refusal.message).toBeNull();
    expect(refusal.unplaced).toBe(false);
  });

  it('says above the form what no field of it shows', () => {
    const error = new ApiError(
      Code.invalidRequest,
      'Owners can only be the main account and its sub-accounts.',
      {
        issues: [{ path: 'data.users.ids', message_id: 'user.grant.owner' }],
      },
    );
    const refusal = refusalOf(error, accountFields);
    expect(refusal.fields).toEqual({});
    expect(refusal.message).toBe('Owners can only be the main account and its sub-accounts.');
    expect(refusal.unplaced).toBe(true);
  });

  it('marks the login when it is taken', () => {
    const error = new ApiError(Code.alreadyApplied, 'The login ops is already taken.', { login: 'ops' });
    expect(refusalOf(error, accountFields)).toEqual({
      fields: { login: { id: 'user.login.taken', text: 'The login ops is already taken.' } },
      message: null,
      unplaced: false,
      limit: false,
      network: false,
    });
  });

  it('says the sub-account limit (spec §9) above the form, keeping every field as typed', () => {
    const error = new ApiError(Code.limitReached, 'Up to 5 sub-accounts can be created.', { max: 5 });
    const refusal = refusalOf(error, accountFields);
    expect(refusal).toMatchObject({
      limit: true,
      fields: {},
      message: 'Up to 5 sub-accounts can be created.',
    });
  });

  it('tells a lost connection apart', () => {
    const refusal = refusalOf(new ApiError(ApiError.networkCode, 'network error'), passwordFields);
    expect(refusal).toMatchObject({ network: true, fields: {}, message: 'network error' });
  });

  it('places only the fields of its form: the password dialog does not mark a login', () => {
    const error = new ApiError(Code.alreadyApplied, 'taken', { login: 'ops' });
    expect(refusalOf(error, profileFields).fields).toEqual({});
    expect(refusalOf(error, profileFields).message).toBe('taken');
  });
});

describe('the texts of the rules', () => {
  const i18n = setupI18n({ locale: 'en_US', locales: ['en-US'], messages: { en_US: {} } });

  it('are what the server says under the same ids (one text)', () => {
    const shared = Object.keys(userRuleMessages);
    expect(shared).toEqual(
      expect.arrayContaining([
        'user.login.required',
        'user.login.invalid',
        'user.password.required',
        'user.password.spaces',
        'user.password.length',
        'user.password.classes',
        'user.password.mismatch',
        'account.mobile.invalid',
        'account.email.invalid',
      ]),
    );
    for (const id of shared) expect(serverText(id, 'en_US'), id).toBe(userRuleMessages[id]?.message);
  });

  it('carry their own id', () => {
    for (const [id, descriptor] of Object.entries(userRuleMessages)) expect(descriptor.id).toBe(id);
  });

  it('give every id a rule of the forms can return a text of the console', () => {
    const drafts: AccountDraft[] = [
      { ...good, login: '' },
      { ...good, login: 'x' },
      { ...good, login: 'a\u202e' },
      { ...good, password: '' },
      { ...good, password: 'a b' },
      { ...good, password: 'Ab1#e', confirm_password: 'Ab1#e' },
      { ...good, password: 'abcdefgh', confirm_password: 'abcdefgh' },
      { ...good, confirm_password: 'x' },
      { ...good, mobile: '1' },
      { ...good, email: 'x' },
    ];
    for (const draft of drafts)
      for (const problem of Object.values(accountProblems(draft)))
        expect(userRuleMessages[problem!.id], problem!.id).toBeDefined();
  });

  it('show the console’s text for a known id, the server’s words for another, nothing for none', () => {
    expect(problemText(i18n, { id: 'user.password.mismatch', text: 'ignored' })).toBe(
      'The two passwords do not match',
    );
    expect(problemText(i18n, { id: 'user.login.taken', text: 'The login ops is already taken.' })).toBe(
      'The login ops is already taken.',
    );
    expect(problemText(i18n, { id: 'no.such.rule' })).toBe('This value is not valid');
    expect(problemText(i18n, undefined)).toBeNull();
  });
});

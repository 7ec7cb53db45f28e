import { describe, expect, it } from 'vitest';
import { validateEmail, validateMobile } from '../../../src/contract/rules/account';
import {
  childAddBody,
  validateConfirmation,
  validateLogin,
  validatePassword,
} from '../../../src/contract/users';

/** spec §5: the rules at their boundaries; the browser's forms and the server read the same ones. */
describe('the password policy', () => {
  it.each([
    ['', 'user.password.required'],
    ['Ab1#efg', 'user.password.length'], // 7
    ['Ab1#efgh', null], // 8
    ['Ab1#efghijklmnopqrst', null], // 20
    ['Ab1#efghijklmnopqrstu', 'user.password.length'], // 21
    ['Ab1# efgh', 'user.password.spaces'],
    ['Ab1#efg\th', 'user.password.spaces'],
    ['abcdefgh', 'user.password.classes'], // one class
    ['abcdefg1', 'user.password.classes'], // two
    ['Abcdefg1', null], // upper, lower, digit
    ['abcdef1#', null], // lower, digit, symbol
    ['ABCDEF1#', null], // upper, digit, symbol
    ['Abcdefg#', null], // upper, lower, symbol
    ['密码abcd12', null], // characters other than letters and digits count as symbols
  ])('%j → %s', (password, expected) => {
    expect(validatePassword(password)).toBe(expected);
  });

  it('needs the confirmation to match exactly', () => {
    expect(validateConfirmation('Ab1#efgh', 'Ab1#efgh')).toBeNull();
    expect(validateConfirmation('Ab1#efgh', 'Ab1#efgh ')).toBe('user.password.mismatch');
  });
});

describe('the sub-account login', () => {
  it.each([
    ['', 'user.login.required'],
    ['abc', 'user.login.invalid'], // 3
    ['abcd', null], // 4
    [`a${'b'.repeat(31)}`, null], // 32
    [`a${'b'.repeat(32)}`, 'user.login.invalid'], // 33
    ['1abc', 'user.login.invalid'],
    ['ops.team-1_a', null],
    ['ops team', 'user.login.invalid'],
    ['运维账号', 'user.login.invalid'],
  ])('%j → %s', (login, expected) => {
    expect(validateLogin(login)).toBe(expected);
  });
});

describe('mobile and email', () => {
  it.each([
    ['13800138000', null],
    ['1380013800', 'account.mobile.invalid'], // 10 digits
    ['138001380001', 'account.mobile.invalid'], // 12
    ['12800138000', 'account.mobile.invalid'], // second digit 2
    ['', null], // optional
  ])('mobile %j → %s', (mobile, expected) => {
    expect(validateMobile(mobile)).toBe(expected);
  });
  it.each([
    ['ops@example.com', null],
    ['ops@example', 'account.email.invalid'],
    ['ops example@x.com', 'account.email.invalid'],
    [`${'a'.repeat(250)}@b.cn`, 'account.email.invalid'], // 255 characters
    ['', null],
  ])('email %j → %s', (email, expected) => {
    expect(validateEmail(email)).toBe(expected);
  });
});

describe('the create call checks what the form checks', () => {
  const good = { login: 'demo-ops', password: 'Ab1#efgh', confirm_password: 'Ab1#efgh' };
  it('takes a minimal sub-account, with no menu and no data by default', () => {
    const parsed = childAddBody.parse(good);
    expect(parsed.menu_ids).toEqual([]);
    expect(parsed.data).toEqual({
      domains: { all: false, ids: [] },
      certs: { all: false, ids: [] },
      users: { all: false, ids: [] },
    });
  });
  it('names the field of each problem', () => {
    const result = childAddBody.safeParse({ ...good, confirm_password: 'x', mobile: '123' });
    expect(result.success).toBe(false);
    const issues = result.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['confirm_password', 'user.password.mismatch'],
        ['mobile', 'account.mobile.invalid'],
      ]),
    );
  });
});

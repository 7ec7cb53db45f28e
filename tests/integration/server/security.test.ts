import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { beforeEach, expect, it } from 'vitest';
import { endpoints } from '../../../src/contract/endpoints';
import {
  accounts,
  auditEvents,
  loginFailures,
  recoveryCodes,
  signInChallenges,
} from '../../../server/db/schema';
import { sha256Hex } from '../../../server/http/crypto';
import { createAccount, findAccountByLogin } from '../../../server/modules/account/service';
import {
  call,
  cookieOf,
  describeServer,
  postLogin,
  redeem,
  redirectParams,
  signIn,
} from '../../support/server-harness';

/**
 * The signed-in account's own security (spec §4 two-factor authentication, §5 new password):
 * password change, and two-factor sign-in through the portal with an authenticator app's codes
 * (computed here from the secret the setup answers) and single-use recovery codes.
 */

interface Status {
  type: 'totp';
  enabled: boolean;
  recovery_codes_left: number;
  security_level: 'low' | 'medium' | 'high';
}

const issuesOf = (data: unknown) =>
  (data as { issues?: { path: string; message_id: string }[] }).issues ?? [];

/** The code of an authenticator app holding `secret`, `steps` time steps from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });

/** A six-digit code that is none of the codes the server's ±1 step window accepts now. */
function wrongCodeOf(secret: string): string {
  const taken = new Set([-2, -1, 0, 1, 2].map((steps) => codeOf(secret, steps)));
  for (let n = 0; ; n += 1) {
    const candidate = String((123_456 + n * 7_919) % 1_000_000).padStart(6, '0');
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * Waits, when needed, until at least `seconds` remain of the current 30-second step: the codes
 * computed here are then checked by the server within the same step, whatever the machine's speed.
 */
async function freshStep(seconds = 8): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

describeServer('security: password change and two-factor sign-in', (h) => {
  const password = 'Start#Pass2026';

  const makeAccount = async (login: string, fields: { mobile?: string } = {}) => {
    await createAccount(h().db, { login, password, ...fields });
    return login;
  };
  /** The portal form, then the console's view call with the portal cookie: the token. */
  const signInWith = async (login: string, secret = password) => {
    const response = await postLogin(h().app, login, secret);
    expect(response.statusCode, response.body).toBe(303);
    const { body } = await redeem(h().app, redirectParams(response), cookieOf(response));
    expect(body.data.token).toBeTruthy();
    return { token: body.data.token, cookie: cookieOf(response) };
  };
  const api = <T = Record<string, unknown>>(
    name: keyof typeof endpoints,
    token: string,
    body?: unknown,
    language?: string,
  ) => {
    const endpoint = endpoints[name];
    return call<T>(h().app, endpoint.method as 'GET' | 'POST', endpoint.path, {
      token,
      ...(body !== undefined ? { body } : {}),
      ...(language ? { language } : {}),
    });
  };
  const status = async (token: string) => (await api<Status>('twoFactorStatus', token)).body;
  /** Turns two-factor sign-in on: setup, then a code of the previous step (the current one stays unused). */
  const enable = async (token: string) => {
    const setup = await api<{ secret: string; otpauth_url: string }>('twoFactorSetup', token);
    expect(setup.body.code).toBe(0);
    await freshStep();
    const enabled = await api<{ recovery_codes: string[] }>('twoFactorEnable', token, {
      code: codeOf(setup.body.data.secret, -1),
    });
    expect(enabled.body.code, JSON.stringify(enabled.body)).toBe(0);
    return { secret: setup.body.data.secret, recoveryCodes: enabled.body.data.recovery_codes };
  };
  const challengeCookieOf = (response: LightMyRequestResponse) => cookieOf(response, 'portal_challenge');
  const postCode = (cookie: string, code: string, language = 'en_US', source = 'portal') =>
    h().app.inject({
      method: 'POST',
      url: `/${source}/login/verify`,
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code, lang: language }).toString(),
    });
  /** The password step of a sign-in with two-factor on: it answers the code page and its cookie. */
  const passwordStep = async (login: string, extra: Record<string, string> = {}) => {
    const response = await postLogin(h().app, login, password, { lang: 'en_US', ...extra });
    expect(response.statusCode).toBe(200);
    const cookie = challengeCookieOf(response);
    expect(cookie).not.toBe('');
    return { response, cookie };
  };
  const auditOf = (login: string, action: string) =>
    h()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.target, login), eq(auditEvents.action, action)))
      // In the order they were recorded: a table read without an order may come in any.
      .orderBy(asc(auditEvents.id));

  // Every call here comes from one address: the sign-in limits of one test do not reach the next.
  beforeEach(async () => {
    await h().db.delete(loginFailures);
  });

  it('refuses a wrong current password and a new password outside the policy, field by field', async () => {
    const login = await makeAccount('sec-policy');
    const { token } = await signInWith(login);
    const change = (body: Record<string, string>, language?: string) =>
      api('passwordChange', token, { old_password: password, ...body }, language);

    const wrong = await change({
      old_password: 'Wrong#Pass2026',
      password: 'Next#Pass2026',
      confirm_password: 'Next#Pass2026',
    });
    expect(wrong.body.code).toBe(40001);
    expect(wrong.body.msg).toBe('当前密码错误');
    expect(issuesOf(wrong.body.data)).toEqual([{ path: 'old_password', message_id: 'user.password.wrong' }]);
    const wrongEn = await change(
      { old_password: 'Wrong#Pass2026', password: 'Next#Pass2026', confirm_password: 'Next#Pass2026' },
      'en',
    );
    expect(wrongEn.body.msg).toBe('The current password is incorrect.');

    // spec §5: 8-20 characters, no spaces, three of four classes, the confirmation matching.
    for (const [next, messageId] of [
      ['Ab#4567', 'user.password.length'],
      ['Abcdefghij#1234567890', 'user.password.length'],
      ['Abc#defg 123', 'user.password.spaces'],
      ['abcdefgh123', 'user.password.classes'],
      ['ABCDEFGH###', 'user.password.classes'],
      ['', 'user.password.required'],
    ] as const) {
      const answer = await change({ password: next, confirm_password: next });
      expect(answer.body.code, next).toBe(40001);
      expect(issuesOf(answer.body.data), next).toContainEqual({ path: 'password', message_id: messageId });
    }
    const mismatch = await change({ password: 'Next#Pass2026', confirm_password: 'Next#Pass2027' });
    expect(issuesOf(mismatch.body.data)).toEqual([
      { path: 'confirm_password', message_id: 'user.password.mismatch' },
    ]);
    const same = await change({ password, confirm_password: password });
    expect(issuesOf(same.body.data)).toEqual([{ path: 'password', message_id: 'user.password.unchanged' }]);

    // The boundaries themselves are taken: 20 characters, then 8.
    const twenty = 'Abcdefghij#123456789';
    expect((await change({ password: twenty, confirm_password: twenty })).body.code).toBe(0);
    const eight = 'Ab#45678';
    const changed = await change({ old_password: twenty, password: eight, confirm_password: eight }, 'en');
    expect(changed.body).toMatchObject({ code: 0, msg: 'Password changed. Your other sign-ins have ended.' });
    expect((await postLogin(h().app, login, twenty)).statusCode).toBe(401);
    expect((await postLogin(h().app, login, eight)).statusCode).toBe(303);
  });

  it('ends the other sign-ins of the account, keeps the caller, and signs in with the new password only', async () => {
    const login = await makeAccount('sec-change');
    const here = await signInWith(login);
    const elsewhere = await signInWith(login);
    const next = 'Next#Pass2026';
    const before = new Date();
    const changed = await api('passwordChange', here.token, {
      old_password: password,
      password: next,
      confirm_password: next,
    });
    expect(changed.body.code).toBe(0);

    // The caller's token and portal session stay; the other browser's are over.
    expect((await status(here.token)).code).toBe(0);
    expect((await status(elsewhere.token)).code).toBe(44);
    const sso = (cookie: string) =>
      h().app.inject({ method: 'GET', url: '/portal/login?redirect_uri=%2F', headers: { cookie } });
    expect((await sso(here.cookie)).statusCode).toBe(303);
    expect((await sso(elsewhere.cookie)).statusCode).toBe(200);

    expect((await postLogin(h().app, login, password)).statusCode).toBe(401);
    await signInWith(login, next);

    const [row] = await h().db.select().from(accounts).where(eq(accounts.login, login));
    expect(row?.passwordChangedAt?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    const events = await auditOf(login, 'passwordChange');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ accountId: row?.id, actorId: row?.id, ip: '127.0.0.1' });
  });

  it('counts wrong current passwords like failed sign-ins', async () => {
    const login = await makeAccount('sec-guess');
    const { token } = await signInWith(login);
    const guess = (old: string) =>
      api(
        'passwordChange',
        token,
        { old_password: old, password: 'Next#Pass2026', confirm_password: 'Next#Pass2026' },
        'en',
      );
    for (let i = 0; i < 10; i += 1) expect((await guess(`Guess#${i}Pass`)).body.code).toBe(40001);
    const refused = await guess(password);
    expect(refused.response.statusCode).toBe(429);
    expect(refused.body.code).toBe(42901);
    expect(refused.body.msg).toBe('Too many incorrect attempts. Please try again in 5 min.');
    expect(Number(refused.response.headers['retry-after'])).toBeGreaterThan(200);
    // The portal's sign-in of the login is held back too.
    expect((await postLogin(h().app, login, password)).statusCode).toBe(429);
  });

  it('turns two-factor sign-in on with a code of the new secret, keeping the secret sealed', async () => {
    const login = await makeAccount('sec-enrol', { mobile: '13800138000' });
    const { token } = await signInWith(login);
    expect((await status(token)).data).toEqual({
      type: 'totp',
      enabled: false,
      recovery_codes_left: 0,
      security_level: 'medium',
    });
    const early = await api('twoFactorEnable', token, { code: '123456' });
    expect(issuesOf(early.body.data)).toEqual([{ path: 'code', message_id: 'user.twoFactor.setupFirst' }]);

    const setup = await api<{ secret: string; otpauth_url: string }>('twoFactorSetup', token);
    expect(setup.body.code).toBe(0);
    const { secret, otpauth_url: url } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(url.startsWith(`otpauth://totp/CDN%20Console:${login}?`)).toBe(true);
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    expect(Object.fromEntries(query)).toEqual({
      issuer: 'CDN Console',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    let [row] = await h().db.select().from(accounts).where(eq(accounts.login, login));
    expect(row?.totpPendingSecret).toMatch(/^v1\./);
    expect(row?.totpPendingSecret).not.toContain(secret);
    expect(row?.totpSecret).toBeNull();

    const wrong = await api('twoFactorEnable', token, { code: wrongCodeOf(secret) }, 'en');
    expect(wrong.body.code).toBe(40001);
    expect(issuesOf(wrong.body.data)).toEqual([{ path: 'code', message_id: 'user.twoFactor.codeWrong' }]);
    const malformed = await api('twoFactorEnable', token, { code: '12345' });
    expect(issuesOf(malformed.body.data)).toEqual([
      { path: 'code', message_id: 'user.twoFactor.codeInvalid' },
    ]);
    expect(malformed.body.msg).toBe('请输入 6 位数字验证码');

    await freshStep();
    const enabled = await api<{ recovery_codes: string[] }>('twoFactorEnable', token, {
      code: codeOf(secret),
    });
    expect(enabled.body.code).toBe(0);
    const codes = enabled.body.data.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);

    [row] = await h().db.select().from(accounts).where(eq(accounts.login, login));
    expect(row).toMatchObject({ totpEnabled: true, totpPendingSecret: null });
    expect(row?.totpSecret).toMatch(/^v1\./);
    expect(row?.totpSecret).not.toContain(secret);
    const stored = await h().db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, row!.id));
    expect(stored).toHaveLength(10);
    for (const code of codes) {
      expect(stored.map((r) => r.codeHash)).not.toContain(code);
      expect(stored.map((r) => r.codeHash)).not.toContain(sha256Hex(code));
    }
    expect((await status(token)).data).toEqual({
      type: 'totp',
      enabled: true,
      recovery_codes_left: 10,
      security_level: 'high',
    });
    expect(await auditOf(login, 'twoFactorEnable')).toHaveLength(1);
    // Once on, it is not set up again (a stolen sign-in cannot move it to another phone).
    expect((await api('twoFactorSetup', token)).body.code).toBe(40901);
    expect((await api('twoFactorEnable', token, { code: codeOf(secret) })).body.code).toBe(40901);
  });

  it('asks for the code at sign-in, refuses a wrong or replayed one, and signs in with the right one', async () => {
    const login = await makeAccount('sec-signin');
    const { token } = await signInWith(login);
    const { secret } = await enable(token);

    const { response, cookie } = await passwordStep(login, {
      redirect_uri: '/#/cdn/dashboard',
      state: 'st-2fa',
    });
    // No code for the console and no portal session before the second factor.
    expect(response.headers.location).toBeUndefined();
    expect(cookieOf(response)).toBe('');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('<h1>Two-factor authentication</h1>');
    expect(response.body).toContain('<form method="post" action="/portal/login/verify">');
    expect(response.body).toContain('<label for="code">Code or recovery code</label>');
    expect(response.body).not.toMatch(/<script|style="/i);
    const set = response.cookies.find((c) => c.name === 'portal_challenge');
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/portal/login', maxAge: 300 });
    const rows = await h()
      .db.select()
      .from(signInChallenges)
      .where(eq(signInChallenges.idHash, sha256Hex(set!.value)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 300_000);

    // The page again, in the other language (zh_CN is the default).
    const zh = await h().app.inject({
      method: 'GET',
      url: '/portal/login/verify?lang=zh_CN',
      headers: { cookie },
    });
    expect(zh.statusCode).toBe(200);
    expect(zh.body).toContain('<h1>双因素认证</h1>');
    expect(zh.body).toContain('<label for="code">验证码或恢复码</label>');
    expect(zh.body).toContain('href="/portal/login/verify?lang=en_US"');
    const gone = await h().app.inject({ method: 'GET', url: '/portal/login/verify' });
    expect(gone.statusCode).toBe(303);
    expect(gone.headers.location).toBe('/portal/login');

    await freshStep();
    const wrong = await postCode(cookie, wrongCodeOf(secret));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('The code is incorrect or was already used. 4 attempts are left.');
    const wrongZh = await postCode(cookie, wrongCodeOf(secret), 'zh_CN');
    expect(wrongZh.body).toContain('验证码错误或已使用，还可尝试 3 次。');

    const used = codeOf(secret);
    const right = await postCode(cookie, used);
    expect(right.statusCode).toBe(303);
    const location = String(right.headers.location);
    expect(location).toMatch(/^\/\?state=st-2fa&session_state=[^&]+&code=[^&#]+#\/cdn\/dashboard$/);
    const redeemed = await redeem(h().app, redirectParams(right), cookieOf(right));
    expect(redeemed.body.data.token).toBeTruthy();
    expect(right.cookies.find((c) => c.name === 'portal_challenge')?.value).toBe('');
    expect(
      await h()
        .db.select()
        .from(signInChallenges)
        .where(eq(signInChallenges.idHash, sha256Hex(set!.value))),
    ).toHaveLength(0);
    const [event] = await auditOf(login, 'signIn').then((events) => events.slice(-1));
    expect(event).toMatchObject({ origin: 'browser', ip: '127.0.0.1' });
    expect(JSON.parse(event?.after ?? '{}')).toEqual({ source: 'portal', second_factor: 'totp' });

    // The same code again, in another sign-in: refused (a code is taken once).
    const again = await passwordStep(login);
    const replayed = await postCode(again.cookie, used);
    expect(replayed.statusCode).toBe(401);
    // The next step's code is good.
    expect((await postCode(again.cookie, codeOf(secret, 1))).statusCode).toBe(303);
  });

  it('takes a recovery code once, and ends a challenge after five wrong codes or five minutes', async () => {
    const login = await makeAccount('sec-recover');
    const { token } = await signInWith(login);
    const { secret, recoveryCodes: codes } = await enable(token);

    const first = await passwordStep(login);
    // Typed in capitals and without the dash, it is the same code.
    const typed = codes[0]!.toUpperCase().replace('-', '');
    const recovered = await postCode(first.cookie, typed);
    expect(recovered.statusCode).toBe(303);
    const [signedIn] = await auditOf(login, 'signIn').then((events) => events.slice(-1));
    expect(JSON.parse(signedIn?.after ?? '{}')).toMatchObject({ second_factor: 'recovery' });
    expect((await status(token)).data.recovery_codes_left).toBe(9);
    const second = await passwordStep(login);
    expect((await postCode(second.cookie, codes[0]!)).statusCode).toBe(401);

    await h().db.delete(loginFailures);
    const third = await passwordStep(login);
    for (let left = 4; left >= 1; left -= 1) {
      const answer = await postCode(third.cookie, wrongCodeOf(secret));
      expect(answer.statusCode).toBe(401);
      expect(answer.body).toContain(`${left} attempt${left === 1 ? ' is' : 's are'} left.`);
    }
    const fifth = await postCode(third.cookie, wrongCodeOf(secret));
    expect(fifth.statusCode).toBe(401);
    expect(fifth.body).toContain('Too many incorrect codes. Please sign in again.');
    expect(fifth.body).toContain('<label for="password">Password</label>');
    expect(fifth.cookies.find((c) => c.name === 'portal_challenge')?.value).toBe('');
    // Even the right code does not open a challenge that took five.
    const after = await postCode(third.cookie, codes[1]!);
    expect(after.statusCode).toBe(401);
    expect(after.body).toContain('This sign-in has expired. Please sign in again.');
    expect((await status(token)).data.recovery_codes_left).toBe(9);

    await h().db.delete(loginFailures);
    const late = await passwordStep(login);
    await h()
      .db.update(signInChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signInChallenges.idHash, sha256Hex(late.cookie.split('=')[1] ?? '')));
    const expired = await postCode(late.cookie, codes[1]!, 'zh_CN');
    expect(expired.statusCode).toBe(401);
    expect(expired.body).toContain('验证已超时，请重新登录。');
    expect((await status(token)).data.recovery_codes_left).toBe(9);
  });

  it('applies the sign-in limit to the codes', async () => {
    const login = await makeAccount('sec-limit');
    const { token } = await signInWith(login);
    const { secret } = await enable(token);
    await h().db.delete(loginFailures);
    // Password (1) and five codes (6); password (7) and three codes (10): the next is over the limit.
    const first = await passwordStep(login);
    for (let i = 0; i < 5; i += 1) await postCode(first.cookie, wrongCodeOf(secret));
    const second = await passwordStep(login);
    for (let i = 0; i < 3; i += 1)
      expect((await postCode(second.cookie, wrongCodeOf(secret))).statusCode).toBe(401);
    const refused = await postCode(second.cookie, codeOf(secret));
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many failed sign-ins. Please try again in 5 min.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(200);
  });

  it('refuses a code posted from another site', async () => {
    const login = await makeAccount('sec-csrf');
    const { token } = await signInWith(login);
    const { secret } = await enable(token);
    const { cookie } = await passwordStep(login);
    const response = await h().app.inject({
      method: 'POST',
      url: '/portal/login/verify',
      headers: {
        cookie,
        origin: 'https://evil.example.com',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ code: codeOf(secret), lang: 'en_US' }).toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('This request came from another website and was refused.');
    expect(cookieOf(response)).toBe('');
  });

  it('turns two-factor sign-in off with the password and a code, then signs in without one', async () => {
    const login = await makeAccount('sec-off', { mobile: '13800138000' });
    const { token } = await signInWith(login);
    const { secret, recoveryCodes: codes } = await enable(token);

    const wrongPassword = await api('twoFactorDisable', token, {
      password: 'Wrong#Pass2026',
      code: codes[0],
    });
    expect(issuesOf(wrongPassword.body.data)).toEqual([
      { path: 'password', message_id: 'user.password.wrong' },
    ]);
    const wrongCode = await api('twoFactorDisable', token, { password, code: wrongCodeOf(secret) }, 'en');
    expect(wrongCode.body.msg).toBe(
      'The code is incorrect or was already used. Enter the current code of your authenticator app.',
    );
    expect(issuesOf(wrongCode.body.data)).toEqual([{ path: 'code', message_id: 'user.twoFactor.codeWrong' }]);
    expect((await status(token)).data.enabled).toBe(true);

    const off = await api('twoFactorDisable', token, { password, code: codes[0] }, 'en');
    expect(off.body).toMatchObject({ code: 0, msg: 'Two-factor authentication is off.' });
    expect((await status(token)).data).toEqual({
      type: 'totp',
      enabled: false,
      recovery_codes_left: 0,
      security_level: 'medium',
    });
    const [row] = await h().db.select().from(accounts).where(eq(accounts.login, login));
    expect(row).toMatchObject({ totpEnabled: false, totpSecret: null, totpPendingSecret: null });
    expect(
      await h().db.select().from(recoveryCodes).where(eq(recoveryCodes.accountId, row!.id)),
    ).toHaveLength(0);
    expect(await auditOf(login, 'twoFactorDisable')).toHaveLength(1);
    expect((await api('twoFactorDisable', token, { password, code: codes[1] })).body.code).toBe(40901);

    const response = await postLogin(h().app, login, password);
    expect(response.statusCode).toBe(303);
    expect(cookieOf(response, 'portal_challenge')).toBe('');
  });

  it('asks a sub-account for its code the same way, and shows its state to the main account', async () => {
    const demo = await signIn(h().app, 'demo');
    const made = await call<{ user: { id: number } }>(h().app, 'POST', '/v3/customer/customer/childAdd', {
      token: demo.token,
      body: {
        login: 'sec-sub',
        password,
        confirm_password: password,
        email: 'sub@example.com',
        menu_ids: [201],
      },
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    const { token } = await signInWith('sec-sub');
    const { secret } = await enable(token);

    const { cookie } = await passwordStep('sec-sub');
    const right = await postCode(cookie, codeOf(secret));
    expect(right.statusCode).toBe(303);
    expect((await redeem(h().app, redirectParams(right), cookieOf(right))).body.code).toBe(0);

    const main = await findAccountByLogin(h().db, 'demo');
    const sub = await findAccountByLogin(h().db, 'sec-sub');
    const [event] = await auditOf('sec-sub', 'signIn').then((events) => events.slice(-1));
    // A sub-account's sign-in is in its main account's audit log.
    expect(event).toMatchObject({ accountId: main?.id, actorId: sub?.id, origin: 'browser' });
    const detail = await call<{ user: { two_factor: { enabled: boolean }; security_level: string } }>(
      h().app,
      'POST',
      '/v3/customer/customer/childDetail',
      { token: demo.token, body: { user_id: made.body.data.user.id } },
    );
    expect(detail.body.data.user).toMatchObject({
      two_factor: { type: 'totp', enabled: true },
      security_level: 'high',
    });
  });

  it('writes a signIn audit event for a sign-in with the password alone', async () => {
    const login = await makeAccount('sec-plain');
    await signInWith(login);
    const events = await auditOf(login, 'signIn');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ origin: 'browser', ip: '127.0.0.1' });
    expect(JSON.parse(events[0]?.after ?? '{}')).toEqual({ source: 'portal', second_factor: null });
  });
});

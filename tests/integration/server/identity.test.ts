import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { accounts, authCodes, loginFailures, portalSessions, tokens } from '../../../server/db/schema';
import { sha256Hex } from '../../../server/http/crypto';
import {
  call,
  cookieOf,
  demoPassword,
  describeServer,
  postLogin,
  redeem,
  redirectParams,
  signIn,
} from '../../support/server-harness';

const signInUrl = '/portal/login?redirect_uri=%2F';

/** The sign-out page's button: a same-origin form post to the logout address. */
const portalLogout = (app: FastifyInstance, cookie: string) =>
  app.inject({
    method: 'POST',
    url: '/portal/logout',
    headers: { cookie, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'lang=zh_CN',
  });

describeServer('identity: portal pages and sign-in', (h) => {
  it('shows the sign-in form with labelled fields in both languages', async () => {
    const zh = await h().app.inject({ method: 'GET', url: '/portal/login?redirect_uri=%2F&state=s1' });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toContain('text/html');
    expect(zh.body).toContain('<label for="username">用户名</label>');
    expect(zh.body).toContain('<label for="password">密码</label>');
    expect(zh.body).toContain('>登录</button>');
    expect(zh.body).toContain('name="state" value="s1"');
    expect(zh.body).not.toMatch(/<script/i);
    expect(zh.body).not.toMatch(/style="/);
    const en = await h().app.inject({ method: 'GET', url: '/portal/login?lang=en_US' });
    expect(en.body).toContain('<label for="username">Username</label>');
    expect(en.body).toContain('<label for="password">Password</label>');
    expect(en.body).toContain('>Sign in</button>');
    expect(en.body).toContain('href="/portal/login?lang=zh_CN"');
    expect(cookieOf(en, 'cdn_language')).toBe('cdn_language=en_US');
    // A state is generated when none is given.
    expect(en.body).toMatch(/name="state" value="[A-Za-z0-9_-]{16,}"/);
    const byHeader = await h().app.inject({
      method: 'GET',
      url: '/portal/login',
      headers: { 'accept-language': 'en-GB,en;q=0.8' },
    });
    expect(byHeader.body).toContain('Username');
    const byCookie = await h().app.inject({
      method: 'GET',
      url: '/portal/login',
      cookies: { cdn_language: 'en_US' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(byCookie.body).toContain('Username');
    const css = await h().app.inject({ method: 'GET', url: '/portal/assets/portal.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });

  it('escapes interpolated values', async () => {
    const page = await h().app.inject({
      method: 'GET',
      url: `/portal/login?redirect_uri=${encodeURIComponent('/"><img src=x>')}`,
    });
    expect(page.body).not.toContain('"><img src=x>');
    // The redirect address is kept percent-encoded, so nothing of it can break out of the attribute.
    expect(page.body).toContain('name="redirect_uri" value="/%22%3E%3Cimg%20src=x%3E"');
  });

  it('keeps the typed username after a wrong password', async () => {
    const response = await postLogin(h().app, 'demo', 'wrong-password', { lang: 'en_US' });
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('Incorrect username or password.');
    expect(response.body).toContain('value="demo"');
    const zh = await postLogin(h().app, 'nobody-here', 'x', { lang: 'zh_CN' });
    expect(zh.body).toContain('用户名或密码错误。');
    expect(zh.body).toContain('value="nobody-here"');
  });

  it('redirects with state, session_state and a code, and stores only hashes', async () => {
    const response = await postLogin(h().app, 'demo', demoPassword, {
      redirect_uri: '/#/cdn/dashboard',
      state: 'abc123',
    });
    expect(response.statusCode).toBe(303);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/\?state=abc123&session_state=[^&]+&code=[^&#]+#\/cdn\/dashboard$/);
    const code = new URL(location, 'http://x').searchParams.get('code') ?? '';
    const rows = await h()
      .db.select()
      .from(authCodes)
      .where(eq(authCodes.codeHash, sha256Hex(code)));
    expect(rows).toHaveLength(1);
    const plain = await h().db.select().from(authCodes).where(eq(authCodes.codeHash, code));
    expect(plain).toHaveLength(0);
    const cookie = response.cookies.find((c) => c.name === 'portal_sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('accepts only same-origin redirect paths', async () => {
    for (const bad of [
      '//evil.example.com/x',
      'https://evil.example.com/',
      '/\\evil.example.com',
      'javascript:alert(1)',
      'evil',
    ]) {
      const response = await postLogin(h().app, 'demo', demoPassword, { redirect_uri: bad });
      expect(response.statusCode).toBe(303);
      expect(String(response.headers.location)).toMatch(/^\/\?state=/);
    }
    const page = await h().app.inject({
      method: 'GET',
      url: '/portal/login?redirect_uri=%2F%2Fevil.example.com',
    });
    expect(page.body).toContain('name="redirect_uri" value="/"');
  });

  it('signs in at once with a live portal session (SSO)', async () => {
    const first = await postLogin(h().app, 'demo');
    const response = await h().app.inject({
      method: 'GET',
      url: '/portal/login?redirect_uri=%2F&state=again',
      headers: { cookie: cookieOf(first) },
    });
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location), 'http://x');
    expect(location.searchParams.get('state')).toBe('again');
    const { body } = await redeem(h().app, redirectParams(response), cookieOf(first));
    expect(body.code).toBe(0);
  });

  it('exchanges a code once for a token (0 open, 604 not open)', async () => {
    const demo = await signIn(h().app, 'demo');
    expect(demo.viewCode).toBe(0);
    expect(demo.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const newbie = await signIn(h().app, 'newbie');
    expect(newbie.viewCode).toBe(604);
    expect(newbie.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Reused code, by the browser it was issued to.
    const reused = await redeem(
      h().app,
      { code: demo.code, state: demo.state, session_state: demo.sessionState },
      demo.cookie,
    );
    expect(reused.body.code).toBe(40102);
  });

  it('refuses a code with the wrong state, the wrong session_state or past its lifetime', async () => {
    const response = await postLogin(h().app, 'demo', demoPassword, { state: 'right-state' });
    const { code, session_state: sessionState } = redirectParams(response);
    const cookie = cookieOf(response);
    const wrongState = await call(h().app, 'GET', '/account/user/view', {
      query: { code, state: 'other-state', session_state: sessionState },
      headers: { cookie },
    });
    expect(wrongState.body.code).toBe(40102);
    const wrongSession = await call(h().app, 'GET', '/account/user/view', {
      query: { code, state: 'right-state', session_state: 'nope' },
      headers: { cookie },
    });
    expect(wrongSession.body.code).toBe(40102);
    await h()
      .db.update(authCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authCodes.codeHash, sha256Hex(code)));
    const expired = await call(h().app, 'GET', '/account/user/view', {
      query: { code, state: 'right-state', session_state: sessionState },
      headers: { cookie },
      language: 'en',
    });
    expect(expired.body.code).toBe(40102);
    expect(expired.body.msg).toBe('The sign-in code is invalid or has expired. Please sign in again.');
    const missing = await call(h().app, 'GET', '/account/user/view', { query: { state: 'x' } });
    expect(missing.body.code).toBe(40001);
  });

  it('validates tokens: 0 open, 44 not open, 40101 with the sign-in address', async () => {
    const demo = await signIn(h().app, 'demo');
    expect((await call(h().app, 'GET', '/account/user/validate', { token: demo.token })).body).toMatchObject({
      code: 0,
      data: { service_status: 'open' },
    });
    const newbie = await signIn(h().app, 'newbie');
    expect(
      (await call(h().app, 'GET', '/account/user/validate', { token: newbie.token })).body,
    ).toMatchObject({ code: 44, data: { service_status: 'not_open' } });
    expect((await call(h().app, 'GET', '/account/user/validate')).body).toMatchObject({
      code: 40101,
      data: { url: signInUrl },
    });
    expect(
      (await call(h().app, 'GET', '/account/user/validate', { token: 'x'.repeat(43) })).body,
    ).toMatchObject({ code: 40101, data: { url: signInUrl } });
  });

  it('logs out: revokes the token, ends the portal session, answers the logout address of the source', async () => {
    const demo = await signIn(h().app, 'demo');
    const { body, response } = await call(h().app, 'POST', '/account/user/logout', {
      token: demo.token,
      body: { source: 'portal' },
      headers: { cookie: demo.cookie },
    });
    expect(body).toMatchObject({ code: 0, data: { url: '/portal/logout' } });
    expect(response.cookies.find((c) => c.name === 'portal_sid')?.value).toBe('');
    expect((await call(h().app, 'GET', '/account/user/validate', { token: demo.token })).body.code).toBe(
      40101,
    );
    expect(
      (await call(h().app, 'GET', '/v3/customer/customer/loginInfo', { token: demo.token })).body,
    ).toMatchObject({ code: 44, data: { url: signInUrl } });
    // The portal session is over: the form shows again instead of SSO.
    const page = await h().app.inject({
      method: 'GET',
      url: '/portal/login',
      headers: { cookie: demo.cookie },
    });
    expect(page.statusCode).toBe(200);
    const canvas = await call(h().app, 'POST', '/account/user/logout', { body: { source: 'canvas' } });
    expect(canvas.body).toMatchObject({ code: 0, data: { url: '/canvas/logout' } });
    const defaulted = await call(h().app, 'POST', '/account/user/logout', { body: {} });
    expect(defaulted.body.data).toEqual({ url: '/portal/logout' });
    const bad = await call(h().app, 'POST', '/account/user/logout', { body: { source: 'other' } });
    expect(bad.body.code).toBe(40001);
  });

  it('shows the support page with help, tickets and feedback in both languages', async () => {
    const zh = await h().app.inject({ method: 'GET', url: '/portal/support' });
    expect(zh.statusCode).toBe(200);
    for (const id of ['help', 'tickets', 'feedback']) expect(zh.body).toContain(`<section id="${id}">`);
    expect(zh.body).toContain('帮助与支持');
    expect(zh.body).toContain('href="/portal/realname"');
    expect(zh.body).toContain('href="/#/cdn/suggestion"');
    const en = await h().app.inject({ method: 'GET', url: '/portal/support?lang=en_US' });
    expect(en.body).toContain('Help and support');
    expect(en.body).not.toMatch(/<script/i);
  });

  it('asks before signing out on any navigation, and signs out on the page’s post', async () => {
    const demo = await signIn(h().app, 'demo');
    // A same-site link or image is a navigation too: it only asks.
    for (const site of ['same-origin', 'same-site', 'none']) {
      const asked = await h().app.inject({
        method: 'GET',
        url: '/portal/logout?lang=en_US',
        headers: { cookie: demo.cookie, 'sec-fetch-site': site },
      });
      expect(asked.body).toContain('<form method="post" action="/portal/logout">');
      expect(asked.body).not.toContain('You have signed out.');
      expect((await call(h().app, 'GET', '/account/user/validate', { token: demo.token })).body.code).toBe(0);
    }
    const page = await h().app.inject({
      method: 'POST',
      url: '/portal/logout',
      headers: {
        cookie: demo.cookie,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'lang=en_US',
    });
    expect(page.body).toContain('You have signed out.');
    expect(page.body).toContain('href="/"');
    expect((await call(h().app, 'GET', '/account/user/validate', { token: demo.token })).body.code).toBe(
      40101,
    );
    const sso = await h().app.inject({
      method: 'GET',
      url: '/portal/login',
      headers: { cookie: demo.cookie },
    });
    expect(sso.statusCode).toBe(200);
    const canvas = await h().app.inject({ method: 'GET', url: '/canvas/logout' });
    expect(canvas.body).toContain('您已退出登录。');
  });

  it('answers the identity user endpoint with the portal session', async () => {
    const demo = await signIn(h().app, 'demo');
    const { body } = await call(h().app, 'GET', '/portal/api/user', { headers: { cookie: demo.cookie } });
    expect(body).toEqual({ code: 0, msg: '操作成功', data: { username: 'demo', balance: '1280.50' } });
    const anonymous = await call(h().app, 'GET', '/portal/api/user');
    expect(anonymous.body).toMatchObject({ code: 40101, data: { url: signInUrl } });
  });

  it('sends canvas accounts to the canvas sign-in and portal accounts to the portal', async () => {
    const wrong = await postLogin(h().app, 'canvas', demoPassword, { lang: 'en_US' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).toContain('This is a Canvas account. Please use the Canvas sign-in.');
    expect(wrong.body).toContain('href="/canvas/login?');
    const page = await h().app.inject({ method: 'GET', url: '/canvas/login?lang=en_US' });
    expect(page.body).toContain('Canvas sign-in');
    expect(page.body).toContain('action="/canvas/login"');
    const canvas = await signIn(h().app, 'canvas', 'canvas');
    expect(canvas.viewCode).toBe(0);
    const view = await call(h().app, 'GET', '/v3/customer/customer/loginInfo', { token: canvas.token });
    expect(view.body.data).toMatchObject({ login_account_source: 1 });
    const portalOnCanvas = await postLogin(h().app, 'demo', demoPassword, { lang: 'zh_CN' }, 'canvas');
    expect(portalOnCanvas.body).toContain('该账号不是 Canvas 账号，请使用门户登录。');
  });

  it('limits failed sign-ins per login in the database, and says when to try again', async () => {
    const from = '192.0.2.80';
    for (let i = 0; i < 10; i += 1) await postLogin(h().app, 'unverified', 'wrong', {}, 'portal', from);
    const locked = await postLogin(h().app, 'unverified', demoPassword, { lang: 'en_US' }, 'portal', from);
    expect(locked.statusCode).toBe(429);
    expect(locked.body).toContain('Too many failed sign-ins. Please try again in 5 min.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(240);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(300);
    // Another login from the same address is not affected.
    expect((await postLogin(h().app, 'newbie', demoPassword, {}, 'portal', from)).statusCode).toBe(303);
    await h().db.delete(loginFailures);
  });

  it('completes the real-name authentication with a portal session', async () => {
    const anonymous = await h().app.inject({ method: 'GET', url: '/portal/realname?lang=en_US' });
    expect(anonymous.body).toContain('href="/portal/login?redirect_uri=%2F"');
    await h().db.update(accounts).set({ realNameVerified: false }).where(eq(accounts.login, 'newbie'));
    const newbie = await signIn(h().app, 'newbie');
    const form = await h().app.inject({
      method: 'GET',
      url: '/portal/realname?lang=en_US',
      headers: { cookie: newbie.cookie },
    });
    expect(form.body).toContain('<label for="real_name">Real name</label>');
    expect(form.body).toContain('<label for="id_card">ID card number</label>');
    const post = (idCard: string) =>
      h().app.inject({
        method: 'POST',
        url: '/portal/realname',
        headers: { cookie: newbie.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ real_name: '李四', id_card: idCard, lang: 'zh_CN' }).toString(),
      });
    const bad = await post('12345');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('请输入正确的 18 位身份证号码。');
    // The format alone is not enough: the GB 11643 check character must match.
    const wrongCheck = await post('110105194912310021');
    expect(wrongCheck.statusCode).toBe(400);
    expect(wrongCheck.body).toContain('请输入正确的 18 位身份证号码。');
    const done = await post('11010519491231002x');
    expect(done.body).toContain('实名认证已完成。');
    expect(done.body).toContain('href="/"');
    const [row] = await h().db.select().from(accounts).where(eq(accounts.login, 'newbie'));
    expect(row?.realNameVerified).toBe(true);
    expect(row?.realName).toBe('李四');
    // The ID card number is not kept at all, not even as a hash.
    expect(row).not.toHaveProperty('idCardHash');
    expect(JSON.stringify(row)).not.toContain('11010519491231002');
    expect(JSON.stringify(row)).not.toContain(sha256Hex('11010519491231002X'));
    const columns = await h().db.execute<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'accounts'`,
    );
    const names = columns.rows.map((c) => c.column_name);
    expect(names).toContain('real_name');
    expect(names.some((n) => n.includes('id_card'))).toBe(false);
  });

  it('leaves a verified account unchanged when the real-name form is posted again', async () => {
    const demo = await signIn(h().app, 'demo');
    const [before] = await h().db.select().from(accounts).where(eq(accounts.login, 'demo'));
    const again = await h().app.inject({
      method: 'POST',
      url: '/portal/realname',
      headers: { cookie: demo.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        real_name: '王八',
        id_card: '11010519491231002X',
        lang: 'en_US',
      }).toString(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Your account is already real-name verified.');
    const [after] = await h().db.select().from(accounts).where(eq(accounts.login, 'demo'));
    expect(after?.realName).toBe('张三');
    expect(after?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
  });

  it('refuses sign-in, real-name and logout posts from another site (login CSRF)', async () => {
    const app = h().app;
    const evil = { origin: 'https://evil.example.com' };
    const crossSite = { 'sec-fetch-site': 'cross-site' };
    const sameSite = { origin: 'http://localhost:8081', 'sec-fetch-site': 'same-site' };
    for (const headers of [
      evil,
      crossSite,
      sameSite,
      { origin: 'null' },
      { origin: 'http://localhost:8081' },
    ]) {
      for (const source of ['portal', 'canvas'] as const) {
        const response = await app.inject({
          method: 'POST',
          url: `/${source}/login`,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          payload: new URLSearchParams({
            username: source === 'canvas' ? 'canvas' : 'demo',
            password: demoPassword,
            redirect_uri: '/',
            state: 'csrf',
            lang: 'en_US',
          }).toString(),
        });
        expect(response.statusCode).toBe(403);
        expect(response.body).toContain('This request came from another website and was refused.');
        expect(cookieOf(response)).toBe('');
      }
    }
    const zh = await app.inject({
      method: 'POST',
      url: '/portal/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...crossSite },
      payload: new URLSearchParams({ username: 'demo', password: demoPassword, lang: 'zh_CN' }).toString(),
    });
    expect(zh.body).toContain('该请求来自其他网站，已被拒绝。');
    // Same origin (Origin host = Host, or what Chromium sends under Referrer-Policy: no-referrer),
    // a typed address and no headers at all still sign in.
    for (const headers of [
      { origin: 'http://localhost' },
      { origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      {},
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/portal/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ username: 'demo', password: demoPassword, state: 'ok' }).toString(),
      });
      expect(response.statusCode).toBe(303);
    }

    await h().db.delete(loginFailures);
    await h()
      .db.update(accounts)
      .set({ realNameVerified: false, realName: '' })
      .where(eq(accounts.login, 'unverified'));
    const unverified = await signIn(app, 'unverified');
    const realName = await app.inject({
      method: 'POST',
      url: '/portal/realname',
      headers: { cookie: unverified.cookie, 'content-type': 'application/x-www-form-urlencoded', ...evil },
      payload: new URLSearchParams({
        real_name: '攻击者',
        id_card: '11010519491231002X',
        lang: 'en_US',
      }).toString(),
    });
    expect(realName.statusCode).toBe(403);
    expect(realName.body).toContain('This request came from another website and was refused.');
    const [row] = await h().db.select().from(accounts).where(eq(accounts.login, 'unverified'));
    expect(row).toMatchObject({ realNameVerified: false, realName: '' });

    const demo = await signIn(app, 'demo');
    const logout = await call(app, 'POST', '/account/user/logout', {
      token: demo.token,
      body: { source: 'portal' },
      headers: { cookie: demo.cookie, ...evil },
      language: 'en',
    });
    expect(logout.body).toMatchObject({
      code: 40301,
      msg: 'This request came from another website and was refused. Please try again from this site.',
    });
    const crossLogout = await call(app, 'POST', '/account/user/logout', {
      token: demo.token,
      body: { source: 'portal' },
      headers: crossSite,
    });
    expect(crossLogout.body.code).toBe(40301);
    expect((await call(app, 'GET', '/account/user/validate', { token: demo.token })).body.code).toBe(0);
  });

  it('asks before signing out when another site links to the logout page', async () => {
    const app = h().app;
    const demo = await signIn(app, 'demo');
    const page = await app.inject({
      method: 'GET',
      url: '/portal/logout?lang=en_US',
      headers: { cookie: demo.cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/portal/logout">');
    expect(page.body).toContain('>Sign out</button>');
    expect(page.body).not.toContain('You have signed out.');
    expect(page.cookies.find((c) => c.name === 'portal_sid')).toBeUndefined();
    // Nothing ended: the token and the portal session (SSO) still work.
    expect((await call(app, 'GET', '/account/user/validate', { token: demo.token })).body.code).toBe(0);
    const sso = await app.inject({ method: 'GET', url: '/portal/login', headers: { cookie: demo.cookie } });
    expect(sso.statusCode).toBe(303);
    // The button's post from another site is refused too.
    const forged = await app.inject({
      method: 'POST',
      url: '/portal/logout',
      headers: {
        cookie: demo.cookie,
        origin: 'https://evil.example.com',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'lang=en_US',
    });
    expect(forged.statusCode).toBe(403);
    expect((await call(app, 'GET', '/account/user/validate', { token: demo.token })).body.code).toBe(0);
    // The button itself (same origin) signs out.
    const confirmed = await app.inject({
      method: 'POST',
      url: '/portal/logout',
      headers: {
        cookie: demo.cookie,
        origin: 'http://localhost',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'lang=en_US',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('You have signed out.');
    expect(confirmed.cookies.find((c) => c.name === 'portal_sid')?.value).toBe('');
    expect((await call(app, 'GET', '/account/user/validate', { token: demo.token })).body.code).toBe(40101);
    // A link followed on this site asks as well: nothing ends until the button is pressed.
    const canvas = await signIn(app, 'canvas');
    const link = await app.inject({
      method: 'GET',
      url: '/canvas/logout',
      headers: { cookie: canvas.cookie, 'sec-fetch-site': 'same-origin' },
    });
    expect(link.body).toContain('<form method="post" action="/canvas/logout">');
    expect((await call(app, 'GET', '/account/user/validate', { token: canvas.token })).body.code).toBe(0);
  });

  it('counts parallel wrong sign-ins before checking them: at most 10 answered 401', async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        // Each from its own address: only the login's count decides.
        postLogin(h().app, 'race-target', 'wrong-password', {}, 'portal', `198.51.100.${i + 1}`),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    await h().db.delete(loginFailures);
  });

  it('clears the failed attempts of a login after a successful sign-in', async () => {
    const from = '192.0.2.81';
    const attempt = (password: string) => postLogin(h().app, 'canvas', password, {}, 'canvas', from);
    for (let i = 0; i < 9; i += 1) expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt(demoPassword)).statusCode).toBe(303);
    for (let i = 0; i < 10; i += 1) expect((await attempt('wrong')).statusCode).toBe(401);
    expect((await attempt(demoPassword)).statusCode).toBe(429);
    await h().db.delete(loginFailures);
  });

  it('logout revokes every token of the portal session', async () => {
    const app = h().app;
    // Two tokens of one portal session: the second through single sign-on.
    const first = await signIn(app, 'demo');
    const again = await app.inject({
      method: 'GET',
      url: '/portal/login?redirect_uri=%2F&state=second',
      headers: { cookie: first.cookie },
    });
    const second = await redeem(app, redirectParams(again), first.cookie);
    expect(redirectParams(again).session_state).toBe(first.sessionState);
    const other = await signIn(app, 'demo');
    // Logout with the first token, without the cookie (another browser profile, say).
    const out = await call(app, 'POST', '/account/user/logout', {
      token: first.token,
      body: { source: 'portal' },
    });
    expect(out.body.code).toBe(0);
    for (const token of [first.token, second.body.data.token]) {
      expect((await call(app, 'GET', '/account/user/validate', { token })).body.code).toBe(40101);
      expect((await call(app, 'GET', '/v3/customer/customer/loginInfo', { token })).body.code).toBe(44);
    }
    // Another portal session is not affected.
    expect((await call(app, 'GET', '/account/user/validate', { token: other.token })).body.code).toBe(0);

    // The portal's own logout page ends the tokens of its session as well.
    const sso = await app.inject({
      method: 'GET',
      url: '/portal/login?redirect_uri=%2F&state=third',
      headers: { cookie: other.cookie },
    });
    const thirdToken = await redeem(app, redirectParams(sso), other.cookie);
    await portalLogout(app, other.cookie);
    for (const token of [other.token, thirdToken.body.data.token]) {
      expect((await call(app, 'GET', '/account/user/validate', { token })).body.code).toBe(40101);
    }
  });

  it('redirects only to percent-encoded same-origin paths', async () => {
    const target = async (redirectUri: string) => {
      const response = await postLogin(h().app, 'demo', demoPassword, { redirect_uri: redirectUri });
      expect(response.statusCode).toBe(303);
      return String(response.headers.location);
    };
    expect(await target('/中')).toMatch(/^\/%E4%B8%AD\?state=test-state&session_state=/);
    expect(await target('/.//evil')).toMatch(/^\/\?state=/);
    expect(await target('/..//evil.example.com/x')).toMatch(/^\/\?state=/);
    const division = await target('/∕∕evil');
    expect(division).toMatch(/^\/%E2%88%95%E2%88%95evil\?state=/);
    expect(new URL(division, 'http://console.test').origin).toBe('http://console.test');
    expect(await target('/#/cdn/数据')).toMatch(/^\/\?state=.*#\/cdn\/%E6%95%B0%E6%8D%AE$/);
    const page = await h().app.inject({
      method: 'GET',
      url: `/portal/login?redirect_uri=${encodeURIComponent('/中')}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="redirect_uri" value="/%E4%B8%AD"');
    const sso = await postLogin(h().app, 'demo');
    const ssoAnswer = await h().app.inject({
      method: 'GET',
      url: `/portal/login?redirect_uri=${encodeURIComponent('/.//evil')}`,
      headers: { cookie: cookieOf(sso) },
    });
    expect(String(ssoAnswer.headers.location)).toMatch(/^\/\?state=/);
  });

  it('marks the portal cookie Secure behind a trusted HTTPS proxy (TRUST_PROXY=1)', async () => {
    const forwarded = { 'x-forwarded-proto': 'https' };
    const login = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/portal/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...forwarded },
        payload: new URLSearchParams({ username: 'demo', password: demoPassword }).toString(),
      });
    const direct = await login(h().app);
    expect(direct.cookies.find((c) => c.name === 'portal_sid')?.secure).toBeFalsy();
    const proxied = await login(await h().appWith({ trustProxy: 1 }));
    expect(proxied.statusCode).toBe(303);
    expect(proxied.cookies.find((c) => c.name === 'portal_sid')?.secure).toBe(true);
  });

  it('answers view and validate with Cache-Control: no-store', async () => {
    const response = await postLogin(h().app, 'demo', demoPassword, { state: 'cache' });
    const view = await redeem(h().app, redirectParams(response), cookieOf(response));
    expect(view.body.code).toBe(0);
    expect(view.response.headers['cache-control']).toBe('no-store');
    const refused = await call(h().app, 'GET', '/account/user/view', {
      query: { code: 'x'.repeat(43), state: 'cache', session_state: 'y' },
    });
    expect(refused.body.code).toBe(40102);
    expect(refused.response.headers['cache-control']).toBe('no-store');
    for (const token of [view.body.data.token, undefined]) {
      const validate = await call(h().app, 'GET', '/account/user/validate', { token });
      expect(validate.response.headers['cache-control']).toBe('no-store');
    }
  });

  it('redeems a code only in the browser whose portal session it was issued to (login CSRF)', async () => {
    const app = h().app;
    // The attacker signs in with their own account and plants the redirect's code in a victim's browser.
    const attacker = await postLogin(app, 'newbie', demoPassword, { state: 'planted' });
    const planted = redirectParams(attacker);
    const noCookie = await call(app, 'GET', '/account/user/view', { query: planted, language: 'en' });
    expect(noCookie.body).toEqual({
      code: 40102,
      msg: 'The sign-in code is invalid or has expired. Please sign in again.',
      data: {},
    });
    // A victim signed in to the portal as someone else: their cookie names another session.
    const victim = await postLogin(app, 'demo');
    expect((await redeem(app, planted, cookieOf(victim))).body.code).toBe(40102);
    expect((await redeem(app, planted, 'portal_sid=forged-cookie-value-0123456789')).body.code).toBe(40102);
    // Refused calls did not use the code up: the browser that signed in still redeems it, once.
    const own = await redeem(app, planted, cookieOf(attacker));
    expect(own.body.code).toBe(604);
    expect(own.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await redeem(app, planted, cookieOf(attacker))).body.code).toBe(40102);
    // A portal session that ended takes its unredeemed codes with it.
    const later = await postLogin(app, 'demo', demoPassword, { state: 'ended' });
    await portalLogout(app, cookieOf(later));
    expect((await redeem(app, redirectParams(later), cookieOf(later))).body.code).toBe(40102);
  });

  it('throttles a guessed login from every address, not only the guessing one', async () => {
    const app = h().app;
    for (let i = 0; i < 10; i += 1)
      expect((await postLogin(app, 'newbie', 'wrong', {}, 'portal', '203.0.113.7')).statusCode).toBe(401);
    const locked = await postLogin(app, 'newbie', demoPassword, { lang: 'en_US' }, 'portal', '203.0.113.7');
    expect(locked.statusCode).toBe(429);
    // From a second address the login is throttled too, and the page says when to try again.
    const second = await postLogin(app, 'newbie', demoPassword, { lang: 'zh_CN' }, 'portal', '198.51.100.20');
    expect(second.statusCode).toBe(429);
    expect(second.body).toContain('登录失败次数过多，请 5 分钟后再试。');
    // Behind a trusted proxy the client address is the forwarded one: the same login count applies.
    const proxied = await h().appWith({ trustProxy: 1 });
    const viaProxy = (ip: string, username: string, password: string) =>
      proxied.inject({
        method: 'POST',
        url: '/portal/login',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        payload: new URLSearchParams({ username, password }).toString(),
      });
    expect((await viaProxy('192.0.2.55', 'newbie', demoPassword)).statusCode).toBe(429);
    // Other logins are not affected, from any of these addresses.
    expect((await viaProxy('203.0.113.7', 'unverified', demoPassword)).statusCode).toBe(303);
    await h().db.delete(loginFailures);
  });

  it('throttles one address spraying a password across 30 logins', async () => {
    const app = h().app;
    const from = '203.0.113.99';
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1)
      statuses.push((await postLogin(app, `spray-${i}`, 'Summer2026!', {}, 'portal', from)).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    // The address stays throttled even for a real account and its right password…
    const refused = await postLogin(app, 'demo', demoPassword, { lang: 'en_US' }, 'portal', from);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Please try again in 5 min.');
    // …while the same account signs in from any other address.
    expect((await postLogin(app, 'demo', demoPassword, {}, 'portal', '198.51.100.77')).statusCode).toBe(303);
    await h().db.delete(loginFailures);
  });

  it('deletes used and expired codes, dead tokens and ended portal sessions when new ones are issued', async () => {
    const app = h().app;
    const [demo] = await h().db.select().from(accounts).where(eq(accounts.login, 'demo'));
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    const idle = new Date(Date.now() - (h().config.tokenIdleMinutes * 60_000 + 60_000));
    const base = { accountId: demo!.id, sessionState: 'purge-session' };
    await h()
      .db.insert(authCodes)
      .values([
        { ...base, codeHash: 'purge-code-expired', state: 's', expiresAt: past },
        { ...base, codeHash: 'purge-code-used', state: 's', expiresAt: future, usedAt: past },
        { ...base, codeHash: 'purge-code-live', state: 's', expiresAt: future },
      ]);
    await h()
      .db.insert(tokens)
      .values([
        { ...base, tokenHash: 'purge-token-expired', viewAccountId: demo!.id, expiresAt: past },
        {
          ...base,
          tokenHash: 'purge-token-revoked',
          viewAccountId: demo!.id,
          expiresAt: future,
          revokedAt: past,
        },
        {
          ...base,
          tokenHash: 'purge-token-idle',
          viewAccountId: demo!.id,
          expiresAt: future,
          lastUsedAt: idle,
        },
        { ...base, tokenHash: 'purge-token-live', viewAccountId: demo!.id, expiresAt: future },
      ]);
    await h()
      .db.insert(portalSessions)
      .values([
        { ...base, idHash: 'purge-session-ended', expiresAt: future, endedAt: past },
        { ...base, idHash: 'purge-session-expired', expiresAt: past },
        { ...base, idHash: 'purge-session-live', expiresAt: future },
      ]);
    await signIn(app, 'demo');
    const left = async () => [
      ...(await h().db.select({ id: authCodes.codeHash }).from(authCodes)).map((r) => r.id),
      ...(await h().db.select({ id: tokens.tokenHash }).from(tokens)).map((r) => r.id),
      ...(await h().db.select({ id: portalSessions.idHash }).from(portalSessions)).map((r) => r.id),
    ];
    const purged = (await left()).filter((id) => id.startsWith('purge-'));
    expect(purged.sort()).toEqual(['purge-code-live', 'purge-session-live', 'purge-token-live']);
    // What a sign-in leaves behind is cleared by the next one: its code once used, its token once revoked.
    const first = await signIn(app, 'demo');
    await call(app, 'POST', '/account/user/logout', {
      token: first.token,
      headers: { cookie: first.cookie },
    });
    await signIn(app, 'demo');
    const rows = await left();
    expect(rows).not.toContain(sha256Hex(first.code));
    expect(rows).not.toContain(sha256Hex(first.token));
    expect(rows).not.toContain(sha256Hex(first.cookie.split('=')[1] ?? ''));
  });

  it('validate applies the x-view-account header with the same boundary checks as every call', async () => {
    const app = h().app;
    const channel = await signIn(app, 'channel');
    const [customer] = await h().db.select().from(accounts).where(eq(accounts.login, 'customer02'));
    const [demo] = await h().db.select().from(accounts).where(eq(accounts.login, 'demo'));
    const validate = (token: string, view: string) =>
      call(app, 'GET', '/account/user/validate', {
        token,
        headers: { 'x-view-account': view },
        language: 'en',
      });
    expect((await validate(channel.token, String(customer!.id))).body).toMatchObject({
      code: 0,
      data: { service_status: 'open' },
    });
    await h().db.update(accounts).set({ serviceStatus: 'auditing' }).where(eq(accounts.id, customer!.id));
    app.authCache.clear();
    try {
      // The tab's active account decides, not the signed-in one.
      expect((await validate(channel.token, String(customer!.id))).body).toMatchObject({
        code: 44,
        data: { service_status: 'auditing' },
      });
      expect((await call(app, 'GET', '/account/user/validate', { token: channel.token })).body.code).toBe(0);
    } finally {
      await h().db.update(accounts).set({ serviceStatus: 'open' }).where(eq(accounts.id, customer!.id));
      app.authCache.clear();
    }
    for (const value of [String(demo!.id), '999999', 'abc', '-1']) {
      expect((await validate(channel.token, value)).body).toMatchObject({
        code: 40302,
        msg: 'You may not view this account.',
      });
    }
    const own = await signIn(app, 'demo');
    expect((await validate(own.token, String(customer!.id))).body.code).toBe(40302);
    expect((await validate(own.token, String(demo!.id))).body.code).toBe(0);
  });

  it('logout answers the logout address of the token account’s own source', async () => {
    const app = h().app;
    const canvas = await signIn(app, 'canvas');
    const fromCanvas = await call(app, 'POST', '/account/user/logout', {
      token: canvas.token,
      body: { source: 'portal' },
    });
    expect(fromCanvas.body).toMatchObject({ code: 0, data: { url: '/canvas/logout' } });
    const demo = await signIn(app, 'demo');
    const fromPortal = await call(app, 'POST', '/account/user/logout', {
      token: demo.token,
      body: { source: 'canvas' },
    });
    expect(fromPortal.body).toMatchObject({ code: 0, data: { url: '/portal/logout' } });
    // Without a valid token (here: already revoked), the body's source is all there is.
    const again = await call(app, 'POST', '/account/user/logout', {
      token: demo.token,
      body: { source: 'canvas' },
    });
    expect(again.body).toMatchObject({ code: 0, data: { url: '/canvas/logout' } });
  });

  it('asks callers without a token to sign in, and callers with a dead one to sign in again', async () => {
    const app = h().app;
    const dead = 'D'.repeat(43);
    const missing = await call(app, 'GET', '/v3/customer/customer/loginInfo', { language: 'en' });
    expect(missing.body).toMatchObject({ code: 44, msg: 'Please sign in first.', data: { url: signInUrl } });
    const missingZh = await call(app, 'GET', '/v3/customer/customer/loginInfo');
    expect(missingZh.body.msg).toBe('请先登录');
    const expired = await call(app, 'GET', '/v3/customer/customer/loginInfo', {
      token: dead,
      language: 'en',
    });
    expect(expired.body).toMatchObject({
      code: 44,
      msg: 'Your sign-in has expired. Please sign in again.',
      data: { url: signInUrl },
    });
    expect((await call(app, 'GET', '/v3/customer/customer/loginInfo', { token: dead })).body.msg).toBe(
      '登录已失效，请重新登录',
    );
    const malformed = await call(app, 'GET', '/v3/customer/customer/loginInfo', {
      headers: { authorization: 'Bearer short' },
      language: 'en',
    });
    expect(malformed.body.msg).toBe('Your sign-in has expired. Please sign in again.');
    const validateMissing = await call(app, 'GET', '/account/user/validate', { language: 'en' });
    expect(validateMissing.body).toMatchObject({ code: 40101, msg: 'Please sign in first.' });
    const validateDead = await call(app, 'GET', '/account/user/validate', { token: dead, language: 'en' });
    expect(validateDead.body).toMatchObject({
      code: 40101,
      msg: 'Your sign-in has expired. Please sign in again.',
    });
  });
});

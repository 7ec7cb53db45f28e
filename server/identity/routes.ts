import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Code, languages, type Language } from '../../src/contract';
import { operations } from '../../src/contract/operations';
import { authenticate } from '../authz/principal';
import { dummyPasswordHash, randomSecret, verifyPassword } from '../http/crypto';
import type { AppContext } from '../http/context';
import { auditContext } from '../http/context';
import { AppError, ok, requestLanguage, signInUrl } from '../http/envelope';
import { isCrossSite } from '../http/same-origin';
import { languageFromAcceptLanguage } from '../http/language';
import { contractRoute } from '../http/routes';
import { t, type MessageId } from '../i18n/messages';
import {
  completeRealName,
  findAccountById,
  type Account,
  findAccountByLogin,
  isValidIdCard,
  serviceStatusOf,
} from '../modules/account/service';
import {
  auditSignIn,
  checkSecondFactor,
  twoFactorKeys,
  type SecondFactorKind,
} from '../modules/security/service';
import {
  loginForm,
  logoutConfirmBody,
  messageBody,
  portalCss,
  realNameForm,
  renderPage,
  supportBody,
  twoFactorForm,
} from './pages';
import { safeRedirectUri, statePattern, withQuery } from './redirect';
import { bearerOf } from '../http/bearer';
import {
  clearSignInFailures,
  createPortalSession,
  createToken,
  endPortalSession,
  findPortalSession,
  issueCode,
  recordSignInAttempt,
  redeemCode,
  revokeSessionTokens,
  revokeToken,
} from './service';
import {
  challengeLimits,
  countChallengeAttempt,
  createSignInChallenge,
  endSignInChallenge,
  findSignInChallenge,
  type ChallengeResume,
} from './two-factor';

export const portalCookie = 'portal_sid';
/** The browser's sign-in awaiting its second factor (spec §4 two-factor authentication). */
export const challengeCookie = 'portal_challenge';
const languageCookie = 'cdn_language';

type Source = 'portal' | 'canvas';
const sourceOfAccount = (source: number): Source => (source === 1 ? 'canvas' : 'portal');

const loginQuery = z.object({
  redirect_uri: z.string().optional(),
  state: z.string().optional(),
  lang: z.string().optional(),
});
const loginForm_ = z.object({
  username: z.string().max(200).default(''),
  password: z.string().max(500).default(''),
  redirect_uri: z.string().optional(),
  state: z.string().optional(),
  lang: z.string().optional(),
});
const verifyForm = z.object({
  code: z.string().max(100).default(''),
  lang: z.string().optional(),
});
const languageQuery = z.object({ lang: z.string().optional() });
const realNameBody = z.object({
  real_name: z.string().max(200).default(''),
  id_card: z.string().max(100).default(''),
  lang: z.string().optional(),
});

const logoutBody = z.object({ lang: z.string().optional() }).optional();

const isLanguage = (v: unknown): v is Language =>
  typeof v === 'string' && (languages as readonly string[]).includes(v);

/** Portal pages: `?lang=`, then the `cdn_language` cookie, then Accept-Language. */
function pageLanguage(request: FastifyRequest, explicit?: string): Language {
  if (isLanguage(explicit)) return explicit;
  const cookie = request.cookies[languageCookie];
  if (isLanguage(cookie)) return cookie;
  return languageFromAcceptLanguage(request.headers['accept-language']);
}

function toggleHref(request: FastifyRequest, language: Language): string {
  const url = new URL(request.url, 'http://portal.invalid');
  url.searchParams.set('lang', language === 'zh_CN' ? 'en_US' : 'zh_CN');
  return `${url.pathname}${url.search}`;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}

function rememberLanguage(reply: FastifyReply, explicit: string | undefined) {
  if (isLanguage(explicit))
    reply.setCookie(languageCookie, explicit, { path: '/', sameSite: 'lax', maxAge: 365 * 86_400 });
}

/**
 * The identity provider's own routes: the portal and canvas sign-in pages, sign-out, real-name
 * authentication and the support page, with their form posts (the only routes that take
 * form-encoded bodies), and the identity calls of the console (JSON).
 */
export function identityRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (portal) => {
    await portal.register(fastifyFormbody);
    portalPages(portal, ctx);
  });
  identityCalls(app, ctx);
}

function portalPages(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: config.tokenTtlHours * 3600,
  });

  /** Ends the portal session of the cookie and revokes every token issued under it. */
  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    const sid = request.cookies[portalCookie];
    const session = await findPortalSession(db, sid);
    if (session) await revokeSessionTokens(db, session.sessionState);
    await endPortalSession(db, { sid });
    ctx.authCache.clear();
    reply.clearCookie(portalCookie, { path: '/' });
  };

  app.get(
    '/portal/assets/portal.css',
    { config: { permission: operations.portal }, schema: { hide: true } },
    async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(portalCss),
  );

  const redirectWithCode = async (
    reply: FastifyReply,
    accountId: number,
    sessionState: string,
    redirectUri: string,
    state: string,
  ) => {
    const code = await issueCode(db, { accountId, state, sessionState }, config);
    return reply
      .header('cache-control', 'no-store')
      .redirect(withQuery(redirectUri, { state, session_state: sessionState, code }), 303);
  };

  /** The factors were right: a new portal session, the audit event, and the code for the console. */
  const completeSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    account: Account,
    resume: ChallengeResume,
    secondFactor: SecondFactorKind | null,
  ) => {
    await endPortalSession(db, { sid: request.cookies[portalCookie] });
    const { sid, sessionState } = await createPortalSession(db, account.id, config.tokenTtlHours);
    reply.setCookie(portalCookie, sid, cookieOptions(request));
    await auditSignIn(db, account, { ip: request.ip, source: resume.source, secondFactor });
    return redirectWithCode(reply, account.id, sessionState, resume.redirectUri, resume.state);
  };

  const keys = twoFactorKeys(config.dataDir);
  const challengeCookieOptions = (request: FastifyRequest, source: Source) => ({
    path: `/${source}/login`,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
    maxAge: challengeLimits.ttlMs / 1000,
  });
  const loginHref = (source: Source, resume: { redirectUri: string; state: string }, language?: Language) =>
    `/${source}/login?${new URLSearchParams({
      redirect_uri: resume.redirectUri,
      state: resume.state,
      ...(language ? { lang: language } : {}),
    }).toString()}`;
  const otherLanguage = (language: Language): Language => (language === 'zh_CN' ? 'en_US' : 'zh_CN');

  for (const source of ['portal', 'canvas'] as const) {
    const path = `/${source}/login`;
    const other: Source = source === 'portal' ? 'canvas' : 'portal';
    const variant = source;
    const verifyPath = `/${source}/login/verify`;
    const codePage = (
      reply: FastifyReply,
      status: number,
      language: Language,
      resume: ChallengeResume,
      error?: MessageId,
      errorValues?: Record<string, number>,
    ) =>
      sendPage(
        reply,
        status,
        renderPage({
          language,
          title: 'portal.twoFactor.heading',
          body: twoFactorForm({
            language,
            source,
            backHref: loginHref(source, resume, language),
            ...(error ? { error } : {}),
            ...(errorValues ? { errorValues } : {}),
          }),
          toggleHref: `${verifyPath}?lang=${otherLanguage(language)}`,
          variant,
        }),
      );
    /** The sign-in form again, with why: the challenge expired or took too many codes. */
    const startAgain = (
      reply: FastifyReply,
      language: Language,
      resume: { redirectUri: string; state: string },
      error: MessageId,
    ) => {
      reply.clearCookie(challengeCookie, { path });
      return sendPage(
        reply,
        401,
        renderPage({
          language,
          title: 'portal.login.heading',
          body: loginForm({ language, source, redirectUri: resume.redirectUri, state: resume.state, error }),
          toggleHref: loginHref(source, resume, otherLanguage(language)),
          variant,
        }),
      );
    };

    app.get(
      path,
      { config: { permission: operations.portal }, schema: { hide: true, querystring: loginQuery } },
      async (request, reply) => {
        const query = request.query as z.output<typeof loginQuery>;
        const language = pageLanguage(request, query.lang);
        rememberLanguage(reply, query.lang);
        const redirectUri = safeRedirectUri(query.redirect_uri);
        const state = query.state && statePattern.test(query.state) ? query.state : randomSecret(16);
        // Single sign-on: a live portal session skips the form.
        const session = await findPortalSession(db, request.cookies[portalCookie]);
        if (session) {
          const account = await findAccountById(db, session.accountId);
          if (account && sourceOfAccount(account.source) === source) {
            return redirectWithCode(reply, account.id, session.sessionState, redirectUri, state);
          }
        }
        const body = loginForm({ language, source, redirectUri, state });
        return sendPage(
          reply,
          200,
          renderPage({
            language,
            title: 'portal.login.heading',
            body,
            toggleHref: toggleHref(request, language),
            variant,
          }),
        );
      },
    );

    app.post(
      path,
      { config: { permission: operations.portal }, schema: { hide: true, body: loginForm_ } },
      async (request, reply) => {
        const form = request.body as z.output<typeof loginForm_>;
        const language = pageLanguage(request, form.lang);
        const redirectUri = safeRedirectUri(form.redirect_uri);
        const state = form.state && statePattern.test(form.state) ? form.state : randomSecret(16);
        const username = form.username.trim();
        const page = (
          status: number,
          error: MessageId,
          otherSignIn?: { href: string; label: MessageId },
          errorValues?: Record<string, number>,
        ) =>
          sendPage(
            reply,
            status,
            renderPage({
              language,
              title: 'portal.login.heading',
              body: loginForm({
                language,
                source,
                redirectUri,
                state,
                username,
                error,
                ...(otherSignIn ? { otherSignIn } : {}),
                ...(errorValues ? { errorValues } : {}),
              }),
              toggleHref: `${path}?${new URLSearchParams({ redirect_uri: redirectUri, state, lang: language === 'zh_CN' ? 'en_US' : 'zh_CN' }).toString()}`,
              variant,
            }),
          );

        // Login CSRF: a form posted from another site never signs the browser in.
        if (isCrossSite(request)) return page(403, 'common.crossSite');
        if (username === '' || form.password === '') return page(401, 'portal.login.failed');
        // The attempt is recorded before it is counted, so parallel attempts cannot pass together.
        const attempt = { login: username, ip: request.ip };
        const throttle = await recordSignInAttempt(db, attempt);
        if (throttle.refused) {
          reply.header('retry-after', String(Math.ceil(throttle.retryAfterMs / 1000)));
          return page(429, 'portal.login.tooMany', undefined, {
            minutes: Math.ceil(throttle.retryAfterMs / 60_000),
          });
        }
        const account = await findAccountByLogin(db, username);
        const valid = await verifyPassword(
          account?.passwordHash ?? (await dummyPasswordHash()),
          form.password,
        );
        if (!account || !valid) return page(401, 'portal.login.failed');
        // With two-factor sign-in on, the attempts keep counting until the second factor is right:
        // a known password does not buy unlimited codes.
        if (!account.totpEnabled) await clearSignInFailures(db, attempt);
        if (sourceOfAccount(account.source) !== source) {
          const href = `/${other}/login?${new URLSearchParams({ redirect_uri: redirectUri, state }).toString()}`;
          return source === 'portal'
            ? page(403, 'portal.login.useCanvas', { href, label: 'portal.login.goCanvas' })
            : page(403, 'portal.login.usePortal', { href, label: 'portal.login.goPortal' });
        }
        const resume: ChallengeResume = { source, redirectUri, state };
        if (!account.totpEnabled) return completeSignIn(request, reply, account, resume, null);
        // spec §4 two-factor authentication: no code for the console yet; the second page asks.
        await endSignInChallenge(db, request.cookies[challengeCookie]);
        const secret = await createSignInChallenge(db, { accountId: account.id, resume });
        reply.setCookie(challengeCookie, secret, challengeCookieOptions(request, source));
        return codePage(reply, 200, language, resume);
      },
    );

    // The page of the second step again (a reload, the language link) while its challenge lives.
    app.get(
      verifyPath,
      { config: { permission: operations.portal }, schema: { hide: true, querystring: languageQuery } },
      async (request, reply) => {
        const query = request.query as z.output<typeof languageQuery>;
        const language = pageLanguage(request, query.lang);
        rememberLanguage(reply, query.lang);
        const challenge = await findSignInChallenge(db, request.cookies[challengeCookie]);
        if (!challenge || challenge.resume.source !== source)
          return reply.header('cache-control', 'no-store').redirect(path, 303);
        return codePage(reply, 200, language, challenge.resume);
      },
    );

    app.post(
      verifyPath,
      { config: { permission: operations.portal }, schema: { hide: true, body: verifyForm } },
      async (request, reply) => {
        const form = request.body as z.output<typeof verifyForm>;
        const language = pageLanguage(request, form.lang);
        const fresh = { redirectUri: '/', state: randomSecret(16) };
        if (isCrossSite(request)) {
          const body = messageBody(
            language,
            'common.crossSite',
            { href: path, label: 'portal.signIn' },
            'error',
          );
          return sendPage(
            reply,
            403,
            renderPage({
              language,
              title: 'portal.twoFactor.heading',
              body,
              toggleHref: `${path}?lang=${otherLanguage(language)}`,
              variant,
            }),
          );
        }
        const secret = request.cookies[challengeCookie];
        const challenge = await findSignInChallenge(db, secret);
        const account = challenge ? await findAccountById(db, challenge.accountId) : null;
        if (!secret || !challenge || !account || challenge.resume.source !== source)
          return startAgain(reply, language, fresh, 'portal.twoFactor.expired');
        const resume = challenge.resume;
        // The sign-in limits of the password step count the codes too.
        const attempt = { login: account.login, ip: request.ip };
        const throttle = await recordSignInAttempt(db, attempt);
        if (throttle.refused) {
          reply.header('retry-after', String(Math.ceil(throttle.retryAfterMs / 1000)));
          return codePage(reply, 429, language, resume, 'portal.login.tooMany', {
            minutes: Math.ceil(throttle.retryAfterMs / 60_000),
          });
        }
        // Counted before it is checked, so parallel posts cannot try more codes than allowed.
        const counted = await countChallengeAttempt(db, secret);
        if (!counted) return startAgain(reply, language, resume, 'portal.twoFactor.exhausted');
        const factor = await checkSecondFactor(db, keys, account, form.code);
        if (!factor) {
          const left = challengeLimits.attempts - counted.attempts;
          if (left > 0) return codePage(reply, 401, language, resume, 'portal.twoFactor.failed', { left });
          await endSignInChallenge(db, secret);
          return startAgain(reply, language, resume, 'portal.twoFactor.exhausted');
        }
        await endSignInChallenge(db, secret);
        reply.clearCookie(challengeCookie, { path });
        await clearSignInFailures(db, attempt);
        return completeSignIn(request, reply, account, resume, factor);
      },
    );

    const logoutPath = `/${source}/logout`;
    const signedOutPage = (request: FastifyRequest, reply: FastifyReply, language: Language) =>
      sendPage(
        reply,
        200,
        renderPage({
          language,
          title: 'portal.logout.done',
          body: messageBody(language, 'portal.logout.done', { href: '/', label: 'portal.logout.again' }),
          toggleHref: toggleHref(request, language),
          variant,
        }),
      );

    // A navigation never signs out by itself (a link or an image on any page, of this site or
    // another, could send one): with a live session the page asks, and its button posts to the
    // same address (same-origin checked). The console signs out through its JSON call first, so
    // it arrives here with the session already ended and the page says so.
    app.get(
      logoutPath,
      { config: { permission: operations.portal }, schema: { hide: true, querystring: loginQuery } },
      async (request, reply) => {
        const query = request.query as z.output<typeof loginQuery>;
        const language = pageLanguage(request, query.lang);
        if (await findPortalSession(db, request.cookies[portalCookie])) {
          return sendPage(
            reply,
            200,
            renderPage({
              language,
              title: 'portal.logout.submit',
              body: logoutConfirmBody(language, logoutPath),
              toggleHref: toggleHref(request, language),
              variant,
            }),
          );
        }
        reply.clearCookie(portalCookie, { path: '/' });
        return signedOutPage(request, reply, language);
      },
    );

    app.post(
      logoutPath,
      { config: { permission: operations.portal }, schema: { hide: true, body: logoutBody } },
      async (request, reply) => {
        const form = request.body as z.output<typeof logoutBody>;
        const language = pageLanguage(request, form?.lang);
        if (isCrossSite(request)) {
          const body = messageBody(
            language,
            'common.crossSite',
            { href: logoutPath, label: 'portal.logout.submit' },
            'error',
          );
          return sendPage(
            reply,
            403,
            renderPage({
              language,
              title: 'portal.logout.submit',
              body,
              toggleHref: `${logoutPath}?lang=${language === 'zh_CN' ? 'en_US' : 'zh_CN'}`,
              variant,
            }),
          );
        }
        await signOut(request, reply);
        return signedOutPage(request, reply, language);
      },
    );
  }

  // spec §2: before the service is open, the top bar's help, tickets and feedback lead here.
  app.get(
    '/portal/support',
    { config: { permission: operations.portal }, schema: { hide: true, querystring: loginQuery } },
    async (request, reply) => {
      const query = request.query as z.output<typeof loginQuery>;
      const language = pageLanguage(request, query.lang);
      rememberLanguage(reply, query.lang);
      return sendPage(
        reply,
        200,
        renderPage({
          language,
          title: 'portal.support.heading',
          body: supportBody(language),
          toggleHref: toggleHref(request, language),
          wide: true,
        }),
      );
    },
  );

  // Real-name authentication (spec §4: confirming the prompt opens this page).
  const realNamePage = (reply: FastifyReply, language: Language, toggle: string) => ({
    send: (status: number, body: string) =>
      sendPage(
        reply,
        status,
        renderPage({ language, title: 'portal.realname.heading', body, toggleHref: toggle }),
      ),
    signInFirst: () =>
      messageBody(
        language,
        'portal.realname.signInFirst',
        { href: signInUrl, label: 'portal.signIn' },
        'error',
      ),
    already: () =>
      messageBody(language, 'portal.realname.already', { href: '/', label: 'portal.realname.back' }),
  });

  app.get(
    '/portal/realname',
    { config: { permission: operations.portal }, schema: { hide: true, querystring: loginQuery } },
    async (request, reply) => {
      const query = request.query as z.output<typeof loginQuery>;
      const language = pageLanguage(request, query.lang);
      rememberLanguage(reply, query.lang);
      const page = realNamePage(reply, language, toggleHref(request, language));
      const session = await findPortalSession(db, request.cookies[portalCookie]);
      const account = session ? await findAccountById(db, session.accountId) : null;
      if (!account) return page.send(401, page.signInFirst());
      return page.send(200, account.realNameVerified ? page.already() : realNameForm(language));
    },
  );

  app.post(
    '/portal/realname',
    { config: { permission: operations.portal }, schema: { hide: true, body: realNameBody } },
    async (request, reply) => {
      const form = request.body as z.output<typeof realNameBody>;
      const language = pageLanguage(request, form.lang);
      const page = realNamePage(
        reply,
        language,
        `/portal/realname?lang=${language === 'zh_CN' ? 'en_US' : 'zh_CN'}`,
      );
      if (isCrossSite(request)) {
        const link = { href: '/portal/realname', label: 'portal.realname.heading' } as const;
        return page.send(403, messageBody(language, 'common.crossSite', link, 'error'));
      }
      const session = await findPortalSession(db, request.cookies[portalCookie]);
      const account = session ? await findAccountById(db, session.accountId) : null;
      if (!account) return page.send(401, page.signInFirst());
      if (account.realNameVerified) return page.send(409, page.already());
      const realName = form.real_name.trim();
      const idCard = form.id_card.trim().toUpperCase();
      const error: MessageId | null =
        realName === '' || realName.length > 50
          ? 'portal.realname.nameRequired'
          : !isValidIdCard(idCard)
            ? 'portal.realname.idInvalid'
            : null;
      if (error) return page.send(400, realNameForm(language, { realName, error }));
      // The ID card number is checked and then discarded; only the name and the flag are kept.
      if (!(await completeRealName(db, account.id, { realName, idCard }, auditContext(request))))
        return page.send(409, page.already());
      ctx.authCache.clear();
      return page.send(
        200,
        messageBody(language, 'portal.realname.done', { href: '/', label: 'portal.realname.back' }),
      );
    },
  );
}

/** The identity calls of the console (spec §4 sign-in, §7 identity calls). */
function identityCalls(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;

  contractRoute(app, ctx, 'identityView', async (request, input) => {
    // Login CSRF: a code is redeemed only by the browser that signed in for it, i.e. the one whose
    // portal session cookie belongs to the code's session_state (the console calls this path
    // same-origin with credentials). A code planted in another browser's address is refused.
    const session = await findPortalSession(db, request.cookies[portalCookie]);
    if (!session || session.sessionState !== input.session_state)
      throw new AppError(Code.codeInvalid, 'identity.codeInvalid');
    const accountId = await redeemCode(db, {
      code: input.code,
      state: input.state,
      sessionState: input.session_state,
    });
    const account = accountId === null ? null : await findAccountById(db, accountId);
    if (!account) throw new AppError(Code.codeInvalid, 'identity.codeInvalid');
    const { token, expiresAt } = await createToken(
      db,
      { accountId: account.id, sessionState: input.session_state, authenticatedAt: session.createdAt },
      config,
    );
    const data = { token, expires_at: expiresAt.toISOString(), login_account_source: account.source };
    if ((await serviceStatusOf(db, account)) === 'open') return ok(request, data);
    // spec §4: 604 means not open; the token is still issued so activation can proceed.
    return { code: Code.serviceNotOpen, msg: t('identity.serviceNotOpen', requestLanguage(request)), data };
  });

  contractRoute(app, ctx, 'identityValidate', async (request) => {
    // The same token and active-account checks as every /v3 call (x-view-account included), with
    // this path's own answer when there is no valid token: 40101 and the sign-in address.
    const auth = await authenticate(
      ctx,
      request,
      (problem) =>
        new AppError(
          Code.tokenInvalid,
          problem === 'missing' ? 'auth.signInRequired' : 'identity.tokenInvalid',
          { url: signInUrl },
        ),
    );
    const status = auth.viewServiceStatus;
    if (status === 'open') return ok(request, { service_status: status });
    // spec §4: a validate code of 44 means the service is not open.
    return {
      code: Code.signInRequired,
      msg: t('identity.serviceNotOpen', requestLanguage(request)),
      data: { service_status: status },
    };
  });

  contractRoute(app, ctx, 'identityLogout', async (request, input, _auth, reply) => {
    // Another site may not end this browser's sign-in.
    if (isCrossSite(request)) throw new AppError(Code.forbidden, 'common.crossSite');
    const token = bearerOf(request.headers.authorization);
    const revoked = token ? await revokeToken(db, token) : null;
    // The token's account decides the account source; the body's only counts without one.
    const account = revoked ? await findAccountById(db, revoked.accountId) : null;
    const source = account ? sourceOfAccount(account.source) : input.source;
    // Every token of the portal session ends with it: the bearer's, and the cookie's session.
    if (revoked) await revokeSessionTokens(db, revoked.sessionState);
    const session = await findPortalSession(db, request.cookies[portalCookie]);
    if (session && session.sessionState !== revoked?.sessionState)
      await revokeSessionTokens(db, session.sessionState);
    await endPortalSession(db, { sid: request.cookies[portalCookie], sessionState: revoked?.sessionState });
    ctx.authCache.clear();
    reply.clearCookie(portalCookie, { path: '/' });
    return ok(
      request,
      { url: source === 'canvas' ? config.canvasLogoutUrl : config.portalLogoutUrl },
      'identity.signedOut',
    );
  });

  contractRoute(app, ctx, 'identityUser', async (request) => {
    const session = await findPortalSession(db, request.cookies[portalCookie]);
    const account = session ? await findAccountById(db, session.accountId) : null;
    if (!account) throw new AppError(Code.tokenInvalid, 'identity.tokenInvalid', { url: signInUrl });
    return ok(request, { username: account.login, balance: account.balance });
  });
}

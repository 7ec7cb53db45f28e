import type { Language } from '../../src/contract';
import { t, type MessageId } from '../i18n/messages';

const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => entities[c] ?? c);

/** The portal's stylesheet, served from /portal/assets/portal.css (no inline style, so the CSP holds). */
export const portalCss = `*{box-sizing:border-box}
body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;background:#f5f7fa;color:#1f2329}
header{display:flex;justify-content:space-between;align-items:center;padding:12px 24px;background:#fff;border-bottom:1px solid #e5e6eb}
header .brand{font-weight:600;color:#1f6feb}
main{max-width:400px;margin:48px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.06)}
main.canvas{border-top:4px solid #e4572e}
h1{font-size:22px;margin:0 0 24px}
h2{font-size:17px;margin:24px 0 8px}
main.wide{max-width:640px}
label{display:block;margin:16px 0 6px;font-weight:500}
input[type=text],input[type=password]{width:100%;padding:9px 12px;border:1px solid #c9cdd4;border-radius:4px;font:inherit}
input:focus{outline:2px solid #1f6feb;outline-offset:1px}
button{margin-top:24px;width:100%;padding:10px;border:0;border-radius:4px;background:#1f6feb;color:#fff;font:inherit;cursor:pointer}
button:hover{background:#1a5fd0}
.error{color:#c62828;background:#fdecea;padding:8px 12px;border-radius:4px}
.notice{color:#1b5e20;background:#e8f5e9;padding:8px 12px;border-radius:4px}
a{color:#1f6feb}
`;

export interface PageInput {
  language: Language;
  title: MessageId;
  /** Already-escaped HTML of the main element. */
  body: string;
  /** Link that shows the same page in the other language. */
  toggleHref: string;
  variant?: 'portal' | 'canvas';
  wide?: boolean;
}

export function renderPage(page: PageInput): string {
  const lang = page.language === 'zh_CN' ? 'zh-CN' : 'en';
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t(page.title, page.language))} · ${escapeHtml(t('portal.title', page.language))}</title>
<link rel="icon" href="/icons/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/portal/assets/portal.css">
</head>
<body>
<header><span class="brand">${escapeHtml(t('portal.title', page.language))}</span><a href="${escapeHtml(page.toggleHref)}" hreflang="${page.language === 'zh_CN' ? 'en' : 'zh-CN'}">${escapeHtml(t('portal.language.switch', page.language))}</a></header>
<main${page.variant === 'canvas' ? ' class="canvas"' : page.wide ? ' class="wide"' : ''}>
${page.body}
</main>
</body>
</html>
`;
}

export interface LoginFormInput {
  language: Language;
  source: 'portal' | 'canvas';
  redirectUri: string;
  state: string;
  username?: string;
  error?: MessageId;
  /** The values of the error's placeholders. */
  errorValues?: Record<string, string | number>;
  /** A link to the other sign-in page, shown with the error. */
  otherSignIn?: { href: string; label: MessageId };
}

export function loginForm(input: LoginFormInput): string {
  const l = input.language;
  const action = input.source === 'canvas' ? '/canvas/login' : '/portal/login';
  const heading: MessageId = input.source === 'canvas' ? 'portal.canvas.heading' : 'portal.login.heading';
  const error = input.error
    ? `<p class="error" role="alert">${escapeHtml(t(input.error, l, input.errorValues))}${
        input.otherSignIn
          ? ` <a href="${escapeHtml(input.otherSignIn.href)}">${escapeHtml(t(input.otherSignIn.label, l))}</a>`
          : ''
      }</p>`
    : '';
  return `<h1>${escapeHtml(t(heading, l))}</h1>
${error}
<form method="post" action="${action}">
<input type="hidden" name="redirect_uri" value="${escapeHtml(input.redirectUri)}">
<input type="hidden" name="state" value="${escapeHtml(input.state)}">
<input type="hidden" name="lang" value="${l}">
<label for="username">${escapeHtml(t('portal.login.username', l))}</label>
<input type="text" id="username" name="username" autocomplete="username" required value="${escapeHtml(input.username ?? '')}">
<label for="password">${escapeHtml(t('portal.login.password', l))}</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit">${escapeHtml(t('portal.login.submit', l))}</button>
</form>`;
}

export interface TwoFactorFormInput {
  language: Language;
  source: 'portal' | 'canvas';
  error?: MessageId;
  errorValues?: Record<string, string | number>;
  /** The sign-in page to start again from. */
  backHref: string;
}

/**
 * The second step of a sign-in with two-factor authentication on: a code of the authenticator app
 * or a recovery code. Where the sign-in goes on is kept on the server with the challenge.
 */
export function twoFactorForm(input: TwoFactorFormInput): string {
  const l = input.language;
  const error = input.error
    ? `<p class="error" role="alert">${escapeHtml(t(input.error, l, input.errorValues))}</p>`
    : '';
  return `<h1>${escapeHtml(t('portal.twoFactor.heading', l))}</h1>
<p>${escapeHtml(t('portal.twoFactor.prompt', l))}</p>
${error}
<form method="post" action="/${input.source}/login/verify">
<input type="hidden" name="lang" value="${l}">
<label for="code">${escapeHtml(t('portal.twoFactor.code', l))}</label>
<input type="text" id="code" name="code" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" required maxlength="32" autofocus>
<button type="submit">${escapeHtml(t('portal.twoFactor.submit', l))}</button>
</form>
<p><a href="${escapeHtml(input.backHref)}">${escapeHtml(t('portal.twoFactor.back', l))}</a></p>`;
}

export function messageBody(
  language: Language,
  message: MessageId,
  link: { href: string; label: MessageId },
  kind: 'notice' | 'error' = 'notice',
): string {
  return `<p class="${kind}" role="status">${escapeHtml(t(message, language))}</p>
<p><a href="${escapeHtml(link.href)}">${escapeHtml(t(link.label, language))}</a></p>`;
}

/** The sign-out confirmation shown when another site sent the browser to the logout page. */
export function logoutConfirmBody(language: Language, action: string): string {
  const l = language;
  return `<h1>${escapeHtml(t('portal.logout.submit', l))}</h1>
<p>${escapeHtml(t('portal.logout.confirm', l))}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="lang" value="${l}">
<button type="submit">${escapeHtml(t('portal.logout.submit', l))}</button>
</form>`;
}

export function realNameForm(
  language: Language,
  values: { realName?: string; error?: MessageId } = {},
): string {
  const l = language;
  return `<h1>${escapeHtml(t('portal.realname.heading', l))}</h1>
${values.error ? `<p class="error" role="alert">${escapeHtml(t(values.error, l))}</p>` : ''}
<form method="post" action="/portal/realname">
<input type="hidden" name="lang" value="${l}">
<label for="real_name">${escapeHtml(t('portal.realname.name', l))}</label>
<input type="text" id="real_name" name="real_name" autocomplete="name" required maxlength="50" value="${escapeHtml(values.realName ?? '')}">
<label for="id_card">${escapeHtml(t('portal.realname.idCard', l))}</label>
<input type="text" id="id_card" name="id_card" required minlength="18" maxlength="18" autocomplete="off">
<button type="submit">${escapeHtml(t('portal.realname.submit', l))}</button>
</form>`;
}

/** The portal's support page: where help, tickets and feedback lead before the service is open. */
export function supportBody(language: Language): string {
  const l = language;
  const section = (
    id: string,
    heading: MessageId,
    text: MessageId,
    links: { href: string; label: MessageId }[],
  ) =>
    `<section id="${id}">
<h2>${escapeHtml(t(heading, l))}</h2>
<p>${escapeHtml(t(text, l))}</p>
<ul>${links.map((link) => `<li><a href="${escapeHtml(link.href)}">${escapeHtml(t(link.label, l))}</a></li>`).join('')}</ul>
</section>`;
  return `<h1>${escapeHtml(t('portal.support.heading', l))}</h1>
${section('help', 'portal.support.help', 'portal.support.helpText', [
  { href: '/#/cdn/help', label: 'portal.support.helpDoc' },
  { href: '/portal/realname', label: 'portal.support.realName' },
])}
${section('tickets', 'portal.support.tickets', 'portal.support.ticketsText', [
  { href: '/#/cdn/ticket', label: 'portal.support.submitTicket' },
])}
${section('feedback', 'portal.support.feedback', 'portal.support.feedbackText', [
  { href: '/#/cdn/suggestion', label: 'portal.support.submit' },
])}`;
}

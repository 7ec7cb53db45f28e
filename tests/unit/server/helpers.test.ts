import { describe, expect, it } from 'vitest';
import { configVariables, loadConfig } from '../../../server/config';
import { languageFromAcceptLanguage, languageOfTag } from '../../../server/http/language';
import { safeRedirectUri, withQuery } from '../../../server/identity/redirect';
import { escapeHtml } from '../../../server/identity/pages';
import { bearerOf } from '../../../server/http/bearer';
import { redactUrl } from '../../../server/logger';
import { cnameFor, countByServiceType, countByStatus } from '../../../server/modules/overview/service';
import { idCardPattern, isValidIdCard } from '../../../server/modules/account/service';

describe('language of the caller', () => {
  it.each([
    ['zh-CN', 'zh_CN'],
    ['zh_CN', 'zh_CN'],
    ['zh', 'zh_CN'],
    ['zh-TW', 'zh_CN'],
    ['en', 'en_US'],
    ['en-GB', 'en_US'],
    ['fr', null],
    ['', null],
  ])('%s → %s', (tag, language) => expect(languageOfTag(tag)).toBe(language));

  it.each([
    [undefined, 'zh_CN'],
    ['fr-FR', 'zh_CN'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en_US'],
    ['fr;q=1,zh-CN;q=0.5,en;q=0.7', 'en_US'],
    ['en;q=0,zh', 'zh_CN'],
  ])('Accept-Language %s → %s', (header, language) =>
    expect(languageFromAcceptLanguage(header)).toBe(language),
  );
});

describe('redirect addresses', () => {
  it.each(['/', '/#/cdn/dashboard', '/cdn?x=1'])('accepts %s', (value) =>
    expect(safeRedirectUri(value)).toBe(value),
  );
  it.each([
    '//evil.com',
    'https://evil.com/',
    '/\\evil.com',
    'javascript:alert(1)',
    'relative',
    '',
    undefined,
    42,
    '/a\nb',
    `/${'a'.repeat(2001)}`,
  ])('rejects %s', (value) => expect(safeRedirectUri(value)).toBe('/'));
  it('adds the query before the fragment', () => {
    expect(withQuery('/#/cdn', { state: 'a', code: 'b c' })).toBe('/?state=a&code=b+c#/cdn');
    expect(withQuery('/x?y=1', { state: 'a' })).toBe('/x?y=1&state=a');
  });
});

describe('log redaction of URLs', () => {
  it('replaces code, state and session_state', () => {
    expect(redactUrl('/account/user/view?code=abc&state=def&session_state=ghi&lang=en')).toBe(
      '/account/user/view?code=[redacted]&state=[redacted]&session_state=[redacted]&lang=en',
    );
    expect(redactUrl('/portal/login')).toBe('/portal/login');
    expect(redactUrl('/?%63ode=x')).toBe('/?%63ode=[redacted]');
  });
});

describe('small helpers', () => {
  it('escapes HTML', () =>
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;'));
  it('reads bearer tokens', () => {
    expect(bearerOf(`Bearer ${'a'.repeat(43)}`)).toBe('a'.repeat(43));
    expect(bearerOf('Basic abc')).toBeNull();
    expect(bearerOf(undefined)).toBeNull();
    expect(bearerOf('Bearer short')).toBeNull();
  });
  it('derives CNAMEs', () => {
    expect(cnameFor('www.Example.com', 'cdn.example-edge.net')).toBe('www-example-com.cdn.example-edge.net');
    expect(cnameFor('*.img.example.com', 'edge.net')).toBe('wildcard-img-example-com.edge.net');
  });
  it('counts domains', () => {
    const d = (serviceType: string, status: string) =>
      ({ serviceType, status }) as Parameters<typeof countByStatus>[0][number];
    const list = [d('web', 'active'), d('web', 'deleted'), d('video', 'hung_up')];
    expect(countByServiceType(list)).toEqual([
      { type: 'web', count: 1 },
      { type: 'video', count: 1 },
    ]);
    expect(countByStatus(list)).toEqual({ active: 1, deleted: 1, hung_up: 1 });
  });
  it.each([
    ['11010119900307123X', true],
    ['110101199003071234', true],
    ['11010119900307123x', false],
    ['1101011990030712', false],
    ['X10101199003071234', false],
  ])('ID card %s → %s', (value, valid) => expect(idCardPattern.test(value)).toBe(valid));
  it.each([
    ['11010519491231002X', true],
    ['110101199003071233', true],
    ['110101199003071232', false],
    ['11010519491231002Y', false],
    ['110101199002301236', false],
    ['110101299001011235', false],
    ['1101051949123100', false],
  ])('ID card %s with its check character and birth date → %s', (value, valid) =>
    expect(isValidIdCard(value)).toBe(valid),
  );
});

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      demo: true,
      demoPassword: 'Cdn#Demo2026',
      autoApprove: false,
      portalLogoutUrl: '/portal/logout',
      canvasLogoutUrl: '/canvas/logout',
      tokenIdleMinutes: 120,
      tokenTtlHours: 12,
      codeTtlSeconds: 60,
      staticDir: './dist',
      logLevel: 'info',
      cnameSuffix: 'cdn.example-edge.net',
      trustProxy: false,
    });
    expect(configVariables.every((v) => v.description.length > 0)).toBe(true);
  });
  it('reads overrides and refuses malformed numbers', () => {
    expect(loadConfig({ DEMO: '0', AUTO_APPROVE: '1', PORT: '9000', TRUST_PROXY: '1' })).toMatchObject({
      demo: false,
      autoApprove: true,
      port: 9000,
      trustProxy: 1,
    });
    expect(() => loadConfig({ TOKEN_TTL_HOURS: 'soon' })).toThrow(/TOKEN_TTL_HOURS/);
  });
  it('takes an operator key from the environment only when it is a long secret', () => {
    expect(loadConfig({}).operatorKey).toBeUndefined();
    const key = 'k'.repeat(43);
    expect(loadConfig({ OPERATOR_KEY: key }).operatorKey).toBe(key);
    expect(() => loadConfig({ OPERATOR_KEY: 'secret' })).toThrow(/OPERATOR_KEY/);
    expect(() => loadConfig({ OPERATOR_KEY: `${key} x` })).toThrow(/OPERATOR_KEY/);
  });
});

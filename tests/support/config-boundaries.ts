import { configSections, type SectionKind } from '../../src/contract/domain-config';

/**
 * The boundaries of the configuration sections' rules (spec §5, §9): each case is a section's
 * content, changed from its defaults, and what the rules answer: accepted, or refused with a
 * message id at a path (relative to the section's content). One table, run against the browser's
 * validators (unit) and the server (integration).
 */
export interface BoundaryCase {
  name: string;
  kind: SectionKind;
  content: Record<string, unknown>;
  /** null: accepted. */
  refused: { path: string; message_id: string } | null;
}

const defaults = <K extends SectionKind>(kind: K) =>
  structuredClone(configSections[kind].defaults) as unknown as Record<string, unknown>;

const cacheRule = (extra: Record<string, unknown>) => ({
  type: 'suffix',
  content: 'jpg',
  ttl: 3600,
  priority: 1,
  ignore_no_cache: false,
  follow_origin: false,
  ignore_case: false,
  query: 'keep',
  ...extra,
});

const twoYears = 2 * 365 * 86_400;
const ips = (n: number) => Array.from({ length: n }, (_, i) => `10.${Math.floor(i / 256)}.${i % 256}.1`);
const uas = (n: number) => Array.from({ length: n }, (_, i) => `Agent${i}`);
const referers = (n: number) => Array.from({ length: n }, (_, i) => `r${i}.example.com`);
const rewrites = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ source: `/a${i}`, target: `/b${i}`, target_domain: '' }));
const speedRules = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ type: 'directory', content: `/d${i}`, rate_kbps: 100 }));

function accepted(
  name: string,
  kind: SectionKind,
  change: (c: Record<string, unknown>) => void,
): BoundaryCase {
  const content = defaults(kind);
  change(content);
  return { name, kind, content, refused: null };
}
function refused(
  name: string,
  kind: SectionKind,
  change: (c: Record<string, unknown>) => void,
  path: string,
  messageId: string,
): BoundaryCase {
  const content = defaults(kind);
  change(content);
  return { name, kind, content, refused: { path, message_id: messageId } };
}

export const boundaryCases: BoundaryCase[] = [
  // cache: time at most 2 years; priority 0–65535
  accepted('cache time 2 years', 'domainCache', (c) => (c.rules = [cacheRule({ ttl: twoYears })])),
  refused(
    'cache time 2 years + 1 s',
    'domainCache',
    (c) => (c.rules = [cacheRule({ ttl: twoYears + 1 })]),
    'rules.0.ttl',
    'domainConfig.cache.ttlMax',
  ),
  accepted('cache time 2 years − 1 s', 'domainCache', (c) => (c.rules = [cacheRule({ ttl: twoYears - 1 })])),
  refused(
    'priority −1',
    'domainCache',
    (c) => (c.rules = [cacheRule({ priority: -1 })]),
    'rules.0.priority',
    'domainConfig.cache.priority',
  ),
  accepted('priority 0', 'domainCache', (c) => (c.rules = [cacheRule({ priority: 0 })])),
  accepted('priority 65535', 'domainCache', (c) => (c.rules = [cacheRule({ priority: 65535 })])),
  refused(
    'priority 65536',
    'domainCache',
    (c) => (c.rules = [cacheRule({ priority: 65536 })]),
    'rules.0.priority',
    'domainConfig.cache.priority',
  ),
  refused(
    'cache rule content for its type',
    'domainCache',
    (c) => (c.rules = [cacheRule({ type: 'directory', content: 'img' })]),
    'rules.0.content',
    'domainConfig.rule.path',
  ),
  refused(
    'cache regex',
    'domainCache',
    (c) => (c.rules = [cacheRule({ type: 'regex', content: '(' })]),
    'rules.0.content',
    'domainConfig.rule.regex',
  ),
  // POST size 1–1024 MB
  refused(
    'POST 0 MB',
    'domainPerformance',
    (c) => (c.post_limit_mb = 0),
    'post_limit_mb',
    'domainConfig.post.limit',
  ),
  accepted('POST 1 MB', 'domainPerformance', (c) => (c.post_limit_mb = 1)),
  accepted('POST 1024 MB', 'domainPerformance', (c) => (c.post_limit_mb = 1024)),
  refused(
    'POST 1025 MB',
    'domainPerformance',
    (c) => (c.post_limit_mb = 1025),
    'post_limit_mb',
    'domainConfig.post.limit',
  ),
  refused(
    'compression threshold 0',
    'domainPerformance',
    (c) => (c.compression = { enabled: true, min_size: 0, types: ['html'] }),
    'compression.min_size',
    'domainConfig.compression.minSize',
  ),
  accepted(
    'compression threshold 65535',
    'domainPerformance',
    (c) => (c.compression = { enabled: true, min_size: 65535, types: ['html'] }),
  ),
  refused(
    'compression threshold 65536',
    'domainPerformance',
    (c) => (c.compression = { enabled: true, min_size: 65536, types: ['html'] }),
    'compression.min_size',
    'domainConfig.compression.minSize',
  ),
  refused(
    'compression file type',
    'domainPerformance',
    (c) => (c.compression = { enabled: true, min_size: 1, types: ['text/html'] }),
    'compression.types.0',
    'domainConfig.compression.type',
  ),
  // origin connect timeout 3–60 s
  refused(
    'timeout 2 s',
    'domainOrigin',
    (c) => (c.connect_timeout = 2),
    'connect_timeout',
    'domainConfig.origin.timeout',
  ),
  accepted('timeout 3 s', 'domainOrigin', (c) => (c.connect_timeout = 3)),
  accepted('timeout 60 s', 'domainOrigin', (c) => (c.connect_timeout = 60)),
  refused(
    'timeout 61 s',
    'domainOrigin',
    (c) => (c.connect_timeout = 61),
    'connect_timeout',
    'domainConfig.origin.timeout',
  ),
  // URL authentication key 6–40 letters and digits
  refused(
    'key of 5',
    'domainUrlAuth',
    (c) => Object.assign(c, { enabled: true, primary_key: 'a'.repeat(5) }),
    'primary_key',
    'domainConfig.urlAuth.key',
  ),
  accepted('key of 6', 'domainUrlAuth', (c) =>
    Object.assign(c, { enabled: true, primary_key: 'a'.repeat(6) }),
  ),
  accepted('key of 40', 'domainUrlAuth', (c) =>
    Object.assign(c, { enabled: true, primary_key: 'a'.repeat(40) }),
  ),
  refused(
    'key of 41',
    'domainUrlAuth',
    (c) => Object.assign(c, { enabled: true, primary_key: 'a'.repeat(41) }),
    'primary_key',
    'domainConfig.urlAuth.key',
  ),
  refused(
    'key with a symbol',
    'domainUrlAuth',
    (c) => Object.assign(c, { enabled: true, primary_key: 'abc-def' }),
    'primary_key',
    'domainConfig.urlAuth.key',
  ),
  refused(
    'lifetime −1',
    'domainUrlAuth',
    (c) => Object.assign(c, { enabled: true, primary_key: 'abcdef', lifetime: -1 }),
    'lifetime',
    'domainConfig.urlAuth.lifetime',
  ),
  accepted('lifetime 0', 'domainUrlAuth', (c) =>
    Object.assign(c, { enabled: true, primary_key: 'abcdef', lifetime: 0 }),
  ),
  // lists: IP 500, UA 100, referer 100
  accepted('IP list of 500', 'domainAccess', (c) => ((c.ip as Record<string, unknown>).entries = ips(500))),
  refused(
    'IP list of 501',
    'domainAccess',
    (c) => ((c.ip as Record<string, unknown>).entries = ips(501)),
    'ip.entries',
    'domainConfig.ip.tooMany',
  ),
  refused(
    'IP list duplicate',
    'domainAccess',
    (c) => ((c.ip as Record<string, unknown>).entries = ['192.0.2.1', '192.0.2.1']),
    'ip.entries.1',
    'domainConfig.ip.duplicate',
  ),
  refused(
    'IP list overlap',
    'domainAccess',
    (c) => ((c.ip as Record<string, unknown>).entries = ['192.0.2.0/24', '192.0.2.7']),
    'ip.entries.1',
    'domainConfig.ip.overlap',
  ),
  refused(
    'IP list IPv6',
    'domainAccess',
    (c) => ((c.ip as Record<string, unknown>).entries = ['2001:db8::1']),
    'ip.entries.0',
    'domainConfig.ip.format',
  ),
  accepted('UA list of 100', 'domainAccess', (c) => ((c.ua as Record<string, unknown>).entries = uas(100))),
  refused(
    'UA list of 101',
    'domainAccess',
    (c) => ((c.ua as Record<string, unknown>).entries = uas(101)),
    'ua.entries',
    'domainConfig.ua.tooMany',
  ),
  refused(
    'UA duplicate ignoring case',
    'domainAccess',
    (c) => ((c.ua as Record<string, unknown>).entries = ['Bot', 'bot']),
    'ua.entries.1',
    'domainConfig.ua.duplicate',
  ),
  accepted(
    'referer list of 100',
    'domainAccess',
    (c) => ((c.referer as Record<string, unknown>).entries = referers(100)),
  ),
  refused(
    'referer list of 101',
    'domainAccess',
    (c) => ((c.referer as Record<string, unknown>).entries = referers(101)),
    'referer.entries',
    'domainConfig.referer.tooMany',
  ),
  refused(
    'referer with http://',
    'domainAccess',
    (c) => ((c.referer as Record<string, unknown>).entries = ['http://a.example.com']),
    'referer.entries.0',
    'domainConfig.referer.protocol',
  ),
  accepted(
    'referer wildcard',
    'domainAccess',
    (c) => ((c.referer as Record<string, unknown>).entries = ['*.example.com']),
  ),
  // error pages: status 400–599
  refused(
    'status 399',
    'domainRewrites',
    (c) => (c.error_pages = [{ status: 399, target: 'http://a.example.com/e' }]),
    'error_pages.0.status',
    'domainConfig.errorPage.status',
  ),
  accepted(
    'status 400',
    'domainRewrites',
    (c) => (c.error_pages = [{ status: 400, target: 'http://a.example.com/e' }]),
  ),
  accepted(
    'status 599',
    'domainRewrites',
    (c) => (c.error_pages = [{ status: 599, target: 'http://{host}/e' }]),
  ),
  refused(
    'status 600',
    'domainRewrites',
    (c) => (c.error_pages = [{ status: 600, target: 'http://a.example.com/e' }]),
    'error_pages.0.status',
    'domainConfig.errorPage.status',
  ),
  refused(
    'error page target',
    'domainRewrites',
    (c) => (c.error_pages = [{ status: 404, target: '/404.html' }]),
    'error_pages.0.target',
    'domainConfig.errorPage.target',
  ),
  // rewrites and speed limits: 100 rules
  accepted('rewrites 100', 'domainRewrites', (c) => (c.origin_url = rewrites(100))),
  refused(
    'rewrites 101',
    'domainRewrites',
    (c) => (c.origin_url = rewrites(101)),
    'origin_url',
    'domainConfig.rewrite.tooMany',
  ),
  refused(
    'rewrite path without /',
    'domainRewrites',
    (c) => (c.access_url = [{ source: 'a', target: '/b', target_domain: '' }]),
    'access_url.0.source',
    'domainConfig.rewrite.path',
  ),
  refused(
    'rewrite wildcard domain',
    'domainRewrites',
    (c) => (c.access_url = [{ source: '/a', target: '/b', target_domain: '*.example.com' }]),
    'access_url.0.target_domain',
    'domainConfig.rewrite.wildcard',
  ),
  accepted('speed rules 100', 'domainSpeedLimit', (c) => (c.rules = speedRules(100))),
  refused(
    'speed rules 101',
    'domainSpeedLimit',
    (c) => (c.rules = speedRules(101)),
    'rules',
    'domainConfig.speed.tooMany',
  ),
  // HTTPS: at least one TLS version; forced HTTPS needs its code
  refused(
    'all TLS versions off',
    'domainHttps',
    (c) => (c.tls_versions = []),
    'tls_versions',
    'domainConfig.https.tlsRequired',
  ),
  accepted('TLS 1.3 only', 'domainHttps', (c) => (c.tls_versions = ['TLSv1.3'])),
  refused(
    'forced HTTPS without a code',
    'domainHttps',
    (c) => Object.assign(c, { force_https: true, redirect_code: null }),
    'redirect_code',
    'domainConfig.https.redirectRequired',
  ),
  accepted('forced HTTPS 302', 'domainHttps', (c) =>
    Object.assign(c, { force_https: true, redirect_code: 302 }),
  ),
  // headers: no leading or trailing space
  refused(
    'header value with a space',
    'domainHeaders',
    (c) => (c.response = [{ action: 'set', name: 'X-A', value: ' v' }]),
    'response.0.value',
    'domainConfig.header.valueSpace',
  ),
  accepted(
    'header value',
    'domainHeaders',
    (c) => (c.response = [{ action: 'set', name: 'X-A', value: 'v w' }]),
  ),
];

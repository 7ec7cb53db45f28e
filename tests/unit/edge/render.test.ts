import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EdgeRenderError,
  accessLogFormat,
  activeBans,
  cacheFilePath,
  cacheKey,
  certFile,
  domainFile,
  geoRange,
  keyFile,
  luaString,
  nginxString,
  nginxUri,
  nginxValue,
  orderCacheRules,
  refererRegex,
  renderDomain,
  renderMain,
  tlsFile,
  uaRegex,
  type NodeLayout,
} from '../../../edge/render';
import {
  defaultSection,
  sectionKinds,
  type SectionKind,
  type SectionState,
} from '../../../src/contract/domain-config';
import type { Origin } from '../../../src/contract/domain';
import type { EdgeDomain } from '../../../src/contract/edge';

// ---- a reader of nginx configuration, as ngx_conf_read_token tokenizes it ----------------------

interface Directive {
  name: string;
  args: string[];
  block?: Directive[];
}

/** The value of a double-quoted token starting at `text[at]`, and where it ends. */
function readQuoted(text: string, at: number): { value: string; end: number } {
  let value = '';
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      const next = text[i + 1] ?? '';
      const escapes: Record<string, string> = { '"': '"', "'": "'", '\\': '\\', t: '\t', r: '\r', n: '\n' };
      value += escapes[next] ?? `\\${next}`;
      i++;
    } else if (c === '"') return { value, end: i + 1 };
    else value += c;
  }
  throw new Error('unterminated string');
}

/** The directives of a configuration (Lua blocks are read as nginx would read their braces). */
function parseConf(text: string): Directive[] {
  let i = 0;
  const block = (): Directive[] => {
    const out: Directive[] = [];
    let words: string[] = [];
    while (i < text.length) {
      const c = text[i] ?? '';
      if (/\s/.test(c)) i++;
      else if (c === '#') while (i < text.length && text[i] !== '\n') i++;
      else if (c === '"') {
        const { value, end } = readQuoted(text, i);
        words.push(value);
        i = end;
      } else if (c === "'") {
        const end = text.indexOf("'", i + 1);
        words.push(text.slice(i + 1, end));
        i = end + 1;
      } else if (c === ';') {
        out.push({ name: words[0] ?? '', args: words.slice(1) });
        words = [];
        i++;
      } else if (c === '{') {
        i++;
        const inner = block();
        out.push({ name: words[0] ?? '', args: words.slice(1), block: inner });
        words = [];
      } else if (c === '}') {
        i++;
        return out;
      } else {
        let word = '';
        while (i < text.length && !/[\s;{}"']/.test(text[i] ?? '')) word += text[i++];
        words.push(word);
      }
    }
    return out;
  };
  return block();
}

/** Every directive, not counting the entries of map and geo blocks (data) nor Lua blocks (code). */
const all = (directives: Directive[]): Directive[] =>
  directives.flatMap((d) => [
    d,
    ...(d.block && !['map', 'geo'].includes(d.name) && !d.name.endsWith('_by_lua_block') ? all(d.block) : []),
  ]);

// ---- fixtures -----------------------------------------------------------------------------------

const layout: NodeLayout = {
  root: '/srv/edge',
  listen: '127.0.0.1',
  httpPort: 8080,
  httpsPort: 8443,
  modules: '/usr/lib/nginx/modules',
};

const origin = (more: Partial<Origin> = {}): Origin => ({
  type: 'ip',
  address: '192.0.2.10',
  port: 80,
  host: '',
  protocol: 'http',
  level: 10,
  weight: 1,
  carrier: 'default',
  ip_type: 'all',
  region: 'all',
  sm_crypto: false,
  header_match: '',
  url_match: '',
  ...more,
});

type SectionPatch = { [K in SectionKind]?: Partial<SectionState<K>> };
const id = '3f1c2b7a-9d4e-4c1b-8a2f-0b6d5e4c3a21';
function domain(fields: Partial<Omit<EdgeDomain, 'sections'>> = {}, sections: SectionPatch = {}): EdgeDomain {
  return {
    id,
    account_id: 1,
    name: 'www.example.com',
    status: 'active',
    version: 1,
    seq: 7,
    origins: [origin()],
    certificate: null,
    bans: [],
    ...fields,
    sections: Object.fromEntries(
      sectionKinds.map((kind) => [kind, { ...defaultSection(kind, id), ...(sections[kind] ?? {}) }]),
    ) as unknown as EdgeDomain['sections'],
  };
}

const now = new Date('2026-03-01T00:00:00Z');
const conf = (d: EdgeDomain) => {
  const file = renderDomain(d, layout, now).files.find((f) => f.path === domainFile(d.id));
  if (!file) throw new Error('no domain file');
  return file.content;
};
const cacheRule = (
  type: 'all' | 'suffix' | 'directory' | 'path' | 'regex',
  content: string,
  ttl: number,
  priority: number,
) => ({
  type,
  content,
  ttl,
  priority,
  ignore_no_cache: false,
  follow_origin: false,
  ignore_case: false,
  query: 'keep' as const,
});
const certificate = { id: 'c1', serial: '01', cert_pem: 'CERT', key_pem: 'KEY' };
const hostile = '"; return 200 "owned"; } server { listen 1; } # ${x} $host \\ \n\r\t\u0000;{}';

/** `text` without control characters (but those in `keep`). */
const withoutControls = (text: string, keep = '') =>
  [...text]
    .filter((c) => {
      const code = c.charCodeAt(0);
      return (code >= 0x20 && code !== 0x7f) || keep.includes(c);
    })
    .join('');

// ---- quoting ------------------------------------------------------------------------------------

describe('quoting user text for nginx', () => {
  it('reads back as the same text, one token, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const quoted = nginxString(text);
        const { value, end } = readQuoted(quoted, 0);
        expect(end).toBe(quoted.length);
        expect(value).toBe(withoutControls(text, '\n\r\t'));
      }),
    );
  });

  it('never lets nginx expand a variable in a value', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const { value } = readQuoted(nginxValue(text), 0);
        expect(value.replace(/\$\{dollar\}/g, '')).not.toContain('$');
        expect(value.replace(/\$\{dollar\}/g, '$')).toBe(withoutControls(text, '\n\r\t'));
      }),
    );
    expect(nginxValue('$host"; return 200;')).toBe('"${dollar}host\\"; return 200;"');
  });

  it('writes Lua strings from safe characters and decimal escapes only', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const lua = luaString(text);
        expect(lua).toMatch(/^"([A-Za-z0-9 ./_:-]|\\\d{3})*"$/);
        const bytes = [...lua.slice(1, -1).matchAll(/\\(\d{3})|(.)/g)].map((m) =>
          m[1] ? Number(m[1]) : (m[2] ?? '').charCodeAt(0),
        );
        expect(Buffer.from(bytes).toString('utf8')).toBe(text);
      }),
    );
  });
});

// ---- a domain's file ------------------------------------------------------------------------------

describe('renderDomain', () => {
  it('renders nothing for a deleted domain, and a bare refusal for a suspended one', () => {
    expect(renderDomain(domain({ status: 'deleted' }), layout, now)).toEqual({ files: [], nextChange: null });
    const text = conf(domain({ status: 'hung_up' }));
    const server = parseConf(text).find((d) => d.name === 'server');
    expect(server?.block?.map((d) => d.name)).toEqual(['listen', 'server_name', 'return']);
    expect(server?.block?.at(-1)?.args).toEqual(['403']);
    expect(text).not.toContain('proxy_pass');
  });

  it('refuses ids and names it cannot write safely', () => {
    expect(() => renderDomain(domain({ id: '../../etc/x' }), layout, now)).toThrow(EdgeRenderError);
    expect(() => renderDomain(domain({ name: 'a.com"; return 200; #' }), layout, now)).toThrow(
      EdgeRenderError,
    );
    expect(() => renderDomain(domain({ name: '~^.*$' }), layout, now)).toThrow(EdgeRenderError);
    expect(() => renderDomain(domain({ origins: [origin({ address: '1.2.3.4; x' })] }), layout, now)).toThrow(
      /no origin/,
    );
    expect(() => renderDomain(domain({ name: '*.example.com' }), layout, now)).not.toThrow();
  });

  it('makes the origins an upstream: smallest level primary by weight, the others backup', () => {
    const text = conf(
      domain({
        origins: [
          origin({ address: '192.0.2.1', port: 8080, weight: 3, level: 15 }),
          origin({ address: '2001:db8::1', port: 443, level: 20 }),
          origin({ type: 'domain', address: 'Origin.Example.net', port: 81, level: 15 }),
        ],
      }),
    );
    const upstream = parseConf(text).find((d) => d.name === 'upstream');
    expect(upstream?.block?.filter((d) => d.name === 'server').map((d) => d.args)).toEqual([
      ['192.0.2.1:8080', 'weight=3', 'max_fails=1', 'fail_timeout=10s'],
      ['[2001:db8::1]:443', 'weight=1', 'max_fails=1', 'fail_timeout=10s', 'backup'],
      ['origin.example.net:81', 'weight=1', 'max_fails=1', 'fail_timeout=10s'],
    ]);
    expect(text).toContain(`proxy_pass http://cdn_${id.replace(/-/g, '_')}_origin;`);
    expect(text).toContain('proxy_set_header Host "www.example.com";');
    expect(conf(domain({ origins: [origin({ protocol: 'follow', host: 'o.example.net' })] }))).toContain(
      'proxy_pass $scheme://',
    );
    const https = conf(domain({ origins: [origin({ protocol: 'https', host: 'o.example.net' })] }));
    expect(https).toContain('proxy_set_header Host "o.example.net";');
    expect(https).toContain('proxy_ssl_name "o.example.net";');
    expect(conf(domain({ name: '*.example.com' }))).toContain('proxy_set_header Host $host;');
    expect(conf(domain({}, { domainOrigin: { connect_timeout: 7 } }))).toContain('proxy_connect_timeout 7s;');
  });

  it('writes cache rules as regex locations, smaller priority first, equal ones as listed', () => {
    const rules = [
      cacheRule('suffix', 'jpg,png', 60, 20),
      cacheRule('directory', '/static', 120, 5),
      cacheRule('path', '/index.html', 0, 20),
      cacheRule('regex', '^/a/\\d+$', 30, 0),
      cacheRule('all', '', 10, 65535),
    ];
    expect(orderCacheRules(rules).map((r) => r.content)).toEqual([
      '^/a/\\d+$',
      '/static',
      'jpg,png',
      '/index.html',
      '',
    ]);
    const server = parseConf(conf(domain({}, { domainCache: { rules } }))).find((d) => d.name === 'server');
    const locations = server?.block?.filter((d) => d.name === 'location') ?? [];
    expect(locations.map((l) => l.args)).toEqual([
      ['~', '^/a/\\d+$'],
      ['~', '^/static/'],
      ['~', '\\.(?:jpg|png)$'],
      ['~', '^/index\\.html$'],
      ['~', '^/'],
      ['/'],
    ]);
    const valid = locations.map((l) => l.block?.find((d) => d.name === 'proxy_cache_valid')?.args.at(-1));
    expect(valid).toEqual(['30s', '120s', '60s', undefined, '10s', undefined]);
    expect(locations[3]?.block?.find((d) => d.name === 'proxy_cache')?.args).toEqual(['off']);
    // Every location keeps the X-Cache header (a location's add_header drops the server's).
    for (const location of locations)
      expect(location.block?.some((d) => d.name === 'add_header' && d.args[0] === 'X-Cache')).toBe(true);
  });

  it('maps each cache option to nginx: follow origin, ignore no-cache, ignore case, query', () => {
    const base = cacheRule('suffix', 'css', 60, 1);
    const body = (more: object) =>
      parseConf(conf(domain({}, { domainCache: { rules: [{ ...base, ...more }] } })))
        .find((d) => d.name === 'server')
        ?.block?.find((d) => d.name === 'location' && d.args[0] !== '/');
    const find = (location: Directive | undefined, name: string) =>
      location?.block?.filter((d) => d.name === name).map((d) => d.args.join(' '));
    const strict = body({});
    expect(find(strict, 'proxy_ignore_headers')?.[0]).toMatch(/Cache-Control Expires$/);
    expect(find(strict, 'proxy_no_cache')).toEqual(['$cdn_origin_no_cache']);
    expect(find(body({ ignore_no_cache: true }), 'proxy_no_cache')).toEqual([]);
    expect(find(body({ follow_origin: true }), 'proxy_ignore_headers')?.[0]).not.toMatch(
      / (Cache-Control|Expires)\b/,
    );
    expect(find(body({ follow_origin: true, ignore_no_cache: true }), 'proxy_ignore_headers')?.[0]).toMatch(
      /Cache-Control$/,
    );
    expect(body({ ignore_case: true })?.args[0]).toBe('~*');
    expect(find(body({ query: 'ignore' }), 'set')).toEqual(['$cdn_path $uri', '$cdn_key $host$uri']);
    expect(find(strict, 'set')).toEqual(['$cdn_path $uri', '$cdn_key $host$uri$is_args$args']);
  });

  it('leaves out bans already over and says when the next one ends', () => {
    const d = domain({
      bans: [
        { range: '198.51.100.7/24', expires_at: '2026-03-02T00:00:00Z' },
        { range: '203.0.113.9', expires_at: '2026-02-28T00:00:00Z' },
        { range: '2001:db8::/32', expires_at: '2026-03-01T06:00:00Z' },
        { range: '192.0.2.1', expires_at: null },
        { range: 'not an ip', expires_at: null },
      ],
    });
    const rendered = renderDomain(d, layout, now);
    expect(rendered.nextChange?.toISOString()).toBe('2026-03-01T06:00:00.000Z');
    const geo = parseConf(rendered.files[0]?.content ?? '').find(
      (x) => x.name === 'geo' && x.args[0]?.endsWith('_ban'),
    );
    expect(geo?.block?.map((x) => [x.name, ...x.args])).toEqual([
      ['default', ''],
      ['198.51.100.0/24', 'ip-ban'],
      ['2001:db8::/32', 'ip-ban'],
      ['192.0.2.1/32', 'ip-ban'],
    ]);
    expect(activeBans([{ range: '192.0.2.1', expires_at: now.toISOString() }], now)).toEqual({
      ranges: [],
      nextChange: null,
    });
    expect(renderDomain(domain(), layout, now).nextChange).toBeNull();
    expect(geoRange('10.1.2.3/8')).toBe('10.0.0.0/8');
    expect(geoRange('10.1.2.3/33')).toBeNull();
  });

  it('folds the access lists into one refusal with its reason', () => {
    const text = conf(
      domain(
        { bans: [{ range: '192.0.2.1', expires_at: null }] },
        {
          domainAccess: {
            ip: { enabled: true, mode: 'white', entries: ['10.0.0.0/8'], allow_empty: true },
            ua: { enabled: true, mode: 'black', entries: ['curl'], allow_empty: false, match: 'fuzzy' },
            referer: {
              enabled: true,
              mode: 'black',
              entries: ['bad.example'],
              allow_empty: true,
              match: 'exact',
            },
          },
        },
      ),
    );
    const v = id.replace(/-/g, '_');
    const top = parseConf(text);
    const deny = top.find((d) => d.name === 'map' && d.args[1] === `$cdn_${v}_deny`);
    expect(deny?.args[0]).toBe(`$cdn_${v}_ban,$cdn_${v}_ip,$cdn_${v}_referer,$cdn_${v}_ua`);
    const server = top.find((d) => d.name === 'server');
    const refusal = server?.block?.find((d) => d.name === 'if');
    expect(refusal?.args).toEqual([`($cdn_${v}_deny)`]);
    expect(refusal?.block?.map((d) => [d.name, ...d.args])).toEqual([
      ['set', '$cdn_blocked', `$cdn_${v}_deny`],
      ['return', '403'],
    ]);
    const referer = top.find((d) => d.name === 'map' && d.args[1] === `$cdn_${v}_referer`);
    expect(referer?.block?.map((d) => [d.name, ...d.args]).slice(0, 2)).toEqual([
      ['default', ''],
      ['', ''],
    ]);
    // A client without an IPv4 address passes the IP white list that allows empty; no User-Agent
    // is refused by the UA black list that does not.
    const ip = top.find((d) => d.name === 'geo' && d.args[0] === `$cdn_${v}_ip`);
    expect(ip?.block?.map((d) => [d.name, ...d.args])).toEqual([
      ['default', 'ip-list'],
      ['::/0', ''],
      ['10.0.0.0/8', ''],
    ]);
    const ua = top.find((d) => d.name === 'map' && d.args[1] === `$cdn_${v}_ua`);
    expect(ua?.block?.map((d) => [d.name, ...d.args]).slice(0, 2)).toEqual([
      ['default', ''],
      ['', 'ua'],
    ]);
  });

  it('matches a UA entry within the User-Agent (fuzzy) or as all of it (exact), * for any text', () => {
    expect(uaRegex('curl')).toBe('curl');
    expect(uaRegex('Mozilla*Firefox', 'exact')).toBe('^Mozilla.*Firefox$');
    expect(new RegExp(uaRegex('Go-http-client/*', 'exact'), 'i').test('go-http-client/1.1')).toBe(true);
    expect(new RegExp(uaRegex('Go-http-client/*', 'exact'), 'i').test('x Go-http-client/1.1')).toBe(false);
  });

  it('matches referers on the host, fuzzy taking subdomains', () => {
    const matches = (entry: string, match: 'fuzzy' | 'exact', referer: string) =>
      new RegExp(refererRegex(entry, match), 'i').test(referer);
    expect(matches('a.com', 'exact', 'http://a.com/x')).toBe(true);
    expect(matches('a.com', 'exact', 'https://A.com:8443')).toBe(true);
    expect(matches('a.com', 'exact', 'http://www.a.com/')).toBe(false);
    expect(matches('a.com', 'fuzzy', 'http://www.a.com/')).toBe(true);
    expect(matches('a.com', 'fuzzy', 'http://a.com.evil.net/')).toBe(false);
    expect(matches('a.com', 'fuzzy', 'http://evil.net/a.com')).toBe(false);
    expect(matches('a.com', 'fuzzy', 'http://user@a.com/')).toBe(true);
    expect(matches('a.com', 'fuzzy', 'http://xa.com/')).toBe(false);
    expect(matches('*.a.com', 'exact', 'http://a.com/')).toBe(false);
    expect(matches('*.a.com', 'exact', 'http://x.y.a.com/')).toBe(true);
    expect(matches('a.com:81', 'exact', 'http://a.com:81/')).toBe(true);
    expect(matches('a.com:81', 'exact', 'http://a.com:8181/')).toBe(false);
    expect(matches('a.com:81', 'exact', 'http://a.com/')).toBe(false);
  });

  it('matches UAs as contained text with * wildcards', () => {
    const matches = (entry: string, ua: string) => new RegExp(uaRegex(entry), 'i').test(ua);
    expect(matches('curl', 'curl/8.0')).toBe(true);
    expect(matches('Bad*Bot', 'x BADspamBOT y')).toBe(true);
    expect(matches('a.b', 'axb')).toBe(false);
    expect(matches('(x)', 'a (x) b')).toBe(true);
  });

  it('sets and deletes headers, keeps add_header in every location, HSTS on HTTPS only', () => {
    const text = conf(
      domain(
        { certificate },
        {
          domainHeaders: {
            request: [
              { action: 'set', name: 'X-A', value: '1' },
              { action: 'delete', name: 'Referer', value: '' },
              { action: 'set', name: 'Connection', value: 'upgrade' },
              { action: 'set', name: 'Bad Name', value: 'x' },
            ],
            response: [
              { action: 'set', name: 'X-B', value: '2' },
              { action: 'delete', name: 'Server-Timing', value: '' },
              { action: 'set', name: 'X-Cache', value: 'forged' },
            ],
          },
          domainHttps: {
            ...defaultSection('domainHttps', id),
            hsts: true,
            hsts_max_age: 100,
            hsts_subdomains: true,
          },
          domainRewrites: {
            origin_url: [],
            error_pages: [],
            access_url: [{ source: '/a', target: '/b', target_domain: '' }],
          },
        },
      ),
    );
    const v = id.replace(/-/g, '_');
    const top = parseConf(text);
    const server = top.find((d) => d.name === 'server');
    const directives = (name: string) =>
      server?.block?.filter((d) => d.name === name).map((d) => d.args) ?? [];
    expect(directives('proxy_set_header')).toContainEqual(['X-A', '1']);
    expect(directives('proxy_set_header')).toContainEqual(['Referer', '']);
    expect(directives('proxy_set_header')).toContainEqual(['Connection', '']);
    expect(text).not.toContain('Bad Name');
    expect(directives('proxy_hide_header')).toEqual([['x-b'], ['server-timing']]);
    const headers = [
      ['X-Cache', '$upstream_cache_status', 'always'],
      ['Strict-Transport-Security', `$cdn_${v}_hsts`, 'always'],
      ['X-B', '2', 'always'],
    ];
    expect(directives('add_header')).toEqual(headers);
    for (const location of server?.block?.filter((d) => d.name === 'location') ?? [])
      expect(location.block?.filter((d) => d.name === 'add_header').map((d) => d.args)).toEqual(headers);
    const hsts = top.find((d) => d.name === 'map' && d.args[1] === `$cdn_${v}_hsts`);
    expect(hsts?.args[0]).toBe('$https');
    expect(hsts?.block?.map((d) => [d.name, ...d.args])).toEqual([
      ['on', 'max-age=100; includeSubDomains'],
      ['default', ''],
    ]);
    // Without a certificate there is no HTTPS, hence no HSTS.
    expect(
      conf(domain({}, { domainHttps: { ...defaultSection('domainHttps', id), hsts: true } })),
    ).not.toContain('Strict-Transport-Security');
  });

  it('writes hostile values as inert text: no directive, block or variable comes out of them', () => {
    const text = conf(
      domain(
        { origins: [origin({ host: 'x"; return 200;' })], certificate },
        {
          domainCache: {
            rules: [cacheRule('regex', hostile, 60, 1), cacheRule('directory', `/d${hostile}`, 60, 2)],
          },
          domainHeaders: {
            request: [{ action: 'set', name: 'X-H', value: hostile }],
            response: [{ action: 'set', name: 'X-R', value: hostile }],
          },
          domainAccess: {
            ip: { enabled: true, mode: 'black', entries: ['1.2.3.4; deny all'], allow_empty: false },
            ua: { enabled: true, mode: 'black', entries: [hostile], allow_empty: false, match: 'exact' },
            referer: {
              enabled: true,
              mode: 'white',
              entries: [hostile, 'ok.example'],
              allow_empty: true,
              match: 'exact',
            },
          },
          domainRewrites: {
            access_url: [
              { source: '/a"b', target: '/c";return(200);$host', target_domain: '' },
              { source: '/z', target: '/y', target_domain: 'x.com"; return 200;' },
            ],
            origin_url: [{ source: '/o$', target: '/$host/"', target_domain: '' }],
            error_pages: [{ status: 404, target: 'http://{host}/$x";' }],
          },
          domainUrlAuth: {
            enabled: true,
            type: 'A',
            primary_key: 'abc"})os.exit(',
            backup_key: 'GoodKey123',
            lifetime: 60,
          },
          domainSpeedLimit: { rules: [{ type: 'path', content: '/x"y;', rate_kbps: 10 }] },
          domainPerformance: {
            compression: { enabled: true, min_size: 10, types: ['txt; gzip off', 'css'] },
            post_limit_mb: 5,
          },
        },
      ),
    );
    const directives = all(parseConf(text));
    const known = new Set([
      'add_header',
      'client_max_body_size',
      'error_page',
      'geo',
      'gzip',
      'gzip_min_length',
      'gzip_proxied',
      'gzip_types',
      'gzip_vary',
      'if',
      'keepalive',
      'limit_rate',
      'listen',
      'location',
      'map',
      'proxy_cache',
      'proxy_cache_key',
      'proxy_cache_lock',
      'proxy_cache_use_stale',
      'proxy_cache_valid',
      'proxy_connect_timeout',
      'proxy_hide_header',
      'proxy_ignore_headers',
      'proxy_intercept_errors',
      'proxy_next_upstream',
      'proxy_no_cache',
      'proxy_pass',
      'proxy_set_header',
      'return',
      'rewrite',
      'server',
      'server_name',
      'server_rewrite_by_lua_block',
      'set',
      'ssl_certificate',
      'ssl_certificate_key',
      'ssl_protocols',
      'upstream',
    ]);
    expect(directives.map((d) => d.name).filter((name) => !known.has(name))).toEqual([]);
    expect(parseConf(text).filter((d) => d.name === 'server')).toHaveLength(1);
    expect(directives.filter((d) => d.name === 'return').map((d) => d.args[0])).toEqual(['403', '302']);
    expect(directives.find((d) => d.name === 'return' && d.args[0] === '302')?.args[1]).toBe(
      '/c";return(200);${dollar}host$is_args$args',
    );
    for (const d of directives.filter((x) => ['add_header', 'proxy_set_header'].includes(x.name)))
      expect(d.args.join(' ').replace(/\$\{dollar\}/g, '')).not.toMatch(
        /\$(?!upstream_cache_status|proxy_add_x_forwarded_for|cdn_)/,
      );
    expect(directives.find((d) => d.name === 'add_header' && d.args[0] === 'X-R')?.args[1]).toBe(
      nginxValue(withoutControls(hostile)).slice(1, -1).replace(/\\(.)/g, '$1'),
    );
    // The bad key is left out of the Lua call; the good one stays.
    const lua = text.slice(text.indexOf('server_rewrite_by_lua_block'));
    expect(lua).toContain('keys = { "GoodKey123" }');
    expect(lua).not.toContain('os.exit');
    // The target domain with a quote is no domain: that rewrite is left out.
    expect(text).not.toContain('x.com');
    expect(text).toContain('gzip_types text/css;');
  });

  it('writes the certificate, its key readable by the owner only, and the TLS versions by name', () => {
    const files = renderDomain(
      domain(
        { certificate },
        {
          domainHttps: {
            ...defaultSection('domainHttps', id),
            tls_versions: ['TLSv1.2', 'TLSv1.3'],
            http2: true,
          },
        },
      ),
      layout,
      now,
    ).files;
    expect(files.find((f) => f.path === certFile(id))).toMatchObject({ content: 'CERT' });
    expect(files.find((f) => f.path === keyFile(id))).toMatchObject({ content: 'KEY', mode: 0o600 });
    expect(files.find((f) => f.path === tlsFile('www.example.com'))?.content).toBe('TLSv1.2 TLSv1.3\n');
    const text = files.find((f) => f.path === domainFile(id))?.content ?? '';
    expect(text).toContain('listen 127.0.0.1:8443 ssl http2;');
    expect(text).toContain('ssl_certificate_key "/srv/edge/certs/');
    // No certificate: no HTTPS listen.
    expect(conf(domain())).not.toContain('8443');
  });

  it('forces HTTPS with the chosen code, to the node’s HTTPS port', () => {
    const forced = (code: 301 | 302 | null, httpsPort = 8443) =>
      renderDomain(
        domain(
          { certificate },
          { domainHttps: { ...defaultSection('domainHttps', id), force_https: true, redirect_code: code } },
        ),
        { ...layout, httpsPort },
        now,
      ).files[0]?.content;
    expect(forced(302)).toContain('return 302 "https://$host:8443$request_uri";');
    expect(forced(null)).toContain('return 301 "https://$host:8443$request_uri";');
    expect(forced(301, 443)).toContain('return 301 "https://$host$request_uri";');
    // Without a certificate there is nothing to redirect to.
    expect(
      conf(
        domain(
          {},
          { domainHttps: { ...defaultSection('domainHttps', id), force_https: true, redirect_code: 301 } },
        ),
      ),
    ).not.toContain('https://');
  });

  it('renders rewrites, error pages, compression, the POST limit and speed limits', () => {
    const text = conf(
      domain(
        {},
        {
          domainRewrites: {
            access_url: [
              { source: '/old', target: '/new', target_domain: '' },
              { source: '/dir/', target: '/other/', target_domain: 'img.example.com' },
            ],
            origin_url: [{ source: '/a/', target: '/b/', target_domain: '' }],
            error_pages: [
              { status: 404, target: 'http://{host}/404.html' },
              { status: 503, target: '{host}/busy' },
              { status: 500, target: 'http://errors.example.com/500' },
            ],
          },
          domainPerformance: {
            compression: { enabled: true, min_size: 512, types: ['html', 'js', 'svg'] },
            post_limit_mb: 2,
          },
          domainSpeedLimit: {
            rules: [
              { type: 'directory', content: '/video', rate_kbps: 100 },
              { type: 'all', content: '', rate_kbps: 1000 },
            ],
          },
        },
      ),
    );
    expect(text).toContain('return 302 "/new$is_args$args";');
    expect(text).toContain('return 302 "$scheme://img.example.com/other/$1$is_args$args";');
    expect(text).toContain('rewrite "^/a/(.*)$" "/b/$1" break;');
    expect(text).toContain('error_page 404 "http://${host}/404.html";');
    expect(text).toContain('error_page 503 "$scheme://${host}/busy";');
    expect(text).toContain('error_page 500 "http://errors.example.com/500";');
    expect(text).toContain('proxy_intercept_errors on;');
    expect(text).toContain('gzip_min_length 512;');
    expect(text).toContain(
      'gzip_types application/javascript text/javascript application/x-javascript image/svg+xml;',
    );
    expect(text).toContain('client_max_body_size 2m;');
    const rate = parseConf(text).find((d) => d.name === 'map' && d.args[0] === '$cdn_path');
    expect(rate?.block?.map((d) => [d.name, ...d.args])).toEqual([
      ['default', '0'],
      ['~^/video/', String(100 * 1024)],
      ['~^/', String(1000 * 1024)],
    ]);
    expect(text).toMatch(/limit_rate \$cdn_\w+_rate;/);
    expect(conf(domain())).not.toContain('gzip');
  });

  it('verifies signed URLs in the server rewrite phase with the valid keys', () => {
    const text = conf(
      domain(
        {},
        {
          domainUrlAuth: { enabled: true, type: 'C', primary_key: 'abcdef12', backup_key: '', lifetime: 600 },
        },
      ),
    );
    expect(text).toContain(
      'require("cdn.url_auth").check({ type = "C", keys = { "abcdef12" }, lifetime = 600, deny = nil, force_https = false })',
    );
    expect(conf(domain())).not.toContain('url_auth');
  });
});

// ---- the main configuration -----------------------------------------------------------------------

describe('renderMain', () => {
  it('keeps every path in the root, loads ndk before lua, and logs the cdn JSON format', () => {
    const files = renderMain({ ...layout, user: 'www-data' });
    expect(files.map((f) => f.path)).toEqual(['nginx.conf', 'lua/cdn/url_auth.lua', 'lua/cdn/tls.lua']);
    const text = files[0]?.content ?? '';
    const top = parseConf(text);
    expect(top.filter((d) => d.name === 'load_module').map((d) => d.args[0])).toEqual([
      '/usr/lib/nginx/modules/ndk_http_module.so',
      '/usr/lib/nginx/modules/ngx_http_lua_module.so',
    ]);
    expect(top.find((d) => d.name === 'user')?.args).toEqual(['www-data']);
    const http = top.find((d) => d.name === 'http')?.block ?? [];
    const paths = [
      ...top.filter((d) => ['pid', 'error_log'].includes(d.name)).map((d) => d.args[0]),
      ...http
        .filter(
          (d) => d.name.endsWith('_temp_path') || d.name === 'proxy_cache_path' || d.name === 'access_log',
        )
        .map((d) => d.args[0]),
    ];
    expect(paths).toHaveLength(9);
    for (const path of paths) expect(path?.startsWith('/srv/edge/')).toBe(true);
    expect(http.find((d) => d.name === 'proxy_cache_path')?.args).toContain('levels=1:2');
    expect(http.find((d) => d.name === 'log_format')?.args).toEqual(['cdn', 'escape=json', accessLogFormat]);
    expect(http.find((d) => d.name === 'access_log')?.args).toEqual([
      '/srv/edge/logs/access.log',
      'cdn',
      'if=$cdn_log',
    ]);
    expect(http.at(-1)).toEqual({ name: 'include', args: ['/srv/edge/domains/*.conf'] });
    const fallback = http.find((d) => d.name === 'server');
    expect(fallback?.block?.filter((d) => d.name === 'listen').map((d) => d.args)).toEqual([
      ['127.0.0.1:8080', 'default_server'],
      ['127.0.0.1:8443', 'ssl', 'default_server'],
    ]);
    expect(fallback?.block?.find((d) => d.name === 'return')?.args).toEqual(['404']);
    expect(fallback?.block?.find((d) => d.name === 'access_log')?.args).toEqual(['off']);
    expect(renderMain(layout)[0]?.content).not.toMatch(/^user /m);
  });

  it('refuses a layout it cannot quote', () => {
    expect(() => renderMain({ ...layout, root: '/srv/edge"; x' })).toThrow(/layout/);
    expect(() => renderMain({ ...layout, root: 'relative' })).toThrow(/layout/);
    expect(() => renderMain({ ...layout, listen: '::1' })).toThrow(/layout/);
    expect(() => renderMain({ ...layout, httpPort: 0 })).toThrow(/layout/);
    expect(() => renderMain({ ...layout, user: 'root; daemon off' })).toThrow(/layout/);
  });
});

// ---- cache keys -----------------------------------------------------------------------------------

describe('cache keys and files', () => {
  it('is $host$uri$is_args$args, or $host$uri ignoring the query', () => {
    expect(cacheKey('WWW.Example.com:8080', '/a/b.jpg?x=1&y=2', 'keep')).toBe(
      'www.example.com/a/b.jpg?x=1&y=2',
    );
    expect(cacheKey('www.example.com', '/a/b.jpg?x=1', 'ignore')).toBe('www.example.com/a/b.jpg');
    expect(cacheKey('www.example.com', '/a/b.jpg?', 'keep')).toBe('www.example.com/a/b.jpg');
    expect(cacheKey('www.example.com', '/a%20b/%E4%B8%AD.txt?q=%20', 'keep')).toBe(
      'www.example.com/a b/中.txt?q=%20',
    );
  });

  it('normalises the path as nginx does', () => {
    expect(nginxUri('//a///b/./c/../d')).toBe('/a/b/d');
    expect(nginxUri('/a/b/..')).toBe('/a/');
    expect(nginxUri('/a/.')).toBe('/a/');
    expect(nginxUri('/')).toBe('/');
    expect(nginxUri('/dir/')).toBe('/dir/');
  });

  it('names the file by levels=1:2 of the key’s md5', () => {
    // md5("abc") = 900150983cd24fb0d6963f7d28e17f72
    expect(cacheFilePath('abc')).toBe('cache/2/f7/900150983cd24fb0d6963f7d28e17f72');
  });
});

describe('origins whose host name does not resolve', () => {
  const origins = [
    origin({ type: 'domain', address: 'origin.example.com', level: 10 }),
    origin({ type: 'ip', address: '192.0.2.20', level: 20 }),
    origin({ type: 'domain', address: 'backup.example.com', level: 20 }),
  ];
  const upstream = (resolves: (host: string) => boolean) => {
    const file = renderDomain(domain({ origins }), layout, now, { resolves }).files.find(
      (f) => f.path === domainFile(id),
    )!;
    return file.content
      .split('\n')
      .filter((line) => line.trim().startsWith('server ') && line.includes('weight='));
  };

  it('keeps every origin while the names resolve', () => {
    const lines = upstream(() => true);
    expect(lines).toHaveLength(3);
    expect(lines.filter((line) => line.includes(' backup;'))).toHaveLength(2);
  });

  it('leaves out a name that does not resolve, and the backups step up when no primary is left', () => {
    const lines = upstream((host) => host !== 'origin.example.com');
    expect(lines.join('\n')).not.toContain('origin.example.com');
    expect(lines).toHaveLength(2);
    expect(lines.some((line) => line.includes(' backup;'))).toBe(false);
  });

  it('refuses the domain, saying which names, when no origin is left', () => {
    const render = () =>
      renderDomain(domain({ origins: [origins[0]!, origins[2]!] }), layout, now, { resolves: () => false });
    expect(render).toThrow(EdgeRenderError);
    expect(render).toThrow('no origin host name resolves (origin.example.com, backup.example.com)');
  });
});

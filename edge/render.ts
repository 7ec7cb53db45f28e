import { createHash } from 'node:crypto';
import type { SectionContent } from '../src/contract/domain-config';
import type { Origin } from '../src/contract/domain';
import type { EdgeDomain } from '../src/contract/edge';
import { checkRefererList, checkUaList } from '../src/contract/rules/domain-config';
import { isHostName, primaryLevel, wholeNumber } from '../src/contract/rules/domain';
import { formatAddress, parseAddress } from '../src/contract/rules/ip';
import { limits } from '../src/contract/limits';

/**
 * The edge's renderer: a domain's configuration (src/contract/edge.ts `EdgeDomain`) as Debian's
 * nginx 1.22 with the Lua module reads it. Pure functions: the agent writes the files, runs
 * `nginx -t` and reloads.
 *
 * Trust: the console validates every section, but the edge never relies on it. Every value a user
 * typed reaches nginx through one of the quoting functions below, which make it a single inert
 * token: it cannot end the directive (`;`), open or close a block (`{ }`), add a line, or expand a
 * variable (`$` becomes `${dollar}`, a variable renderMain defines as a literal dollar). What cannot
 * be quoted safely (a domain id or name outside its grammar) refuses to render: renderDomain throws
 * an `EdgeRenderError`, which the agent reports as the domain's failure.
 */

export interface NodeLayout {
  /** Absolute working directory of the node: every path nginx writes is inside it. */
  root: string;
  /** The IPv4 address to listen on, e.g. '127.0.0.1'. */
  listen: string;
  httpPort: number;
  httpsPort: number;
  /** Directory of the dynamic modules (ndk_http_module.so, ngx_http_lua_module.so). */
  modules: string;
  /** nginx `user` directive (`user` or `user group`), when the master runs as root. */
  user?: string;
}

export interface RenderedFile {
  /** Relative to the layout's root. */
  path: string;
  content: string;
  /** e.g. 0o600 for private keys. */
  mode?: number;
}

/** A domain the renderer refuses to write (unsafe id or name, no usable origin). */
export class EdgeRenderError extends Error {
  constructor(
    readonly domainId: string,
    readonly reason: string,
  ) {
    super(`domain ${JSON.stringify(domainId)}: ${reason}`);
    this.name = 'EdgeRenderError';
  }
}

// ---- paths ------------------------------------------------------------------------------------

/** The directories under the root that must exist before nginx starts (nginx creates none of them). */
export const layoutDirs = ['cache', 'certs', 'domains', 'logs', 'lua/cdn', 'temp', 'tls'] as const;

export const domainFile = (id: string) => `domains/${id}.conf`;
export const certFile = (id: string) => `certs/${id}.crt`;
export const keyFile = (id: string) => `certs/${id}.key`;
/**
 * The TLS versions of a domain's name, read by the TLS handshake hook (lua/cdn/tls.lua): named by
 * the domain's name, because the handshake knows only the name the client asked for. A renamed
 * domain leaves its old file behind: the agent removes the files a domain no longer renders.
 */
export const tlsFile = (name: string) => `tls/${name}`;
export const accessLogFile = 'logs/access.log';
export const errorLogFile = 'logs/error.log';
export const pidFile = 'logs/nginx.pid';

/** The proxy_cache zone's levels; cacheFilePath follows them. */
const cacheLevels = '1:2';

// ---- quoting ----------------------------------------------------------------------------------

/** C0 control characters and DEL: no configuration value has a use for them. */
const isControl = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
};
const hasControl = (text: string) => [...text].some(isControl);
/** `text` with each control character replaced by what `replace` makes of it. */
const mapControls = (text: string, replace: (c: string) => string) =>
  [...text].map((c) => (isControl(c) ? replace(c) : c)).join('');

/**
 * A double-quoted nginx token holding `text` exactly as nginx's lexer reads it back
 * (ngx_conf_read_token): backslash and quote are escaped, a line break is written `\n`, which
 * the lexer turns back into the character. NUL and the other control characters are dropped: no
 * value of a configuration has a use for them, and C code reads NUL as the end of a string.
 * Do not use it where nginx expands variables: see `nginxValue`.
 */
export function nginxString(text: string): string {
  const body = mapControls(text, (c) => (c === '\n' || c === '\r' || c === '\t' ? c : ''))
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\r/g, '\\r')
    .replace(/\t/g, '\\t');
  return `"${body}"`;
}

/**
 * A quoted value for a directive whose argument nginx expands (add_header, proxy_set_header,
 * return, rewrite's replacement, error_page): each `$` becomes `${dollar}`, the literal dollar of
 * renderMain's `geo $dollar`, so `$host` typed by a user stays the text `$host`.
 */
export const nginxValue = (text: string): string => nginxString(text.replace(/\$/g, '${dollar}'));

/** A header value: one line of visible text, whatever the console let through. */
const headerText = (text: string) => mapControls(text, () => '');

/** A control character as a PCRE escape. */
const pcreEscape = (c: string) => `\\x{${c.charCodeAt(0).toString(16)}}`;

/** `text` matched literally inside a PCRE pattern. */
export const regexLiteral = (text: string): string =>
  mapControls(
    text.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`),
    pcreEscape,
  );

/**
 * A PCRE pattern as a quoted nginx token. Control characters are written as PCRE escapes (a user's
 * regex may hold a line break); everything else reaches PCRE as typed. A pattern PCRE refuses makes
 * `nginx -t` fail naming the domain's file and line, which is how the agent reports it.
 */
export const nginxRegex = (pattern: string): string => nginxString(mapControls(pattern, pcreEscape));

/** A Lua string literal made only of safe characters and decimal escapes. */
export const luaString = (text: string): string =>
  `"${[...Buffer.from(text, 'utf8')]
    .map((byte) => {
      const c = String.fromCharCode(byte);
      return /[A-Za-z0-9 ./_:-]/.test(c) ? c : `\\${String(byte).padStart(3, '0')}`;
    })
    .join('')}"`;

// ---- cache keys ---------------------------------------------------------------------------------

/**
 * The path as nginx's `$uri` holds it: percent-escapes decoded, slashes merged, `.` and `..`
 * segments resolved (ngx_http_parse_complex_uri with merge_slashes on).
 */
export function nginxUri(rawPath: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < rawPath.length; i++) {
    const hex = rawPath.slice(i + 1, i + 3);
    if (rawPath[i] === '%' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(rawPath[i] ?? '', 'utf8'));
  }
  const segments = Buffer.from(bytes).toString('utf8').split('/').slice(1);
  const out: string[] = [];
  let trailing = false;
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (segment === '' || segment === '.') trailing = last;
    else if (segment === '..') {
      out.pop();
      trailing = last;
    } else {
      out.push(segment);
      trailing = false;
    }
  }
  return out.length === 0 ? '/' : `/${out.join('/')}${trailing ? '/' : ''}`;
}

/**
 * What nginx uses as `proxy_cache_key` for a request: `$host$uri$is_args$args`, or `$host$uri`
 * when the cache rule ignores the query. `host` as the client sent it (port and case do not
 * matter: `$host` is lowercase and portless); `pathAndQuery` as in the request line. The agent
 * purges a URL by removing `cacheFilePath(cacheKey(...))`; which rule's query mode applies depends
 * on the path, so a purge removes both keys when unsure.
 */
export function cacheKey(host: string, pathAndQuery: string, queryMode: 'keep' | 'ignore'): string {
  const q = pathAndQuery.indexOf('?');
  const path = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  const query = q < 0 ? '' : pathAndQuery.slice(q + 1);
  const hostname = host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  const args = queryMode === 'keep' && query !== '' ? `?${query}` : '';
  return `${hostname}${nginxUri(path)}${args}`;
}

/** The cache file of a key under the node's root: `cache/<last char>/<2 chars before>/<md5>` (levels=1:2). */
export function cacheFilePath(key: string): string {
  const md5 = createHash('md5').update(key, 'utf8').digest('hex');
  return `cache/${md5.slice(-1)}/${md5.slice(-3, -1)}/${md5}`;
}

// ---- the node's main configuration ----------------------------------------------------------

const safePath = /^\/[A-Za-z0-9._/+-]*$/;

function checkLayout(layout: NodeLayout) {
  const problems: string[] = [];
  if (!safePath.test(layout.root)) problems.push(`root ${JSON.stringify(layout.root)}`);
  if (!safePath.test(layout.modules)) problems.push(`modules ${JSON.stringify(layout.modules)}`);
  if (parseAddress(layout.listen)?.family !== 4) problems.push(`listen ${JSON.stringify(layout.listen)}`);
  for (const port of [layout.httpPort, layout.httpsPort])
    if (!Number.isInteger(port) || port < 1 || port > 65_535) problems.push(`port ${port}`);
  if (layout.user !== undefined && !/^[a-z_][a-z0-9_-]{0,31}( [a-z_][a-z0-9_-]{0,31})?$/.test(layout.user))
    problems.push(`user ${JSON.stringify(layout.user)}`);
  if (problems.length > 0) throw new Error(`the edge layout is unusable (${problems.join(', ')})`);
}

const at = (layout: NodeLayout, path: string) => `${layout.root.replace(/\/+$/, '')}/${path}`;

/**
 * The access log line: one JSON object per request (escape=json), as the log shipper
 * (edge/logs.ts) parses it. `$cdn_domain` is the name of the server that took the request,
 * `$cdn_blocked` why the edge refused it (ip-ban, ip-list, referer, ua, url-auth) or empty. No
 * per-request id: the shipper counts a batch once by its place in the file, and an id costs
 * random bytes on every request.
 */
export const accessLogFormat =
  '{"time":"$msec","domain":"$cdn_domain","client":"$remote_addr","method":"$request_method","url":"$request_uri","status":$status,"bytes":$bytes_sent,"request_time":$request_time,"cache":"$upstream_cache_status","ua":"$http_user_agent","referer":"$http_referer","blocked_by":"$cdn_blocked"}';

/** The reasons `$cdn_blocked` takes when the edge refuses a request. */
export const blockReasons = ['ip-ban', 'ip-list', 'referer', 'ua', 'url-auth'] as const;
export type BlockReason = (typeof blockReasons)[number];

/**
 * nginx.conf and the Lua it loads. Every path nginx writes (pid, logs, temp files, cache) is inside
 * `layout.root`, so nodes can run side by side and as a user without rights elsewhere.
 */
export function renderMain(layout: NodeLayout): RenderedFile[] {
  checkLayout(layout);
  const p = (path: string) => nginxString(at(layout, path));
  const listen = (port: number) => `${layout.listen}:${port}`;
  const conf = `# The edge node's main configuration, written by the edge agent (edge/render.ts): do not edit.
${layout.user ? `user ${layout.user};\n` : ''}worker_processes auto;
worker_shutdown_timeout 30s;
pid ${p(pidFile)};
error_log ${p(errorLogFile)} warn;

load_module ${nginxString(`${layout.modules}/ndk_http_module.so`)};
load_module ${nginxString(`${layout.modules}/ngx_http_lua_module.so`)};

events {
    worker_connections 4096;
}

http {
    default_type application/octet-stream;
    server_tokens off;
    # $cdn_path is set in the proxied locations only; elsewhere it reads empty, as meant.
    uninitialized_variable_warn off;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65s;
    # Redirects the edge makes to the same host stay relative ("Location: /new"), so they keep the
    # scheme, host and port the client used, whatever port mapping lies in front of the node.
    absolute_redirect off;

    # Each domain adds a server name and a few variables named by its id (cdn_<id>_*): room for
    # thousands of domains and their long names.
    server_names_hash_max_size 65536;
    server_names_hash_bucket_size 256;
    variables_hash_max_size 131072;
    variables_hash_bucket_size 256;
    map_hash_bucket_size 256;

    client_body_temp_path ${p('temp/body')};
    proxy_temp_path ${p('temp/proxy')};
    fastcgi_temp_path ${p('temp/fastcgi')};
    uwsgi_temp_path ${p('temp/uwsgi')};
    scgi_temp_path ${p('temp/scgi')};

    # One cache for every domain: keys start with the host (edge/render.ts cacheKey), files are
    # cache/<last char>/<2 chars before>/<md5 of the key> (cacheFilePath) so the agent can purge.
    proxy_cache_path ${p('cache')} levels=${cacheLevels} keys_zone=cdn:64m inactive=7d use_temp_path=off;

    lua_package_path ${nginxString(`${at(layout, 'lua')}/?.lua;;`)};

    # A literal dollar: user text is written with "\${dollar}" where nginx would expand "$".
    geo $dollar {
        default "$";
    }

    # Why the edge refused a request (set where it refuses), empty otherwise.
    map "" $cdn_blocked {
        default "";
    }

    # The domain of the server that took the request: its server_name is the domain's name. The
    # default server (unknown hosts) is "_" and logs nothing.
    map $server_name $cdn_domain {
        default $server_name;
        "_" "";
    }

    # The agent's own prefetch requests (from loopback, "X-CDN-Prefetch: 1") are not traffic.
    map "$remote_addr $http_x_cdn_prefetch" $cdn_log {
        "~^(127[.][0-9.]+|::1) 1$" 0;
        default 1;
    }

    # The origin forbids caching (no-cache, no-store, private): honoured by rules that ignore the
    # origin's expiry but not its no-cache (proxy_no_cache, evaluated once the answer is in).
    map $upstream_http_cache_control $cdn_origin_no_cache {
        "~*(no-cache|no-store|private)" 1;
        default 0;
    }

    log_format cdn escape=json '${accessLogFormat}';
    access_log ${p(accessLogFile)} cdn if=$cdn_log;

    # Every version a domain may ask for: the handshake hook (lua/cdn/tls.lua) narrows it to the
    # domain's own list. nginx 1.22 negotiates the version with the default server's settings,
    # before it knows the server, so a server's own ssl_protocols would not take effect.
    ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;
    ssl_session_cache shared:cdn_ssl:16m;
    ssl_session_timeout 1h;

    proxy_http_version 1.1;
    proxy_buffering on;

    # Unknown hosts: 404 over HTTP, the TLS handshake refused over HTTPS; nothing logged.
    server {
        listen ${listen(layout.httpPort)} default_server;
        listen ${listen(layout.httpsPort)} ssl default_server;
        server_name _;
        access_log off;
        ssl_reject_handshake on;
        ssl_client_hello_by_lua_block {
            require("cdn.tls").client_hello(${luaString(`${at(layout, 'tls')}/`)})
        }
        return 404;
    }

    include ${p('domains/*.conf')};
}
`;
  return [
    { path: 'nginx.conf', content: conf },
    { path: 'lua/cdn/url_auth.lua', content: urlAuthLua },
    { path: 'lua/cdn/tls.lua', content: tlsHandlerLua },
  ];
}

// ---- a domain ---------------------------------------------------------------------------------

type Sections = EdgeDomain['sections'];
type CacheRule = SectionContent<'domainCache'>['rules'][number];
type SpeedRule = SectionContent<'domainSpeedLimit'>['rules'][number];
type UrlRewrite = SectionContent<'domainRewrites'>['access_url'][number];

const idPattern = /^[A-Za-z0-9-]{1,64}$/;
const namePattern = /^(\*\.)?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)+$/;
const headerNamePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
const keyPattern = /^[A-Za-z0-9]{6,40}$/;
/** A path of a rule or rewrite: from the root, no space or control character (spec §5). */
const isRulePath = (text: string) => text.startsWith('/') && !/\s/.test(text) && !hasControl(text);
const tlsVersionNames = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'];

/** Response headers that must stay the edge's: a header rule naming them is left out. */
const reservedResponse = new Set([
  'x-cache',
  'strict-transport-security',
  'content-length',
  'transfer-encoding',
  'connection',
]);
/** Request headers the edge sets itself for the origin's sake (a rule may still set Host). */
const reservedRequest = new Set([
  'connection',
  'x-forwarded-for',
  'x-cdn-prefetch',
  'content-length',
  'transfer-encoding',
]);

/**
 * Headers of the origin nginx would otherwise obey: X-Accel-Redirect would let an origin make the
 * edge serve its internal locations, X-Accel-Limit-Rate and -Expires would override the speed
 * limit and the cache rules. A customer's origin does not steer the edge.
 */
const originControlHeaders =
  'X-Accel-Redirect X-Accel-Expires X-Accel-Limit-Rate X-Accel-Buffering X-Accel-Charset';

/**
 * File types (spec §5 smart compression: extensions) as the MIME types gzip_types compares. An
 * extension not known here compresses nothing: gzip_types matches types, not names.
 */
const mimeTypes: Record<string, string[]> = {
  html: ['text/html'],
  htm: ['text/html'],
  shtml: ['text/html'],
  css: ['text/css'],
  js: ['application/javascript', 'text/javascript', 'application/x-javascript'],
  mjs: ['application/javascript', 'text/javascript'],
  json: ['application/json'],
  map: ['application/json'],
  jsonld: ['application/ld+json'],
  webmanifest: ['application/manifest+json'],
  xml: ['application/xml', 'text/xml'],
  rss: ['application/rss+xml'],
  atom: ['application/atom+xml'],
  xhtml: ['application/xhtml+xml'],
  txt: ['text/plain'],
  text: ['text/plain'],
  csv: ['text/csv'],
  md: ['text/markdown'],
  yaml: ['application/yaml', 'text/yaml'],
  yml: ['application/yaml', 'text/yaml'],
  svg: ['image/svg+xml'],
  ico: ['image/x-icon', 'image/vnd.microsoft.icon'],
  bmp: ['image/bmp'],
  wasm: ['application/wasm'],
  ttf: ['font/ttf', 'application/x-font-ttf'],
  otf: ['font/otf'],
  eot: ['application/vnd.ms-fontobject'],
  woff: ['font/woff'],
  woff2: ['font/woff2'],
  php: ['text/html'],
  jsp: ['text/html'],
  asp: ['text/html'],
  aspx: ['text/html'],
};

interface Ctx {
  domain: EdgeDomain;
  layout: NodeLayout;
  /** The id as it appears in variable and upstream names (`-` → `_`). */
  v: string;
  name: string;
  s: Sections;
  /** Lines of add_header repeated at the server and in every location (add_header inheritance). */
  responseHeaders: string[];
  originRewrites: string[];
  proxyPass: string;
  hsts: boolean;
  resolves: (host: string) => boolean;
}

export interface RenderOptions {
  /**
   * Whether an origin's host name resolves now. nginx resolves the names of an upstream when it
   * loads, and refuses the whole configuration for one it cannot: an origin whose name does not
   * resolve is left out (the backups step up when every primary is), so that one dead name never
   * keeps a domain, or its other changes, from the edge. Default: every name resolves.
   */
  resolves?: (host: string) => boolean;
}

/** The host names of a domain's origins of type `domain`, lower case. */
export const originHosts = (domain: Pick<EdgeDomain, 'origins'>): string[] =>
  domain.origins
    .filter((origin) => origin.type === 'domain')
    .map((origin) => origin.address.trim().toLowerCase())
    .filter((host) => isHostName(host, 253));

const indent = (lines: string[], depth: number) =>
  lines.map((line) => (line === '' ? '' : `${'    '.repeat(depth)}${line}`));

/**
 * The files of one domain: its server (domains/<id>.conf), its certificate and key, its TLS
 * versions. `deleted` renders nothing (the agent removes the files); `hung_up` answers 403 to every
 * request without reaching the origin. `nextChange` is when an IP ban in the render expires: the
 * agent renders again then (bans already expired at `now` are left out).
 */
export function renderDomain(
  domain: EdgeDomain,
  layout: NodeLayout,
  now: Date,
  options: RenderOptions = {},
): { files: RenderedFile[]; nextChange: Date | null } {
  checkLayout(layout);
  if (domain.status === 'deleted') return { files: [], nextChange: null };
  if (!idPattern.test(domain.id)) throw new EdgeRenderError(domain.id, 'the id is not [A-Za-z0-9-]{1,64}');
  if (!namePattern.test(domain.name) || domain.name.length > 253)
    throw new EdgeRenderError(domain.id, `the name ${JSON.stringify(domain.name)} is not a host name`);

  const s = domain.sections;
  const certificate = domain.certificate;
  const files: RenderedFile[] = [];
  if (certificate) {
    files.push({ path: certFile(domain.id), content: certificate.cert_pem, mode: 0o644 });
    files.push({ path: keyFile(domain.id), content: certificate.key_pem, mode: 0o600 });
    files.push({ path: tlsFile(domain.name), content: `${tlsVersions(s.domainHttps).join(' ')}\n` });
  }

  const header = [
    `# Domain ${domain.id} at change ${Math.trunc(domain.seq)}, written by the edge agent (edge/render.ts): do not edit.`,
    '',
  ];
  if (domain.status === 'hung_up') {
    // Suspended (spec §4 "hung up"): refused before anything else, the origin never reached.
    const lines = [...header, 'server {', ...indent([...listens(domain, layout), 'return 403;'], 1), '}', ''];
    return {
      files: [{ path: domainFile(domain.id), content: lines.join('\n') }, ...files],
      nextChange: null,
    };
  }

  const v = domain.id.replace(/-/g, '_');
  const bans = activeBans(domain.bans, now);
  const ctx: Ctx = {
    domain,
    layout,
    v,
    name: domain.name,
    s,
    responseHeaders: [],
    originRewrites: [],
    proxyPass: '',
    hsts: certificate !== null && s.domainHttps.hsts,
    resolves: options.resolves ?? (() => true),
  };
  const upstream = renderUpstream(ctx);
  ctx.proxyPass = upstream.proxyPass;
  ctx.responseHeaders = responseHeaderLines(ctx);
  ctx.originRewrites = originRewriteLines(s.domainRewrites.origin_url);

  const http: string[] = [...upstream.lines];
  const gates = gateLines(ctx, bans.ranges, http);
  const rate = speedMap(ctx, s.domainSpeedLimit.rules, http);
  if (ctx.hsts) {
    const value = `max-age=${boundedInt(s.domainHttps.hsts_max_age, 1, 31_536_000, 31_536_000)}${s.domainHttps.hsts_subdomains ? '; includeSubDomains' : ''}`;
    // On HTTPS responses only: an HSTS header over plain HTTP is meaningless and ignored (RFC 6797 §8.1).
    http.push(`map $https $cdn_${v}_hsts {`, `    on ${nginxString(value)};`, '    default "";', '}', '');
  }

  const server: string[] = [...listens(domain, layout)];
  server.push('');
  server.push(...serverSettings(ctx, rate));
  server.push('', ...ctx.responseHeaders, '');
  server.push(...gates);
  server.push(...accessRewriteLocations(ctx));
  server.push(...cacheLocations(ctx));

  const lines = [...header, ...http, 'server {', ...indent(server, 1), '}', ''];
  return {
    files: [{ path: domainFile(domain.id), content: lines.join('\n') }, ...files],
    nextChange: bans.nextChange,
  };
}

/** The domain's TLS versions; the console keeps one at least (spec §9), else the current two. */
function tlsVersions(https: SectionContent<'domainHttps'>): string[] {
  const versions = https.tls_versions.filter((version) => tlsVersionNames.includes(version));
  return versions.length ? versions : ['TLSv1.2', 'TLSv1.3'];
}

function boundedInt(value: number, min: number, max: number, fallback: number): number {
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

function listens(domain: EdgeDomain, layout: NodeLayout): string[] {
  const lines = [`listen ${layout.listen}:${layout.httpPort};`];
  const https = domain.sections.domainHttps;
  if (domain.certificate) {
    // http2 is a property of the listening socket in nginx 1.22 (a server's own `http2 on` came in
    // 1.25.1): once one domain turns it on, ALPN offers h2 to every HTTPS domain of the node.
    lines.push(`listen ${layout.listen}:${layout.httpsPort} ssl${https.http2 ? ' http2' : ''};`);
  }
  lines.push(`server_name ${nginxString(domain.name)};`);
  if (domain.certificate) {
    lines.push(
      `ssl_certificate ${nginxString(at(layout, certFile(domain.id)))};`,
      `ssl_certificate_key ${nginxString(at(layout, keyFile(domain.id)))};`,
      // Applied at the handshake by lua/cdn/tls.lua from tls/<name>; written here too for the reader.
      `ssl_protocols ${tlsVersions(https).join(' ')};`,
    );
  }
  return lines;
}

// ---- origins ----------------------------------------------------------------------------------

/** An origin as nginx's `server` takes it, or null when its address is not one. */
function originAddress(origin: Origin): string | null {
  const port = wholeNumber(origin.port);
  if (port === null || port < 1 || port > 65_535) return null;
  const address = origin.address.trim();
  if (origin.type === 'ip') {
    const parsed = parseAddress(address);
    if (!parsed) return null;
    const text = formatAddress(parsed.family, parsed.value);
    return parsed.family === 6 ? `[${text}]:${port}` : `${text}:${port}`;
  }
  // A host name, resolved by nginx when it loads the configuration.
  return isHostName(address, 253) ? `${address.toLowerCase()}:${port}` : null;
}

/**
 * The origins as an upstream (spec §3 "Origin"): those of the smallest level are the primaries,
 * balanced by weight; larger levels are `backup`, used when every primary fails. One upstream
 * takes one scheme and one Host: the primaries' (the first primary with a host sets it).
 */
function renderUpstream(ctx: Ctx): { lines: string[]; proxyPass: string } {
  const addressed = ctx.domain.origins
    .map((origin) => ({ origin, address: originAddress(origin) }))
    .filter((o): o is { origin: Origin; address: string } => o.address !== null);
  if (addressed.length === 0)
    throw new EdgeRenderError(ctx.domain.id, 'no origin has a usable address and port');
  const resolving = (o: { origin: Origin }) =>
    o.origin.type !== 'domain' || ctx.resolves(o.origin.address.trim().toLowerCase());
  const usable = addressed.filter(resolving);
  if (usable.length === 0)
    throw new EdgeRenderError(
      ctx.domain.id,
      `no origin host name resolves (${addressed.map((o) => o.origin.address.trim()).join(', ')})`,
    );
  const primary = primaryLevel(usable.map((o) => o.origin));
  const isPrimary = (o: Origin) => wholeNumber(o.level) === primary;
  const lines = [`upstream cdn_${ctx.v}_origin {`];
  for (const { origin, address } of usable) {
    const weight = boundedInt(wholeNumber(origin.weight) ?? 1, 1, limits.domain.weightMax, 1);
    // One failure takes an origin out for 10 s: the next requests go straight to the others.
    lines.push(
      `    server ${address} weight=${weight} max_fails=1 fail_timeout=10s${isPrimary(origin) ? '' : ' backup'};`,
    );
  }
  lines.push('    keepalive 32;', '}', '');
  const first = usable.find((o) => isPrimary(o.origin))?.origin ?? usable[0]?.origin;
  const scheme = first?.protocol === 'https' ? 'https' : first?.protocol === 'follow' ? '$scheme' : 'http';
  return { lines, proxyPass: `${scheme}://cdn_${ctx.v}_origin` };
}

/** The Host sent to the origin: the origin's `host`, else the domain (a wildcard: the client's host). */
function originHost(ctx: Ctx): string {
  const primary = primaryLevel(ctx.domain.origins);
  const withHost = ctx.domain.origins.find((o) => wholeNumber(o.level) === primary && o.host.trim() !== '');
  const host = withHost?.host.trim().toLowerCase() ?? '';
  if (host !== '' && (parseAddress(host)?.family === 4 || isHostName(host, 1024))) return nginxString(host);
  return ctx.name.startsWith('*.') ? '$host' : nginxString(ctx.name);
}

function serverSettings(ctx: Ctx, rate: string | null): string[] {
  const s = ctx.s;
  const lines: string[] = [];
  const timeout = boundedInt(s.domainOrigin.connect_timeout, 3, 60, 30);
  lines.push(
    `proxy_connect_timeout ${timeout}s;`,
    // Failover to the next origin (the backups when the primaries are gone) on a connection error,
    // a timeout or a 5xx (spec §3 primary and backup origins).
    'proxy_next_upstream error timeout http_500 http_502 http_503 http_504;',
    'proxy_cache_lock on;',
    'proxy_cache_use_stale error timeout updating http_500 http_502 http_503 http_504;',
  );
  const host = originHost(ctx);
  if (ctx.proxyPass.startsWith('https') || ctx.proxyPass.startsWith('$scheme'))
    lines.push('proxy_ssl_server_name on;', `proxy_ssl_name ${host};`);

  // Request headers (proxy_set_header): the edge's own, then the domain's rules by name, a later
  // rule replacing an earlier one. An empty value is how nginx leaves a header out.
  const request = new Map<string, { name: string; value: string }>();
  request.set('host', { name: 'Host', value: host });
  request.set('x-forwarded-for', { name: 'X-Forwarded-For', value: '$proxy_add_x_forwarded_for' });
  request.set('connection', { name: 'Connection', value: '""' });
  request.set('x-cdn-prefetch', { name: 'X-CDN-Prefetch', value: '""' });
  for (const rule of s.domainHeaders.request) {
    const lower = rule.name.toLowerCase();
    if (!headerNamePattern.test(rule.name) || reservedRequest.has(lower)) continue;
    const value = rule.action === 'set' ? headerText(rule.value) : '';
    request.set(lower, { name: rule.name, value: value === '' ? '""' : nginxValue(value) });
  }
  for (const { name, value } of request.values()) lines.push(`proxy_set_header ${name} ${value};`);

  // Response headers the domain sets or deletes: the origin's copy is hidden, the rule's added.
  for (const name of new Set(
    s.domainHeaders.response
      .filter((rule) => headerNamePattern.test(rule.name) && !reservedResponse.has(rule.name.toLowerCase()))
      .map((rule) => rule.name.toLowerCase()),
  ))
    lines.push(`proxy_hide_header ${name};`);

  const perf = s.domainPerformance;
  lines.push(`client_max_body_size ${boundedInt(perf.post_limit_mb, 1, 1024, 30)}m;`);
  if (perf.compression.enabled) {
    const types = [
      ...new Set(perf.compression.types.flatMap((type) => mimeTypes[type.toLowerCase()] ?? [])),
    ].filter((type) => type !== 'text/html');
    // nginx always compresses text/html once gzip is on; the other types are the section's.
    lines.push(
      'gzip on;',
      `gzip_min_length ${boundedInt(perf.compression.min_size, 1, 65_535, 1024)};`,
      'gzip_proxied any;',
      'gzip_vary on;',
      ...(types.length ? [`gzip_types ${types.join(' ')};`] : []),
    );
  }
  if (rate) lines.push(`limit_rate ${rate};`);

  const errorPages = errorPageLines(s.domainRewrites.error_pages);
  if (errorPages.length) lines.push('proxy_intercept_errors on;', ...errorPages);
  return lines;
}

// ---- access: bans, IP, referer and UA lists ---------------------------------------------------

/** An IP or CIDR as nginx's geo takes it (host bits cleared), or null. */
export function geoRange(text: string): string | null {
  const trimmed = text.trim();
  const slash = trimmed.indexOf('/');
  const address = parseAddress(slash < 0 ? trimmed : trimmed.slice(0, slash));
  if (!address) return null;
  const bits = address.family === 4 ? 32 : 128;
  let prefix = bits;
  if (slash >= 0) {
    const prefixText = trimmed.slice(slash + 1);
    if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > bits) return null;
    prefix = Number(prefixText);
  }
  const hostMask = (1n << BigInt(bits - prefix)) - 1n;
  return `${formatAddress(address.family, address.value & ~hostMask)}/${prefix}`;
}

/** The bans in effect at `now`, and when the next one ends. */
export function activeBans(
  bans: EdgeDomain['bans'],
  now: Date,
): { ranges: string[]; nextChange: Date | null } {
  const ranges = new Set<string>();
  let next: number | null = null;
  for (const ban of bans) {
    const range = geoRange(ban.range);
    if (!range) continue;
    const ends = ban.expires_at === null ? null : Date.parse(ban.expires_at);
    // An expiry that does not parse keeps the ban: refusing too much beats letting a ban lapse.
    if (ends !== null && !Number.isNaN(ends)) {
      if (ends <= now.getTime()) continue;
      next = next === null ? ends : Math.min(next, ends);
    }
    ranges.add(range);
  }
  return { ranges: [...ranges], nextChange: next === null ? null : new Date(next) };
}

/**
 * A referer entry (spec §5: a domain, `*.` wildcard, optional port, no scheme) as a pattern on
 * the Referer URL's host. `exact`: the host is the entry (`*.a.com`: a subdomain of a.com at any
 * depth). `fuzzy`: the host is the entry or any subdomain of it. Matching the host, never a
 * substring of the whole URL, keeps `a.com.evil.net` and `evil.net/?a.com` out of a white list.
 */
export function refererRegex(entry: string, match: 'fuzzy' | 'exact'): string {
  const lower = entry.toLowerCase();
  const portMatch = /:(\d{1,5})$/.exec(lower);
  const hostPart = portMatch ? lower.slice(0, portMatch.index) : lower;
  const wildcard = hostPart.startsWith('*.');
  const base = regexLiteral(wildcard ? hostPart.slice(2) : hostPart);
  const label = '[^./:@?#]+\\.';
  const host = wildcard ? `(?:${label})+${base}` : match === 'fuzzy' ? `(?:${label})*${base}` : base;
  const port = portMatch ? `:${portMatch[1] ?? ''}` : '(?::[0-9]+)?';
  return `^https?://(?:[^/@?#]*@)?${host}${port}(?:[/?#]|$)`;
}

/**
 * A UA entry as a pattern, case ignored (spec §5 "case ignored"); `*` stands for any run of
 * characters, so `Mozilla*Firefox` and `*bot*` work. `fuzzy`: the User-Agent contains the entry;
 * `exact`: it is the entry, whole.
 */
export const uaRegex = (entry: string, match: 'fuzzy' | 'exact' = 'fuzzy'): string => {
  const pattern = entry.split('*').map(regexLiteral).join('.*');
  return match === 'exact' ? `^${pattern}$` : pattern;
};

/**
 * The refusals of the access section and the account's IP bans, each a variable holding its
 * reason (or empty), folded into `$cdn_<id>_deny`, the first reason in order: ip-ban, ip-list,
 * referer, ua. The server refuses with 403 when it is set, and records the reason in `$cdn_blocked`.
 * The URL-authentication hook runs before nginx's own server-level checks (the Lua module's
 * phase handler comes first), so it steps aside when the request is refused anyway: a banned
 * client is reported as `ip-ban`, whatever its URL.
 */
function gateLines(ctx: Ctx, bans: string[], http: string[]): string[] {
  const v = ctx.v;
  const access = ctx.s.domainAccess;
  const parts: string[] = [];
  if (bans.length) {
    http.push(
      `geo $cdn_${v}_ban {`,
      '    default "";',
      ...bans.map((range) => `    ${range} ip-ban;`),
      '}',
      '',
    );
    parts.push(`$cdn_${v}_ban`);
  }
  if (access.ip.enabled) {
    const black = access.ip.mode === 'black';
    const ranges = [...new Set(access.ip.entries.map(geoRange).filter((r): r is string => r !== null))];
    http.push(
      `geo $cdn_${v}_ip {`,
      `    default ${black ? '""' : 'ip-list'};`,
      // A client without an IPv4 address (the list names IPv4 only): allowed when allow_empty says so.
      `    ::/0 ${access.ip.allow_empty ? '""' : 'ip-list'};`,
      ...ranges.map((range) => `    ${range} ${black ? 'ip-list' : '""'};`),
      '}',
      '',
    );
    parts.push(`$cdn_${v}_ip`);
  }
  if (access.referer.enabled) {
    const { mode, allow_empty, match } = access.referer;
    const black = mode === 'black';
    const entries = access.referer.entries.filter((entry) => checkRefererList([entry]).length === 0);
    http.push(
      `map $http_referer $cdn_${v}_referer {`,
      `    default ${black ? '""' : 'referer'};`,
      // No Referer (typed address, bookmarks, many apps): allowed only when allow_empty says so.
      `    "" ${allow_empty ? '""' : 'referer'};`,
      ...entries.map(
        (entry) => `    ${nginxRegex(`~*${refererRegex(entry, match)}`)} ${black ? 'referer' : '""'};`,
      ),
      '}',
      '',
    );
    parts.push(`$cdn_${v}_referer`);
  }
  if (access.ua.enabled) {
    const black = access.ua.mode === 'black';
    const entries = access.ua.entries.filter((entry) => entry !== '' && checkUaList([entry]).length === 0);
    http.push(
      `map $http_user_agent $cdn_${v}_ua {`,
      `    default ${black ? '""' : 'ua'};`,
      // No User-Agent (scripts, some apps): allowed only when allow_empty says so.
      `    "" ${access.ua.allow_empty ? '""' : 'ua'};`,
      ...entries.map(
        (entry) => `    ${nginxRegex(`~*${uaRegex(entry, access.ua.match)}`)} ${black ? 'ua' : '""'};`,
      ),
      '}',
      '',
    );
    parts.push(`$cdn_${v}_ua`);
  }

  const lines: string[] = [];
  const deny = parts.length ? `cdn_${v}_deny` : null;
  if (deny) {
    http.push(
      `map "${parts.join(',')}" $${deny} {`,
      '    default "";',
      '    "~^,*(?<cdn_reason>[a-z-]+)" $cdn_reason;',
      '}',
      '',
    );
  }

  const https = ctx.s.domainHttps;
  const force = ctx.domain.certificate !== null && https.force_https;
  const auth = ctx.s.domainUrlAuth;
  if (auth.enabled) {
    const keys = [auth.primary_key, auth.backup_key].filter((key) => keyPattern.test(key));
    const type = (['A', 'B', 'C'] as const).includes(auth.type) ? auth.type : 'A';
    const lifetime = boundedInt(auth.lifetime, 0, 31_536_000, 3600);
    // Verified before the location is chosen (server rewrite phase), so that types B and C, which
    // carry the signature in the path, leave the real path to the cache rules and the origin. No
    // valid key: every request is refused (fail closed).
    lines.push(
      'server_rewrite_by_lua_block {',
      `    require("cdn.url_auth").check({ type = ${luaString(type)}, keys = { ${keys.map(luaString).join(', ')} }, lifetime = ${lifetime}, deny = ${deny ? luaString(deny) : 'nil'}, force_https = ${force} })`,
      '}',
    );
  }
  if (deny) lines.push(`if ($${deny}) {`, `    set $cdn_blocked $${deny};`, '    return 403;', '}');
  if (force) {
    const code = https.redirect_code === 302 ? 302 : 301;
    const port = ctx.layout.httpsPort === 443 ? '' : `:${ctx.layout.httpsPort}`;
    lines.push('if ($scheme = http) {', `    return ${code} "https://$host${port}$request_uri";`, '}');
  }
  return lines.length ? [...lines, ''] : lines;
}

// ---- response headers -------------------------------------------------------------------------

/**
 * add_header lines for every response of the domain. nginx drops the server's add_header in a
 * location that has its own, so the same lines go to the server (answers made before a location,
 * like refusals) and to every location.
 */
function responseHeaderLines(ctx: Ctx): string[] {
  const lines = ['add_header X-Cache $upstream_cache_status always;'];
  if (ctx.hsts) lines.push(`add_header Strict-Transport-Security $cdn_${ctx.v}_hsts always;`);
  for (const rule of ctx.s.domainHeaders.response) {
    if (rule.action !== 'set' || !headerNamePattern.test(rule.name)) continue;
    if (reservedResponse.has(rule.name.toLowerCase())) continue;
    const value = headerText(rule.value);
    if (value !== '') lines.push(`add_header ${rule.name} ${nginxValue(value)} always;`);
  }
  return lines;
}

// ---- rewrites --------------------------------------------------------------------------------

/**
 * A rewrite's source as a pattern on the path: the path itself, or, when it ends with `/`, every
 * path under it (the rest carried over to the target). Sources and targets are paths (spec §5
 * "Rewrite paths must start with /"), not regexes.
 */
function rewriteSource(source: string): { pattern: string; rest: boolean } | null {
  if (!isRulePath(source)) return null;
  return source.endsWith('/')
    ? { pattern: `^${regexLiteral(source)}(.*)$`, rest: true }
    : { pattern: `^${regexLiteral(source)}$`, rest: false };
}

/** origin_url rules: the path the origin is asked for (rewrite … break; the cache key keeps the client's path). */
function originRewriteLines(rules: UrlRewrite[]): string[] {
  const lines: string[] = [];
  for (const rule of rules) {
    const source = rewriteSource(rule.source);
    if (!source || !isRulePath(rule.target)) continue;
    const target = source.rest ? `${nginxValue(rule.target).slice(0, -1)}$1"` : nginxValue(rule.target);
    lines.push(`rewrite ${nginxRegex(source.pattern)} ${target} break;`);
  }
  return lines;
}

/**
 * access_url rules: the client is sent to the new address with a 302 (temporary, so that a rule
 * changed or removed in the console takes effect at once instead of living on in browsers'
 * caches of a 301), to the same host (a relative Location keeps scheme and port) or to
 * `target_domain`. The query goes along.
 */
function accessRewriteLocations(ctx: Ctx): string[] {
  const lines: string[] = [];
  for (const rule of ctx.s.domainRewrites.access_url) {
    const source = rewriteSource(rule.source);
    if (!source || !isRulePath(rule.target)) continue;
    const domain = rule.target_domain.trim().toLowerCase();
    if (domain !== '' && !namePattern.test(domain)) continue;
    const prefix = domain === '' ? '' : `$scheme://${domain}`;
    const target = nginxValue(rule.target).slice(1, -1);
    lines.push(
      `location ~ ${nginxRegex(source.pattern)} {`,
      ...indent(ctx.responseHeaders, 1),
      `    return 302 "${prefix}${target}${source.rest ? '$1' : ''}$is_args$args";`,
      '}',
    );
  }
  return lines;
}

/**
 * error_pages: the client is redirected (302, error_page's own) when the origin or the edge answers
 * the status. `{host}` is the host the client asked for; a target without a scheme keeps the
 * client's. proxy_intercept_errors makes the origin's answers go through error_page.
 */
function errorPageLines(pages: SectionContent<'domainRewrites'>['error_pages']): string[] {
  const lines: string[] = [];
  const seen = new Set<number>();
  for (const page of pages) {
    if (!Number.isInteger(page.status) || page.status < 400 || page.status > 599 || seen.has(page.status))
      continue;
    const target = page.target.trim();
    if (target === '' || /\s/.test(target) || hasControl(target)) continue;
    let url = target
      .split('{host}')
      .map((part) => part.replace(/\$/g, '${dollar}'))
      .join('${host}');
    if (/^https?:\/\//i.test(url)) {
      // as given
    } else if (target.startsWith('{host}')) url = `$scheme://${url}`;
    else if (target.startsWith('/')) url = `$scheme://\${host}${url}`;
    else continue;
    seen.add(page.status);
    lines.push(`error_page ${page.status} ${nginxString(url)};`);
  }
  return lines;
}

// ---- speed limit ------------------------------------------------------------------------------

/** A rule's match on the path (cache and speed rules share the types of spec §3). */
function rulePattern(type: CacheRule['type'], content: string): string | null {
  switch (type) {
    case 'all':
      return '^/';
    case 'suffix': {
      const suffixes = content.split(',').map((s) => s.trim());
      if (suffixes.some((s) => !/^[A-Za-z0-9]+$/.test(s))) return null;
      return `\\.(?:${suffixes.join('|')})$`;
    }
    case 'directory': {
      if (!isRulePath(content)) return null;
      return `^${regexLiteral(content.endsWith('/') ? content : `${content}/`)}`;
    }
    case 'path':
      return isRulePath(content) ? `^${regexLiteral(content)}$` : null;
    case 'regex':
      return content === '' ? null : content;
  }
}

/**
 * Speed limit rules as `limit_rate $cdn_<id>_rate` (a variable since nginx 1.17): a map on the
 * client's path (`$cdn_path`, set in each location before an origin rewrite), the first rule in the listed order that matches (map tries regexes in order). KB/s × 1024
 * bytes per second per connection.
 */
function speedMap(ctx: Ctx, rules: SpeedRule[], http: string[]): string | null {
  const entries: string[] = [];
  for (const rule of rules) {
    const pattern = rulePattern(rule.type, rule.content);
    const rate = boundedInt(rule.rate_kbps, 1, 1_048_576, 0);
    if (pattern && rate > 0) entries.push(`    ${nginxRegex(`~${pattern}`)} ${rate * 1024};`);
  }
  if (!entries.length) return null;
  http.push(`map $cdn_path $cdn_${ctx.v}_rate {`, '    default 0;', ...entries, '}', '');
  return `$cdn_${ctx.v}_rate`;
}

// ---- cache ------------------------------------------------------------------------------------

/** Cache rules in the order they apply: smaller priority first, equal ones as listed (spec §5). */
export function orderCacheRules(rules: readonly CacheRule[]): CacheRule[] {
  return rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => a.rule.priority - b.rule.priority || a.index - b.index)
    .map(({ rule }) => rule);
}

interface CachePolicy {
  /** null: no rule, the origin's headers decide. */
  ttl: number | null;
  followOrigin: boolean;
  ignoreNoCache: boolean;
  query: 'keep' | 'ignore';
}

/**
 * One location per cache rule, as regexes in priority order: nginx takes the first regex location
 * that matches, so a higher-priority rule wins where two match. Each location carries the proxy
 * settings, the cache policy, the origin rewrites and the response headers.
 *
 * Without a matching rule (`location /`), the origin decides: a response is cached only for as long
 * as its Cache-Control or Expires says, and not at all without them. Caching what nobody said may
 * be cached would serve one visitor's dynamic page to the next; an origin that wants caching says
 * so, and a rule says it for an origin that does not.
 */
function cacheLocations(ctx: Ctx): string[] {
  const lines: string[] = [];
  for (const rule of orderCacheRules(ctx.s.domainCache.rules)) {
    const pattern = rulePattern(rule.type, rule.content);
    if (!pattern) continue;
    const ttl = boundedInt(rule.ttl, 0, 2 * 365 * 86_400, 0);
    lines.push(`location ${rule.ignore_case ? '~*' : '~'} ${nginxRegex(pattern)} {`);
    lines.push(
      ...indent(
        proxyBody(ctx, {
          ttl,
          followOrigin: rule.follow_origin,
          ignoreNoCache: rule.ignore_no_cache,
          query: rule.query,
        }),
        1,
      ),
      '}',
    );
  }
  lines.push(
    'location / {',
    ...indent(proxyBody(ctx, { ttl: null, followOrigin: true, ignoreNoCache: false, query: 'keep' }), 1),
    '}',
  );
  return lines;
}

/**
 * The cache policy of a rule in nginx's terms:
 * - ttl 0: not cached.
 * - follow_origin: the origin's Cache-Control max-age / Expires when it sends them, else the TTL
 *   (nginx's own precedence of upstream headers over proxy_cache_valid).
 * - not follow_origin: the TTL, whatever expiry the origin states (Cache-Control, Expires ignored).
 * - ignore_no_cache: cached even when the origin says no-cache, no-store or private. Without it
 *   those words forbid caching. nginx reads no-cache and max-age from the same header, so with
 *   follow_origin and ignore_no_cache together the Cache-Control header is ignored and the
 *   origin's Expires, else the TTL, applies.
 * Set-Cookie answers are never cached (nginx's default): one visitor's session is not the next's.
 */
function proxyBody(ctx: Ctx, policy: CachePolicy): string[] {
  const lines = [
    // The client's path, before an origin rewrite changes $uri: the cache key and the speed limit
    // go by what the client asked for.
    'set $cdn_path $uri;',
    policy.query === 'keep' ? 'set $cdn_key "$host$uri$is_args$args";' : 'set $cdn_key "$host$uri";',
    ...ctx.originRewrites,
    `proxy_pass ${ctx.proxyPass};`,
  ];
  if (policy.ttl === 0) lines.push('proxy_cache off;', `proxy_ignore_headers ${originControlHeaders};`);
  else {
    lines.push('proxy_cache cdn;', 'proxy_cache_key $cdn_key;');
    if (policy.ttl === null) lines.push(`proxy_ignore_headers ${originControlHeaders};`);
    else {
      lines.push(`proxy_cache_valid 200 206 301 302 ${policy.ttl}s;`);
      if (policy.followOrigin)
        lines.push(
          `proxy_ignore_headers ${originControlHeaders}${policy.ignoreNoCache ? ' Cache-Control' : ''};`,
        );
      else {
        lines.push(`proxy_ignore_headers ${originControlHeaders} Cache-Control Expires;`);
        if (!policy.ignoreNoCache) lines.push('proxy_no_cache $cdn_origin_no_cache;');
      }
    }
  }
  lines.push(...ctx.responseHeaders);
  return lines;
}

// ---- the Lua the node loads (lua/cdn/*.lua, written by renderMain) ------------------------------

/**
 * URL authentication (spec §5), exactly the signed URLs of the console's helper
 * (src/features/domain/config/url-signing.ts):
 * - A: `/path?auth_key={ts}-{rand}-{uid}-{md5("/path-{ts}-{rand}-{uid}-{key}")}`
 * - B: `/{YYYYMMDDHHMM, UTC+8}/{md5(key .. YYYYMMDDHHMM .. "/path")}/path`
 * - C: `/{md5(key .. "/path" .. hexTs)}/{hexTs}/path`
 * valid until the time in it plus the lifetime, with the primary or the backup key. The signature
 * is taken off the request (the auth_key argument, the path prefix) so that cache keys, cache
 * rules and the origin see the real address. The path is checked as sent and, if that fails,
 * percent-decoded (a client may escape what the signer did not).
 */
export const urlAuthLua = `-- URL authentication for the edge (written by edge/render.ts renderMain: do not edit).
local bit = require("bit")
local M = {}

local function same(a, b)
  if #a ~= #b then return false end
  local diff = 0
  for i = 1, #a do diff = bit.bor(diff, bit.bxor(a:byte(i), b:byte(i))) end
  return diff == 0
end

local function signed(keys, hash, make)
  for _, key in ipairs(keys) do
    if same(ngx.md5(make(key)), hash) then return true end
  end
  return false
end

-- The path as sent, and decoded when that differs.
local function forms(raw)
  local decoded = ngx.unescape_uri(raw)
  if decoded == raw then return { raw } end
  return { raw, decoded }
end

local function refuse()
  ngx.var.cdn_blocked = "url-auth"
  return ngx.exit(ngx.HTTP_FORBIDDEN)
end

-- Days since 1970-01-01 of a civil date (proleptic Gregorian).
local function days_from_civil(y, m, d)
  if m <= 2 then y = y - 1 end
  local era = math.floor(y / 400)
  local yoe = y - era * 400
  local mp = (m + 9) % 12
  local doy = math.floor((153 * mp + 2) / 5) + d - 1
  local doe = yoe * 365 + math.floor(yoe / 4) - math.floor(yoe / 100) + doy
  return era * 146097 + doe - 719468
end

-- YYYYMMDDHHMM in Beijing time (UTC+8) as seconds since the epoch, or nil.
local function beijing_minute(text)
  local y, mo, d, h, mi = text:match("^(%d%d%d%d)(%d%d)(%d%d)(%d%d)(%d%d)$")
  if not y then return nil end
  y, mo, d, h, mi = tonumber(y), tonumber(mo), tonumber(d), tonumber(h), tonumber(mi)
  if mo < 1 or mo > 12 or d < 1 or d > 31 or h > 23 or mi > 59 then return nil end
  return days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 - 8 * 3600
end

-- A signed path never needs "." or ".." segments; refusing them keeps the origin's path plain.
local function plain(path)
  return not (path:find("/%.%.?/") or path:find("/%.%.?$"))
end

local function check_a(opts, raw, now)
  local token
  local kept = {}
  for part in (ngx.var.args or ""):gmatch("[^&]+") do
    local name, value = part:match("^([^=]*)=(.*)$")
    if (name or part) == "auth_key" then
      if token == nil then token = ngx.unescape_uri(value or "") end
    else
      kept[#kept + 1] = part
    end
  end
  if not token then return false end
  local ts, middle, hash = token:match("^(%d+)%-(.+)%-(%x+)$")
  if not ts or #ts > 12 or #hash ~= 32 then return false end
  if tonumber(ts) + opts.lifetime < now then return false end
  hash = hash:lower()
  for _, path in ipairs(forms(raw)) do
    if signed(opts.keys, hash, function(key) return path .. "-" .. ts .. "-" .. middle .. "-" .. key end) then
      ngx.req.set_uri_args(table.concat(kept, "&"))
      return true
    end
  end
  return false
end

local function strip(rest)
  local path = ngx.unescape_uri(rest)
  if not plain(path) then return false end
  ngx.req.set_uri(path)
  return true
end

local function check_b(opts, raw, now)
  local minute, hash, rest = raw:match("^/(%d+)/(%x+)(/.*)$")
  if not minute or #hash ~= 32 then return false end
  local time = beijing_minute(minute)
  if not time or time + opts.lifetime < now then return false end
  hash = hash:lower()
  for _, path in ipairs(forms(rest)) do
    if signed(opts.keys, hash, function(key) return key .. minute .. path end) then return strip(rest) end
  end
  return false
end

local function check_c(opts, raw, now)
  local hash, hex, rest = raw:match("^/(%x+)/(%x+)(/.*)$")
  if not hash or #hash ~= 32 or #hex > 12 then return false end
  if tonumber(hex, 16) + opts.lifetime < now then return false end
  hash = hash:lower()
  for _, path in ipairs(forms(rest)) do
    if signed(opts.keys, hash, function(key) return key .. path .. hex end) then return strip(rest) end
  end
  return false
end

local checks = { A = check_a, B = check_b, C = check_c }

-- opts: type ("A", "B", "C"), keys (primary, backup), lifetime (s), deny (the name of the
-- domain's refusal variable, or nil), force_https.
function M.check(opts)
  -- Requests nginx refuses or redirects right after this hook are left to it (their reason is
  -- logged as such, and a signed URL survives the redirect to HTTPS).
  if opts.deny and ngx.var[opts.deny] ~= "" then return end
  if opts.force_https and ngx.var.scheme == "http" then return end
  local raw = ngx.var.request_uri:match("^[^?]*")
  local check = checks[opts.type]
  if not check or #opts.keys == 0 or not check(opts, raw, ngx.time()) then return refuse() end
end

return M
`;

/**
 * The TLS versions of each domain (domainHttps.tls_versions): nginx 1.22 settles the version with
 * the default server's settings before it picks the server by name, so the default server's
 * client-hello hook narrows the versions to those of the name asked for, read from tls/<name>
 * (exact name first, then the wildcard names above it, as nginx's server_name matching does).
 */
export const tlsHandlerLua = `-- Per-domain TLS versions at the client hello (written by edge/render.ts renderMain: do not edit).
local clienthello = require("ngx.ssl.clienthello")
local lrucache = require("resty.lrucache")
local M = {}
local known = { ["TLSv1"] = true, ["TLSv1.1"] = true, ["TLSv1.2"] = true, ["TLSv1.3"] = true }
local cache = lrucache.new(4096)

local function versions(dir, name)
  local hit = cache:get(name)
  if hit ~= nil then return hit end
  local list = false
  local file = io.open(dir .. name, "r")
  if file then
    local text = file:read("*a")
    file:close()
    if text then
      local found = {}
      for word in text:gmatch("%S+") do
        if known[word] then found[#found + 1] = word end
      end
      if #found > 0 then list = found end
    end
  end
  cache:set(name, list)
  return list
end

function M.client_hello(dir)
  local name = clienthello.get_client_hello_server_name()
  if not name then return end
  name = name:lower()
  if not name:match("^[a-z0-9_-][a-z0-9._-]*$") or name:find("..", 1, true) then return end
  local list = versions(dir, name)
  local rest = name
  while not list do
    local dot = rest:find(".", 1, true)
    if not dot then break end
    rest = rest:sub(dot + 1)
    list = versions(dir, "*." .. rest)
  end
  if list then
    local ok, err = clienthello.set_protocols(list)
    if not ok then ngx.log(ngx.ERR, "tls versions for ", name, ": ", err) end
  end
end

return M
`;

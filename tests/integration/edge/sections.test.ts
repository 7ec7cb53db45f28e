import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { connect as http2Connect } from 'node:http2';
import { join } from 'node:path';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheFilePath, cacheKey, domainFile } from '../../../edge/render';
import type { SectionContent } from '../../../src/contract/domain-config';
import type { EdgeDomain } from '../../../src/contract/edge';
import { signedUrl, type SigningInput } from '../../../src/features/domain/config/url-signing';
import { TestPki } from '../../support/certs';
import { EdgeOrigin } from '../../support/edge-origin';
import {
  NginxNode,
  closedPort,
  edgeDomain,
  loopbackOrigin,
  type EdgeRequest,
  type EdgeResponse,
} from '../../support/nginx-node';
// @ts-expect-error -- a plain ES module of the project's scripts
import { ensureNginx } from '../../../scripts/nginx.mjs';

/**
 * Every section of a domain's configuration, proved through a real nginx (Debian's, with the Lua
 * module) rendered by edge/render.ts, in front of a real origin on loopback: what a client of the
 * edge sees, what the origin receives, and what the access log says.
 */

/** Why the suite cannot run: nginx is missing and could not be installed. */
const unavailable = (() => {
  try {
    (ensureNginx as () => string)();
    return null;
  } catch (error) {
    return (error as Error).message;
  }
})();
if (unavailable) console.warn(`edge sections suite skipped: ${unavailable}`);

type CacheRule = SectionContent<'domainCache'>['rules'][number];
const rule = (
  type: CacheRule['type'],
  content: string,
  ttl: number,
  priority: number,
  more: Partial<CacheRule> = {},
): CacheRule => ({
  type,
  content,
  ttl,
  priority,
  ignore_no_cache: false,
  follow_origin: false,
  ignore_case: false,
  query: 'keep',
  ...more,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const header = (response: EdgeResponse, name: string) => {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
};

const keys = { primary: 'PrimaryKey2024', backup: 'BackupKey9999' };

describe.skipIf(unavailable !== null)('the edge renders every section into nginx', () => {
  let node: NginxNode;
  let origin: EdgeOrigin;
  let backup: EdgeOrigin;
  let pki: TestPki;
  let certPem = '';
  let serial = '';
  const domains = new Map<string, EdgeDomain>();
  const banUntil = new Date(Date.now() + 3_600_000);
  const renderedAt = new Date();

  const add = (domain: EdgeDomain) => {
    domains.set(domain.name, domain);
    return domain;
  };
  const get = (host: string, path = '/', more: Omit<EdgeRequest, 'host' | 'path'> = {}) =>
    node.request({ host, path, ...more });
  /** The access log's lines of a domain, once nginx has written the last request's. */
  const logOf = async (domain: string) => {
    await sleep(100);
    return node.accessLog().filter((line) => line.domain === domain);
  };

  beforeAll(async () => {
    (ensureNginx as () => string)();
    origin = await EdgeOrigin.start('primary');
    backup = await EdgeOrigin.start('backup');
    const dead = await closedPort();
    const o = (more: Parameters<typeof loopbackOrigin>[1] = {}) => [loopbackOrigin(origin.port, more)];

    pki = new TestPki();
    pki.root('edge-ca');
    const keyPem = pki.key('edge-leaf', { rsa: 2048 });
    certPem = pki.issue('edge-leaf', 'edge-ca', {
      dns: ['https.edge.test', 'hsts.edge.test', 'tls13.edge.test', 'tls12.edge.test', 'suspended.edge.test'],
    });
    serial = new X509Certificate(certPem).serialNumber;
    const certificate = { id: 'cert-1', serial, cert_pem: certPem, key_pem: keyPem };

    origin
      .route('/cc60', { headers: { 'Cache-Control': 'max-age=60' } })
      .route(/\.json/, { headers: { 'Cache-Control': 'max-age=1' } })
      .route(/\.xml/, { headers: { 'Cache-Control': 'max-age=1' } })
      .route('/nc/', { headers: { 'Cache-Control': 'no-cache' } })
      .route('/inc/', { headers: { 'Cache-Control': 'private, no-cache' } })
      .route('/boom', { status: 502 })
      .route('/missing', { status: 404 })
      .route('/powered', { headers: { 'X-Powered-By': 'PHP/5' } })
      .route('/big.txt', { size: 4000 })
      .route('/small.txt', { size: 500 })
      .route('/big.json', { size: 4000, headers: { 'Content-Type': 'application/json' } })
      .route('/file.bin', { size: 600 * 1024, headers: { 'Content-Type': 'application/octet-stream' } })
      .route('/file.dat', { size: 600 * 1024, headers: { 'Content-Type': 'application/octet-stream' } });

    add(
      edgeDomain(
        { name: 'cache.edge.test', origins: o() },
        {
          domainCache: {
            rules: [
              rule('suffix', 'txt', 1, 10),
              // Two rules match /p/x.txt: the directory's (priority 1) wins; /r/x.txt: the suffix's.
              rule('directory', '/p', 100, 1),
              rule('directory', '/r/', 100, 20),
              rule('suffix', 'css', 60, 10, { query: 'ignore' }),
              rule('suffix', 'js', 60, 10, { query: 'keep' }),
              rule('path', '/nocache.html', 0, 0),
              rule('suffix', 'json', 100, 10, { follow_origin: true }),
              rule('suffix', 'xml', 100, 10, { follow_origin: false }),
              rule('directory', '/nc/', 60, 0),
              rule('directory', '/inc/', 60, 0, { ignore_no_cache: true }),
              rule('suffix', 'PNG', 60, 10, { ignore_case: true }),
              rule('suffix', 'GIF', 60, 10),
              rule('regex', '^/rx/\\d+$', 60, 10),
            ],
          },
        },
      ),
    );
    add(
      edgeDomain({
        name: 'failover.edge.test',
        origins: [loopbackOrigin(dead), loopbackOrigin(backup.port, { level: 20 })],
      }),
    );
    add(
      edgeDomain({
        name: 'failover5xx.edge.test',
        origins: [
          loopbackOrigin(origin.port, { host: 'origin.internal.test' }),
          loopbackOrigin(backup.port, { level: 20 }),
        ],
      }),
    );
    add(
      edgeDomain({
        name: 'bans.edge.test',
        origins: o(),
        bans: [
          { range: '127.0.0.2/32', expires_at: banUntil.toISOString() },
          { range: '127.0.0.3', expires_at: new Date(renderedAt.getTime() - 1000).toISOString() },
        ],
      }),
    );
    const access = (ip: object = {}, ua: object = {}, referer: object = {}) => ({
      ip: { enabled: false, mode: 'black' as const, entries: [], allow_empty: false, ...ip },
      ua: {
        enabled: false,
        mode: 'black' as const,
        entries: [],
        allow_empty: false,
        match: 'fuzzy' as const,
        ...ua,
      },
      referer: {
        enabled: false,
        mode: 'black' as const,
        entries: [],
        allow_empty: false,
        match: 'fuzzy' as const,
        ...referer,
      },
    });
    add(
      edgeDomain(
        { name: 'ipblack.edge.test', origins: o() },
        { domainAccess: access({ enabled: true, mode: 'black', entries: ['127.0.0.2', '10.0.0.0/8'] }) },
      ),
    );
    add(
      edgeDomain(
        { name: 'ipwhite.edge.test', origins: o() },
        { domainAccess: access({ enabled: true, mode: 'white', entries: ['127.0.0.0/31'] }) },
      ),
    );
    add(
      edgeDomain(
        { name: 'refwhite.edge.test', origins: o() },
        {
          domainAccess: access(
            {},
            {},
            { enabled: true, mode: 'white', entries: ['example.org'], allow_empty: true, match: 'fuzzy' },
          ),
        },
      ),
    );
    add(
      edgeDomain(
        { name: 'refexact.edge.test', origins: o() },
        {
          domainAccess: access(
            {},
            {},
            {
              enabled: true,
              mode: 'white',
              entries: ['example.org', '*.cdn.example.net', 'port.example.com:8080'],
              allow_empty: false,
              match: 'exact',
            },
          ),
        },
      ),
    );
    add(
      edgeDomain(
        { name: 'refblack.edge.test', origins: o() },
        {
          domainAccess: access(
            {},
            {},
            { enabled: true, mode: 'black', entries: ['bad.example'], allow_empty: false, match: 'fuzzy' },
          ),
        },
      ),
    );
    add(
      edgeDomain(
        { name: 'uablack.edge.test', origins: o() },
        { domainAccess: access({}, { enabled: true, mode: 'black', entries: ['curl', 'Bad*Bot'] }) },
      ),
    );
    add(
      edgeDomain(
        { name: 'uawhite.edge.test', origins: o() },
        { domainAccess: access({}, { enabled: true, mode: 'white', entries: ['Mozilla*Firefox'] }) },
      ),
    );
    add(
      edgeDomain(
        { name: 'uaexact.edge.test', origins: o() },
        {
          domainAccess: access(
            {},
            {
              enabled: true,
              mode: 'white',
              entries: ['Mozilla/5.0 Firefox/120', 'Go-http-client/*'],
              allow_empty: true,
              match: 'exact',
            },
          ),
        },
      ),
    );
    for (const type of ['A', 'B', 'C'] as const)
      add(
        edgeDomain(
          { name: `auth${type.toLowerCase()}.edge.test`, origins: o() },
          {
            domainUrlAuth: {
              enabled: true,
              type,
              primary_key: keys.primary,
              backup_key: keys.backup,
              lifetime: 3600,
            },
            domainCache: { rules: [rule('directory', '/files/', 60, 1)] },
          },
        ),
      );
    add(
      edgeDomain(
        { name: 'headers.edge.test', origins: o() },
        {
          domainHeaders: {
            request: [
              { action: 'set', name: 'X-From-Edge', value: 'yes' },
              { action: 'delete', name: 'User-Agent', value: '' },
              { action: 'set', name: 'X-Hostile', value: '$host"; return 200; #' },
            ],
            response: [
              { action: 'set', name: 'X-Served-By', value: 'edge' },
              { action: 'delete', name: 'X-Powered-By', value: '' },
              {
                action: 'set',
                name: 'X-Hostile-Resp',
                value: '${dollar} $remote_addr \\"; add_header X-Evil 1; }',
              },
            ],
          },
        },
      ),
    );
    add(
      edgeDomain(
        { name: 'rewrite.edge.test', origins: o() },
        {
          domainRewrites: {
            access_url: [
              { source: '/old-shop', target: '/shop', target_domain: '' },
              { source: '/legacy/', target: '/v2/', target_domain: 'www.other.test' },
            ],
            origin_url: [{ source: '/api/', target: '/backend/', target_domain: '' }],
            error_pages: [{ status: 404, target: 'http://{host}/404.html' }],
          },
        },
      ),
    );
    add(
      edgeDomain(
        { name: 'gzip.edge.test', origins: o() },
        {
          domainPerformance: {
            compression: { enabled: true, min_size: 1000, types: ['txt'] },
            post_limit_mb: 1,
          },
        },
      ),
    );
    add(
      edgeDomain(
        { name: 'speed.edge.test', origins: o() },
        { domainSpeedLimit: { rules: [{ type: 'suffix', content: 'bin', rate_kbps: 200 }] } },
      ),
    );
    const https = (more: Partial<SectionContent<'domainHttps'>>) => ({
      certificate_id: null,
      force_https: false,
      redirect_code: null,
      hsts: false,
      hsts_max_age: 600,
      hsts_subdomains: false,
      http2: false,
      tls_versions: ['TLSv1.2', 'TLSv1.3'] as SectionContent<'domainHttps'>['tls_versions'],
      ...more,
    });
    add(
      edgeDomain(
        { name: 'https.edge.test', origins: o(), certificate },
        {
          domainHttps: https({
            force_https: true,
            redirect_code: 301,
            hsts: true,
            hsts_subdomains: true,
            http2: true,
          }),
        },
      ),
    );
    add(
      edgeDomain(
        { name: 'hsts.edge.test', origins: o(), certificate },
        { domainHttps: https({ hsts: true }) },
      ),
    );
    add(
      edgeDomain(
        { name: 'tls13.edge.test', origins: o(), certificate },
        { domainHttps: https({ tls_versions: ['TLSv1.3'] }) },
      ),
    );
    add(
      edgeDomain(
        { name: 'tls12.edge.test', origins: o(), certificate },
        { domainHttps: https({ tls_versions: ['TLSv1.2'] }) },
      ),
    );
    add(edgeDomain({ name: 'suspended.edge.test', origins: o(), certificate, status: 'hung_up' }));

    node = await NginxNode.create();
    const { nextChange } = node.render([...domains.values()], renderedAt);
    expect(nextChange?.toISOString()).toBe(banUntil.toISOString());
    await node.start();
  });

  afterAll(async () => {
    await node?.stop();
    await origin?.close();
    await backup?.close();
    pki?.dispose();
  });

  it('answers unknown hosts 404 and logs nothing for them', async () => {
    expect((await get('unknown.edge.test', '/')).status).toBe(404);
    expect((await logOf('')).length).toBe(0);
    expect(node.accessLog().some((line) => line.url === '/' && line.status === 404)).toBe(false);
  });

  describe('cache', () => {
    const host = 'cache.edge.test';

    it('serves a MISS, then a HIT without the origin, then EXPIRED after the rule’s TTL; rule priority picks the TTL', async () => {
      const first = await get(host, '/a.txt');
      expect(header(first, 'x-cache')).toBe('MISS');
      expect(first.body.toString()).toBe('primary GET /a.txt\n');
      const second = await get(host, '/a.txt');
      expect(header(second, 'x-cache')).toBe('HIT');
      expect(origin.count('/a.txt')).toBe(1);

      // /p/x.txt: directory /p (priority 1, 100 s) over suffix txt (priority 10, 1 s).
      // /r/x.txt: suffix txt (priority 10, 1 s) over directory /r/ (priority 20, 100 s).
      for (const path of ['/p/x.txt', '/r/x.txt']) {
        expect(header(await get(host, path), 'x-cache')).toBe('MISS');
        expect(header(await get(host, path), 'x-cache')).toBe('HIT');
      }
      // follow_origin: the origin's max-age=1 beats the rule's 100 s; without it the rule's TTL holds.
      for (const path of ['/o.json', '/o.xml']) {
        expect(header(await get(host, path), 'x-cache')).toBe('MISS');
        expect(header(await get(host, path), 'x-cache')).toBe('HIT');
      }

      await sleep(2100);
      const expired = await get(host, '/a.txt');
      expect(header(expired, 'x-cache')).toBe('EXPIRED');
      expect(origin.count('/a.txt')).toBe(2);
      expect(header(await get(host, '/p/x.txt'), 'x-cache')).toBe('HIT');
      expect(header(await get(host, '/r/x.txt'), 'x-cache')).toBe('EXPIRED');
      expect(header(await get(host, '/o.json'), 'x-cache')).toBe('EXPIRED');
      expect(header(await get(host, '/o.xml'), 'x-cache')).toBe('HIT');
    });

    it('keeps or ignores the query in the cache key, and does not cache with a TTL of 0', async () => {
      expect(header(await get(host, '/s.css?v=1'), 'x-cache')).toBe('MISS');
      expect(header(await get(host, '/s.css?v=2'), 'x-cache')).toBe('HIT');
      expect(header(await get(host, '/k.js?v=1'), 'x-cache')).toBe('MISS');
      expect(header(await get(host, '/k.js?v=2'), 'x-cache')).toBe('MISS');
      expect(header(await get(host, '/k.js?v=1'), 'x-cache')).toBe('HIT');

      await get(host, '/nocache.html');
      const again = await get(host, '/nocache.html');
      expect(header(again, 'x-cache')).toBeUndefined();
      expect(origin.count('/nocache.html')).toBe(2);
    });

    it('honours the origin’s no-cache unless the rule ignores it; ignore_case; regex rules; no rule: the origin decides', async () => {
      await get(host, '/nc/a');
      expect(header(await get(host, '/nc/a'), 'x-cache')).toBe('MISS');
      await get(host, '/inc/a');
      expect(header(await get(host, '/inc/a'), 'x-cache')).toBe('HIT');

      await get(host, '/pic.png');
      expect(header(await get(host, '/pic.png'), 'x-cache')).toBe('HIT');
      // "GIF" without ignore_case does not match /pic.gif: no rule, and the origin says nothing.
      await get(host, '/pic.gif');
      expect(header(await get(host, '/pic.gif'), 'x-cache')).toBe('MISS');

      await get(host, '/rx/42');
      expect(header(await get(host, '/rx/42'), 'x-cache')).toBe('HIT');

      await get(host, '/dynamic');
      expect(header(await get(host, '/dynamic'), 'x-cache')).toBe('MISS');
      await get(host, '/cc60');
      expect(header(await get(host, '/cc60'), 'x-cache')).toBe('HIT');
    });

    it('stores an entry where cacheFilePath(cacheKey(…)) says, so that removing the file purges it', async () => {
      await get(host, '/purge/me.css?x=1');
      expect(header(await get(host, '/purge/me.css?x=1'), 'x-cache')).toBe('HIT');
      const file = cacheFilePath(cacheKey('Cache.Edge.Test:8080', '/purge/me.css?x=1', 'ignore'));
      expect(existsSync(join(node.root, file))).toBe(true);
      expect(node.remove(file)).toBe(true);
      expect(header(await get(host, '/purge/me.css?x=1'), 'x-cache')).toBe('MISS');

      await get(host, '/purge/k.js?b=2');
      const keep = cacheFilePath(cacheKey(host, '/purge/k.js?b=2', 'keep'));
      expect(existsSync(join(node.root, keep))).toBe(true);
    });
  });

  describe('origins', () => {
    it('fails over to the backup origin when the primary refuses connections', async () => {
      const response = await get('failover.edge.test', '/page');
      expect(response.status).toBe(200);
      expect(header(response, 'x-origin')).toBe('backup');
      expect(backup.received('/page')[0]?.headers.host).toBe('failover.edge.test');
    });

    it('fails over on a 5xx of the primary, and sends the origin’s host as Host', async () => {
      const response = await get('failover5xx.edge.test', '/boom');
      expect(response.status).toBe(200);
      expect(response.body.toString()).toBe('backup GET /boom\n');
      expect(origin.received('/boom')[0]?.headers.host).toBe('origin.internal.test');
    });
  });

  describe('access', () => {
    it('refuses a banned client (127.0.0.2) with 403, leaves an expired ban out, and serves others', async () => {
      const host = 'bans.edge.test';
      const before = origin.count('/ban');
      const banned = await get(host, '/ban', { localAddress: '127.0.0.2' });
      expect(banned.status).toBe(403);
      expect((await get(host, '/ban', { localAddress: '127.0.0.3' })).status).toBe(200);
      expect((await get(host, '/ban')).status).toBe(200);
      expect(origin.count('/ban')).toBe(before + 2);
      const refused = (await logOf(host)).filter((line) => line.client === '127.0.0.2');
      expect(refused.map((line) => [line.status, line.blocked_by])).toEqual([[403, 'ip-ban']]);
    });

    it('applies the IP black and white lists', async () => {
      expect((await get('ipblack.edge.test', '/', { localAddress: '127.0.0.2' })).status).toBe(403);
      expect((await get('ipblack.edge.test', '/')).status).toBe(200);
      expect((await get('ipwhite.edge.test', '/', { localAddress: '127.0.0.2' })).status).toBe(403);
      expect((await get('ipwhite.edge.test', '/', { localAddress: '127.0.0.1' })).status).toBe(200);
      const lines = await logOf('ipwhite.edge.test');
      expect(lines.find((line) => line.status === 403)?.blocked_by).toBe('ip-list');
    });

    it('applies the referer lists: fuzzy takes subdomains, exact only the name, allow_empty decides for no referer', async () => {
      const status = async (host: string, referer?: string) =>
        (await get(host, '/r', referer === undefined ? {} : { headers: { referer } })).status;
      expect(await status('refwhite.edge.test', 'http://example.org/page')).toBe(200);
      expect(await status('refwhite.edge.test', 'https://www.example.org:8443/page')).toBe(200);
      expect(await status('refwhite.edge.test', 'http://example.org.evil.test/')).toBe(403);
      expect(await status('refwhite.edge.test', 'http://evil.test/?example.org')).toBe(403);
      expect(await status('refwhite.edge.test')).toBe(200);

      expect(await status('refexact.edge.test', 'http://example.org/')).toBe(200);
      expect(await status('refexact.edge.test', 'http://www.example.org/')).toBe(403);
      expect(await status('refexact.edge.test', 'http://a.b.cdn.example.net/x')).toBe(200);
      expect(await status('refexact.edge.test', 'http://cdn.example.net/x')).toBe(403);
      expect(await status('refexact.edge.test', 'http://port.example.com:8080/')).toBe(200);
      expect(await status('refexact.edge.test', 'http://port.example.com/')).toBe(403);
      expect(await status('refexact.edge.test')).toBe(403);

      expect(await status('refblack.edge.test', 'http://bad.example/x')).toBe(403);
      expect(await status('refblack.edge.test', 'http://img.bad.example/x')).toBe(403);
      expect(await status('refblack.edge.test', 'http://good.example/x')).toBe(200);
      expect(await status('refblack.edge.test')).toBe(403);
      const lines = await logOf('refblack.edge.test');
      expect(lines.filter((line) => line.status === 403).every((line) => line.blocked_by === 'referer')).toBe(
        true,
      );
    });

    it('applies the UA lists: contained, case ignored, * for any text', async () => {
      const status = async (host: string, ua: string) =>
        (await get(host, '/u', { headers: { 'user-agent': ua } })).status;
      expect(await status('uablack.edge.test', 'curl/8.5.0')).toBe(403);
      expect(await status('uablack.edge.test', 'Mozilla/5.0 (compatible; BADSpamBot/2.1)')).toBe(403);
      expect(await status('uablack.edge.test', 'Mozilla/5.0 Firefox/120')).toBe(200);
      expect(await status('uawhite.edge.test', 'Mozilla/5.0 (X11; Linux) Gecko Firefox/120.0')).toBe(200);
      expect(await status('uawhite.edge.test', 'Mozilla/5.0 Chrome/120')).toBe(403);
      // No User-Agent: refused unless the list allows it (spec §3 allow-empty).
      expect((await get('uablack.edge.test', '/u')).status).toBe(403);
      expect((await get('uawhite.edge.test', '/u')).status).toBe(403);
      expect((await get('uaexact.edge.test', '/u')).status).toBe(200);
      const lines = await logOf('uablack.edge.test');
      expect(lines.filter((line) => line.status === 403).map((line) => line.blocked_by)).toEqual([
        'ua',
        'ua',
        'ua',
      ]);
    });

    it('matches a UA entry exactly when the list says so: the whole User-Agent, case ignored', async () => {
      const status = async (ua: string) =>
        (await get('uaexact.edge.test', '/u', { headers: { 'user-agent': ua } })).status;
      expect(await status('Mozilla/5.0 Firefox/120')).toBe(200);
      expect(await status('mozilla/5.0 firefox/120')).toBe(200);
      expect(await status('Mozilla/5.0 Firefox/120.1')).toBe(403);
      expect(await status('X Mozilla/5.0 Firefox/120')).toBe(403);
      expect(await status('Go-http-client/1.1')).toBe(200);
      expect(await status('NotGo-http-client/1.1')).toBe(403);
    });
  });

  describe('URL authentication', () => {
    const now = () => Math.floor(Date.now() / 1000);
    const sign = (type: SigningInput['type'], path: string, more: Partial<SigningInput> = {}) => {
      const host = `auth${type.toLowerCase()}.edge.test`;
      const url = signedUrl({ type, key: keys.primary, origin: `http://${host}`, path, now: now(), ...more });
      return { host, path: url.slice(`http://${host}`.length) };
    };
    /** The same URL with one hex digit of its signature changed. */
    const forge = (path: string) =>
      path.replace(/[0-9a-f]{32}/, (hash) => `${hash[0] === 'a' ? 'b' : 'a'}${hash.slice(1)}`);

    for (const type of ['A', 'B', 'C'] as const) {
      it(`type ${type}: a signed URL passes with the real path to the origin; expired, forged or unsigned ones get 403`, async () => {
        const good = sign(type, `/files/${type}.txt`, { rand: 'r4nd', uid: '7' });
        const response = await get(good.host, good.path);
        expect(response.status).toBe(200);
        expect(response.body.toString()).toBe(`primary GET /files/${type}.txt\n`);

        // Signed again later (another signature), the same file comes from the cache: the key is the real path.
        const again = sign(type, `/files/${type}.txt`, { now: now() - 120 });
        expect(header(await get(again.host, again.path), 'x-cache')).toBe('HIT');

        const backupSigned = sign(type, `/files/${type}-b.txt`, { key: keys.backup });
        expect((await get(backupSigned.host, backupSigned.path)).status).toBe(200);

        const expired = sign(type, `/files/${type}.txt`, { now: now() - 3600 - 180 });
        expect((await get(expired.host, expired.path)).status).toBe(403);
        expect((await get(good.host, forge(good.path))).status).toBe(403);
        expect((await get(good.host, `/files/${type}.txt`)).status).toBe(403);
        const wrongKey = sign(type, `/files/${type}.txt`, { key: 'SomeOtherKey1' });
        expect((await get(wrongKey.host, wrongKey.path)).status).toBe(403);

        const lines = await logOf(good.host);
        expect(lines.filter((line) => line.status === 403).map((line) => line.blocked_by)).toEqual([
          'url-auth',
          'url-auth',
          'url-auth',
          'url-auth',
        ]);
      });
    }

    it('type A: the auth_key argument is taken off, other arguments reach the origin', async () => {
      const signed = sign('A', '/files/args.txt');
      await get(signed.host, `${signed.path}&size=large`);
      expect(origin.received('/files/args.txt').map((r) => r.url)).toEqual(['/files/args.txt?size=large']);
    });
  });

  describe('headers and rewrites', () => {
    it('sets and deletes request headers to the origin and response headers to the client, hostile values inert', async () => {
      const response = await get('headers.edge.test', '/powered', { headers: { 'user-agent': 'tester/1' } });
      expect(response.status).toBe(200);
      const seen = origin.received('/powered').at(-1)?.headers;
      expect(seen?.['x-from-edge']).toBe('yes');
      expect(seen?.['user-agent']).toBeUndefined();
      expect(seen?.['x-hostile']).toBe('$host"; return 200; #');
      expect(header(response, 'x-served-by')).toBe('edge');
      expect(header(response, 'x-powered-by')).toBeUndefined();
      expect(header(response, 'x-hostile-resp')).toBe('${dollar} $remote_addr \\"; add_header X-Evil 1; }');
      expect(header(response, 'x-evil')).toBeUndefined();
      // On the edge's own answers too (add_header inheritance does not drop them).
      expect(header(await get('headers.edge.test', '/missing'), 'x-served-by')).toBe('edge');
    });

    it('redirects an access URL, rewrites the origin path, and redirects to the error page', async () => {
      const moved = await get('rewrite.edge.test', '/old-shop?page=2');
      expect(moved.status).toBe(302);
      expect(header(moved, 'location')).toBe('/shop?page=2');
      const away = await get('rewrite.edge.test', '/legacy/a/b.html?x=1');
      expect(away.status).toBe(302);
      expect(header(away, 'location')).toBe('http://www.other.test/v2/a/b.html?x=1');

      const api = await get('rewrite.edge.test', '/api/users?id=3');
      expect(api.body.toString()).toBe('primary GET /backend/users?id=3\n');

      const missing = await get('rewrite.edge.test', '/missing/page');
      expect(missing.status).toBe(302);
      expect(header(missing, 'location')).toBe('http://rewrite.edge.test/404.html');
    });
  });

  describe('performance', () => {
    it('compresses the listed types over the minimum size for clients that accept gzip', async () => {
      const big = await get('gzip.edge.test', '/big.txt', { headers: { 'accept-encoding': 'gzip' } });
      expect(header(big, 'content-encoding')).toBe('gzip');
      expect(gunzipSync(big.body).length).toBe(4000);
      const small = await get('gzip.edge.test', '/small.txt', { headers: { 'accept-encoding': 'gzip' } });
      expect(header(small, 'content-encoding')).toBeUndefined();
      expect(small.body.length).toBe(500);
      const json = await get('gzip.edge.test', '/big.json', { headers: { 'accept-encoding': 'gzip' } });
      expect(header(json, 'content-encoding')).toBeUndefined();
      const plain = await get('gzip.edge.test', '/big.txt');
      expect(header(plain, 'content-encoding')).toBeUndefined();
    });

    it('refuses a POST body over the limit with 413 and passes one under it', async () => {
      const before = origin.count('/upload');
      const over = await get('gzip.edge.test', '/upload', {
        method: 'POST',
        body: Buffer.alloc(1.5 * 1024 * 1024),
        expectContinue: true,
      });
      expect(over.status).toBe(413);
      const under = await get('gzip.edge.test', '/upload', {
        method: 'POST',
        body: Buffer.alloc(512 * 1024),
        expectContinue: true,
      });
      expect(under.status).toBe(200);
      expect(origin.received('/upload').map((r) => r.bodyBytes)).toEqual([512 * 1024]);
      expect(origin.count('/upload')).toBe(before + 1);
    });

    it('holds a limited download within 10 % of the rate, and leaves other files alone', async () => {
      const rate = 200 * 1024;
      const limited = await get('speed.edge.test', '/file.bin');
      expect(limited.body.length).toBe(600 * 1024);
      // nginx lets a second's worth go at each second of the transfer: the bytes come in steps a
      // second apart. The rate is the bytes of the whole steps over the time between their starts.
      const steps: { ms: number; before: number; bytes: number }[] = [];
      let previous = { ms: 0, bytes: 0 };
      for (const point of limited.progress) {
        const last = steps.at(-1);
        if (!last || point.ms - previous.ms > 300)
          steps.push({ ms: point.ms, before: previous.bytes, bytes: 0 });
        const current = steps.at(-1)!;
        current.bytes = point.bytes - current.before;
        previous = point;
      }
      expect(steps.length).toBeGreaterThanOrEqual(3);
      const second = steps[1]!;
      const last = steps.at(-1)!;
      const measured = (last.before - second.before) / ((last.ms - second.ms) / 1000);
      expect(last.ms - second.ms).toBeGreaterThan(1500);
      expect(measured / rate).toBeGreaterThan(0.9);
      expect(measured / rate).toBeLessThan(1.1);
      expect(Math.max(...steps.map((step) => step.bytes))).toBeLessThanOrEqual(rate * 1.1);

      const free = await get('speed.edge.test', '/file.dat');
      expect(free.body.length).toBe(600 * 1024);
      expect(free.endMs).toBeLessThan(1500);
    });
  });

  describe('HTTPS', () => {
    it('serves the domain’s certificate and forces HTTPS with its redirect code', async () => {
      const secure = await get('https.edge.test', '/s', { https: true });
      expect(secure.status).toBe(200);
      expect(secure.certificate?.serialNumber).toBe(serial);
      const plain = await get('https.edge.test', '/s?q=1');
      expect(plain.status).toBe(301);
      expect(header(plain, 'location')).toBe(`https://https.edge.test:${node.layout.httpsPort}/s?q=1`);
    });

    it('sends HSTS on HTTPS responses only', async () => {
      expect(header(await get('https.edge.test', '/', { https: true }), 'strict-transport-security')).toBe(
        'max-age=600; includeSubDomains',
      );
      expect(header(await get('hsts.edge.test', '/', { https: true }), 'strict-transport-security')).toBe(
        'max-age=600',
      );
      const http = await get('hsts.edge.test', '/');
      expect(http.status).toBe(200);
      expect(header(http, 'strict-transport-security')).toBeUndefined();
    });

    it('negotiates HTTP/2 by ALPN', async () => {
      const session = http2Connect(`https://127.0.0.1:${node.layout.httpsPort}`, {
        servername: 'https.edge.test',
        rejectUnauthorized: false,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          session.once('connect', () => resolve());
          session.once('error', reject);
        });
        expect(session.alpnProtocol).toBe('h2');
        const status = await new Promise<number>((resolve, reject) => {
          const stream = session.request({ ':path': '/h2', ':authority': 'https.edge.test' });
          stream.once('response', (headers) => resolve(Number(headers[':status'])));
          stream.once('error', reject);
          stream.resume();
          stream.end();
        });
        expect(status).toBe(200);
      } finally {
        session.close();
      }
    });

    it('offers only the domain’s TLS versions', async () => {
      const handshake = (servername: string, more: Partial<ConnectionOptions>) =>
        new Promise<string>((resolve) => {
          const socket = tlsConnect({
            host: '127.0.0.1',
            port: node.layout.httpsPort,
            servername,
            rejectUnauthorized: false,
            ...more,
          });
          socket.once('secureConnect', () => {
            resolve(socket.getProtocol() ?? '');
            socket.destroy();
          });
          socket.once('error', () => resolve('refused'));
        });
      expect(await handshake('tls13.edge.test', {})).toBe('TLSv1.3');
      expect(await handshake('tls13.edge.test', { maxVersion: 'TLSv1.2' })).toBe('refused');
      expect(await handshake('tls12.edge.test', {})).toBe('TLSv1.2');
      expect(await handshake('tls12.edge.test', { minVersion: 'TLSv1.3' })).toBe('refused');
      expect(await handshake('nobody.edge.test', {})).toBe('refused');
    });
  });

  it('refuses every request of a suspended domain without reaching the origin', async () => {
    const before = origin.count('/');
    expect((await get('suspended.edge.test', '/anything')).status).toBe(403);
    expect((await get('suspended.edge.test', '/x', { https: true })).status).toBe(403);
    expect(origin.count('/')).toBe(before);
  });

  it('logs each request as one JSON line, but not the agent’s prefetch', async () => {
    await get('cache.edge.test', '/logged.txt', {
      headers: { referer: 'http://r.example/', 'user-agent': 'ua "quoted"' },
    });
    await get('cache.edge.test', '/logged.txt');
    await get('cache.edge.test', '/prefetched.txt', { headers: { 'x-cdn-prefetch': '1' } });
    const lines = await logOf('cache.edge.test');
    const logged = lines.filter((line) => line.url === '/logged.txt');
    expect(logged.map((line) => line.cache)).toEqual(['MISS', 'HIT']);
    expect(logged[0]).toMatchObject({
      domain: 'cache.edge.test',
      client: '127.0.0.1',
      method: 'GET',
      status: 200,
      ua: 'ua "quoted"',
      referer: 'http://r.example/',
      blocked_by: '',
    });
    expect(logged[0]?.bytes).toBeGreaterThan(0);
    expect(Number(logged[0]?.time)).toBeGreaterThan(1_600_000_000);
    // Exactly the fields the shipper reads: no per-request id (batches count once by their place).
    expect(Object.keys(logged[0] ?? {}).sort()).toEqual([
      'blocked_by',
      'bytes',
      'cache',
      'client',
      'domain',
      'method',
      'referer',
      'request_time',
      'status',
      'time',
      'ua',
      'url',
    ]);
    expect(lines.some((line) => line.url === '/prefetched.txt')).toBe(false);
    expect(origin.count('/prefetched.txt')).toBe(1);
  });

  it('renders again when a ban expires, and reloads into the new configuration', async () => {
    expect((await get('bans.edge.test', '/later', { localAddress: '127.0.0.2' })).status).toBe(403);
    const { nextChange } = await node.reload([...domains.values()], new Date(banUntil.getTime() + 1000));
    expect(nextChange).toBeNull();
    expect((await get('bans.edge.test', '/later', { localAddress: '127.0.0.2' })).status).toBe(200);
  });

  describe('configurations nginx refuses or must make inert', () => {
    let scratch: NginxNode;
    beforeAll(async () => {
      scratch = await NginxNode.create();
    });
    afterAll(async () => {
      await scratch?.stop();
    });

    it('renders hostile values inertly: nginx -t passes', async () => {
      const hostile = '"; return 200 "owned"; } server { listen 1; } # ${x} $host \\ \n\r\t';
      const domain = edgeDomain(
        { name: 'hostile.edge.test', origins: [loopbackOrigin(1, { host: 'a.b"c' })] },
        {
          domainCache: {
            rules: [
              rule('regex', hostile, 60, 1),
              rule('directory', `/d${hostile}`, 60, 2),
              rule('path', '/p"x;', 1, 3),
            ],
          },
          domainHeaders: {
            request: [{ action: 'set', name: 'X-H', value: hostile }],
            response: [
              { action: 'set', name: 'X-R', value: hostile },
              { action: 'set', name: 'Bad Name"', value: 'v' },
            ],
          },
          domainAccess: {
            ip: {
              enabled: true,
              mode: 'black',
              entries: ['1.2.3.4; deny all', '1.2.3.4'],
              allow_empty: false,
            },
            ua: {
              enabled: true,
              mode: 'black',
              entries: [hostile.trim(), 'a"b'],
              allow_empty: false,
              match: 'exact',
            },
            referer: {
              enabled: true,
              mode: 'white',
              entries: [hostile, 'ok.example'],
              allow_empty: true,
              match: 'exact',
            },
          },
          domainRewrites: {
            access_url: [{ source: '/a"b', target: '/c";return 200;', target_domain: '' }],
            origin_url: [{ source: '/o$', target: '/$host/"', target_domain: '' }],
            error_pages: [{ status: 404, target: 'http://{host}/"; return 200;' }],
          },
          domainUrlAuth: {
            enabled: true,
            type: 'A',
            primary_key: 'abc"}; os.exit()--',
            backup_key: 'GoodKey123',
            lifetime: 60,
          },
          domainSpeedLimit: { rules: [{ type: 'path', content: '/x"y', rate_kbps: 10 }] },
        },
      );
      scratch.render([domain]);
      const checked = await scratch.test();
      expect(checked.output).toContain('test is successful');
      expect(checked.ok).toBe(true);
    });

    it('fails nginx -t on a regex PCRE refuses, naming the domain’s file and line', async () => {
      const regex = 'x{70000}';
      expect(() => new RegExp(regex)).not.toThrow();
      const domain = edgeDomain(
        { name: 'pcre.edge.test', origins: [loopbackOrigin(1)] },
        { domainCache: { rules: [rule('regex', regex, 60, 1)] } },
      );
      scratch.render([domain]);
      const checked = await scratch.test();
      expect(checked.ok).toBe(false);
      const at = new RegExp(
        `${join(scratch.root, domainFile(domain.id)).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:(\\d+)`,
      ).exec(checked.output);
      expect(at, checked.output).not.toBeNull();
      const line = readFileSync(join(scratch.root, domainFile(domain.id)), 'utf8').split('\n')[
        Number(at?.[1]) - 1
      ];
      expect(line).toContain(regex);
    });
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { commands } from '../src/commands/registry';
import { Code } from '../src/contract';
import { ownPrincipal } from './authz/principal';
import { executeCommand } from './commands/execute';
import type { Config } from './config';
import type { Db } from './db/client';
import { findAccountByLogin } from './modules/account/service';
import { createEdgeKey } from './modules/traffic/edge-keys';
import { origin } from './seed/demo-domains';
import { seedUuid } from './seed/plan';

/**
 * One edge node beside the console (`npm start`, when nginx is there): the edge agent in its own
 * process with a key made for it, a small bundled origin, and a demo domain served from that
 * origin, so that a `curl` shows a page accelerated (MISS, then HIT).
 */

/** The demo domain the bundled origin serves. */
export const localEdgeDomain = 'edge.demo-shop.com';

const page = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
  `<link rel="stylesheet" href="/static/site.css"></head><body><h1>${title}</h1>` +
  `<p>Served by the bundled origin through the CDN edge.</p><script src="/static/app.js"></script></body></html>\n`;

/** The bundled origin: a few pages and files, and what `npm run traffic` requests. */
export function bundledOrigin(): Server {
  const files: Record<string, [string, string]> = {
    '/': ['text/html; charset=utf-8', page('Demo shop')],
    '/index.html': ['text/html; charset=utf-8', page('Demo shop')],
    '/static/site.css': ['text/css', 'body{font-family:sans-serif;margin:2rem}\n'],
    '/static/app.js': ['text/javascript', 'document.title += " ✓";\n'],
  };
  return createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    const file = files[path];
    if (file) {
      response.writeHead(200, { 'content-type': file[0] });
      response.end(file[1]);
    } else if (/^\/(img|download)\/[\w.-]+$/.test(path)) {
      // Pictures and downloads of any name: bytes of a size the name's length decides.
      response.writeHead(200, { 'content-type': 'application/octet-stream' });
      response.end(Buffer.alloc(path.startsWith('/img') ? 16 * 1024 : 256 * 1024, 7));
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found\n');
    }
  });
}

/** The demo domain on the bundled origin, with a cache rule, made by the demo account's commands. */
async function ensureDemoDomain(db: Db, config: Config): Promise<boolean> {
  const account = await findAccountByLogin(db, 'demo');
  if (!account) return false;
  const actor = await ownPrincipal({ db }, account);
  // The demo's own origin is on this machine: the operator's setting allows it for this domain.
  const ctx = {
    db,
    language: 'en_US' as const,
    ip: '',
    settings: { cnameSuffix: config.cnameSuffix, originPrivate: true },
  };
  const id = seedUuid(`demo-seed.domain.${localEdgeDomain}`);
  const created = await executeCommand(
    ctx,
    actor,
    {
      key: `demo-seed.edge.domain.${config.demoOriginPort}`,
      name: 'domain.create',
      aggregate_id: id,
      base_version: null,
      schema_version: commands['domain.create'].schemaVersion,
      payload: {
        id,
        domain: localEdgeDomain,
        service_type: 'web',
        area: '1',
        business_type: 'web',
        group_id: null,
        origins: [origin({ type: 'ip', address: '127.0.0.1', port: config.demoOriginPort })],
      },
    },
    'operator',
  );
  if (created.code !== Code.ok) return false;
  await executeCommand(
    ctx,
    actor,
    {
      key: 'demo-seed.edge.cache',
      name: 'domainCache.set',
      aggregate_id: id,
      base_version: null,
      schema_version: commands['domainCache.set'].schemaVersion,
      payload: {
        id,
        shown_as: localEdgeDomain,
        content: {
          rules: [
            {
              type: 'suffix',
              content: 'html,css,js,png,jpg,bin',
              ttl: 3600,
              priority: 10,
              ignore_no_cache: false,
              follow_origin: false,
              ignore_case: true,
              query: 'ignore',
            },
            {
              type: 'path',
              content: '/',
              ttl: 600,
              priority: 20,
              ignore_no_cache: false,
              follow_origin: false,
              ignore_case: false,
              query: 'ignore',
            },
          ],
        },
      },
    },
    'operator',
  );
  return true;
}

export interface LocalEdge {
  stop(): Promise<void>;
}

/**
 * Starts the local edge node when nginx is available and the configuration asks for it; prints
 * where it serves and a `curl` to try. Null when it does not start (and says why).
 */
export async function startLocalEdge(db: Db, config: Config, consoleUrl: string): Promise<LocalEdge | null> {
  if (config.edge === 'off') return null;
  // @ts-expect-error -- a plain ES module of the project's scripts
  const { nginxAvailable, nginxModules, nginxPath } = (await import('../scripts/nginx.mjs')) as {
    nginxAvailable: () => boolean;
    nginxModules: string;
    nginxPath: string;
  };
  if (!nginxAvailable()) {
    console.log(
      '  Edge node: not started (nginx with its Lua module is not installed; see README, "Edge nodes").',
    );
    return null;
  }
  const origin = bundledOrigin();
  await new Promise<void>((done, fail) => {
    origin.once('error', fail);
    origin.listen(config.demoOriginPort, '127.0.0.1', () => done());
  });
  if (config.demo) await ensureDemoDomain(db, config);
  const { key } = await createEdgeKey(db, 'local', new Date());
  const agent: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      resolve('edge/main.ts'),
      '--console',
      consoleUrl,
      '--dir',
      join(resolve(config.dataDir), 'edge'),
      '--http-port',
      String(config.edgeHttpPort),
      '--https-port',
      String(config.edgeHttpsPort),
      '--control-port',
      String(config.edgeHttpPort + 1),
      '--nginx',
      nginxPath,
      '--modules',
      nginxModules,
    ],
    // The key goes by the environment, never on a command line others can read.
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, EDGE_KEY: key } },
  );
  const url = `http://127.0.0.1:${config.edgeHttpPort}`;
  console.log(
    `  Edge node: ${url} (HTTPS ${config.edgeHttpsPort}), origin http://127.0.0.1:${config.demoOriginPort}`,
  );
  if (config.demo)
    console.log(
      `    try it twice: curl -s -o /dev/null -D - -H 'Host: ${localEdgeDomain}' ${url}/index.html | grep -i x-cache`,
    );
  return {
    async stop() {
      if (agent.exitCode === null) {
        const ended = new Promise((done) => agent.once('exit', done));
        agent.kill('SIGTERM');
        await Promise.race([ended, new Promise((done) => setTimeout(done, 8000))]);
      }
      await new Promise((done) => origin.close(done));
    },
  };
}

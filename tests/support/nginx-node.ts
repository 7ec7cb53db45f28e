import { execFile, spawn, type ChildProcess } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  unlinkSync,
  writeFileSync,
  existsSync,
} from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { createServer, connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { PeerCertificate, TLSSocket } from 'node:tls';
import { randomUUID } from 'node:crypto';
import {
  defaultSection,
  sectionKinds,
  type SectionKind,
  type SectionState,
} from '../../src/contract/domain-config';
import type { Origin } from '../../src/contract/domain';
import type { EdgeDomain } from '../../src/contract/edge';
import {
  accessLogFile,
  errorLogFile,
  layoutDirs,
  renderDomain,
  renderMain,
  type NodeLayout,
  type RenderedFile,
} from '../../edge/render';
// @ts-expect-error: a JavaScript module of the scripts without types
import { nginxModules, nginxPath } from '../../scripts/nginx.mjs';

const nginx = nginxPath as string;
const modules = nginxModules as string;

/** Free loopback ports: bound together on port 0, then released for nginx to take. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
          const server = createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/** A port nothing listens on (a dead origin). */
export async function closedPort(): Promise<number> {
  const [port] = await freePorts(1);
  return port ?? 1;
}

type Sections = EdgeDomain['sections'];
type SectionPatch = { [K in SectionKind]?: Partial<SectionState<K>> };

/** An origin with the contract's defaults: an IP on loopback, level 10, weight 1. */
export const loopbackOrigin = (port: number, more: Partial<Origin> = {}): Origin => ({
  type: 'ip',
  address: '127.0.0.1',
  port,
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

/**
 * An EdgeDomain as the console would send it: every section at its defaults (defaultSection),
 * with the given sections' fields replaced.
 */
export function edgeDomain(
  fields: Partial<Omit<EdgeDomain, 'sections'>> & { name: string; origins: Origin[] },
  sections: SectionPatch = {},
): EdgeDomain {
  const id = fields.id ?? randomUUID();
  const all = Object.fromEntries(
    sectionKinds.map((kind) => [kind, { ...defaultSection(kind, id), ...(sections[kind] ?? {}) }]),
  ) as unknown as Sections;
  return {
    id,
    account_id: 1,
    status: 'active',
    version: 1,
    seq: 1,
    certificate: null,
    bans: [],
    ...fields,
    sections: all,
  };
}

export interface EdgeResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Milliseconds from sending the request to the first byte of the body and to its end. */
  firstByteMs: number;
  endMs: number;
  /** The server's certificate, over HTTPS. */
  certificate?: PeerCertificate;
  /** (time in ms since the request, bytes so far) at each chunk of the body. */
  progress: { ms: number; bytes: number }[];
}

export interface EdgeRequest {
  host: string;
  path?: string;
  method?: string;
  headers?: OutgoingHttpHeaders;
  body?: string | Buffer;
  /** Send the body only once the edge says 100 Continue (a body the edge refuses is never sent). */
  expectContinue?: boolean;
  /** The client's address (127.0.0.2 for a second client). */
  localAddress?: string;
  https?: boolean;
  /** Decompression is left to the test: the raw body comes back. */
  timeoutMs?: number;
}

/** A log line of logs/access.log, as renderMain's `cdn` format writes it. */
export interface AccessLogLine {
  time: string;
  domain: string;
  client: string;
  method: string;
  url: string;
  status: number;
  bytes: number;
  request_time: number;
  cache: string;
  ua: string;
  referer: string;
  blocked_by: string;
  id: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A real edge node for tests: a temporary root with the renderer's files, Debian's nginx run in
 * the foreground as a child on free loopback ports, re-rendered and reloaded between
 * configurations, stopped at the end.
 */
export class NginxNode {
  private child: ChildProcess | null = null;
  private stderr = '';
  private written = new Set<string>();
  private domains: EdgeDomain[] = [];
  private now = new Date();

  private constructor(readonly layout: NodeLayout) {}

  static async create(): Promise<NginxNode> {
    const root = mkdtempSync(join(tmpdir(), 'cdn-edge-'));
    for (const dir of layoutDirs) mkdirSync(join(root, dir), { recursive: true });
    const [httpPort, httpsPort] = await freePorts(2);
    const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
    return new NginxNode({
      root,
      listen: '127.0.0.1',
      httpPort: httpPort ?? 0,
      httpsPort: httpsPort ?? 0,
      modules,
      // The workers write the cache under a 0700 temporary folder owned by root.
      ...(asRoot ? { user: 'root' } : {}),
    });
  }

  get root(): string {
    return this.layout.root;
  }

  /** Writes the main configuration and the domains' files; files of domains gone are removed. */
  render(domains: EdgeDomain[], now = new Date()): { nextChange: Date | null } {
    this.domains = domains;
    this.now = now;
    const files: RenderedFile[] = [...renderMain(this.layout)];
    let nextChange: Date | null = null;
    for (const domain of domains) {
      const rendered = renderDomain(domain, this.layout, now);
      files.push(...rendered.files);
      if (rendered.nextChange && (!nextChange || rendered.nextChange < nextChange))
        nextChange = rendered.nextChange;
    }
    const paths = new Set(files.map((file) => file.path));
    for (const stale of this.written) if (!paths.has(stale)) rmSync(join(this.root, stale), { force: true });
    for (const file of files) {
      const path = join(this.root, file.path);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.content, { mode: file.mode ?? 0o644 });
    }
    this.written = paths;
    return { nextChange };
  }

  /** `nginx -t`: whether the configuration loads, and what nginx said. */
  async test(): Promise<{ ok: boolean; output: string }> {
    return new Promise((resolve) => {
      execFile(
        nginx,
        ['-t', '-p', `${this.root}/`, '-c', join(this.root, 'nginx.conf')],
        (error, stdout, stderr) => resolve({ ok: error === null, output: `${stdout}${stderr}` }),
      );
    });
  }

  /** Starts nginx in the foreground (`daemon off`), on new ports if the chosen ones were taken meanwhile. */
  async start(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await this.spawn();
        return;
      } catch (error) {
        if (attempt >= 2 || !/Address already in use/.test(String(error))) throw error;
        const [httpPort, httpsPort] = await freePorts(2);
        Object.assign(this.layout, { httpPort, httpsPort });
        this.render(this.domains, this.now);
      }
    }
  }

  private async spawn(): Promise<void> {
    const checked = await this.test();
    if (!checked.ok) throw new Error(`nginx -t failed:\n${checked.output}`);
    this.stderr = '';
    const child = spawn(
      nginx,
      ['-p', `${this.root}/`, '-c', join(this.root, 'nginx.conf'), '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    child.stderr?.on('data', (chunk: Buffer) => (this.stderr += chunk.toString()));
    this.child = child;
    let exited = false;
    child.once('exit', () => (exited = true));
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (exited) {
        this.child = null;
        throw new Error(`nginx exited at start:\n${this.stderr}\n${this.errorLog().slice(-2000)}`);
      }
      if ((await this.accepts(this.layout.httpPort)) && (await this.accepts(this.layout.httpsPort))) return;
      await sleep(50);
    }
    throw new Error(`nginx did not listen within 10 s:\n${this.stderr}`);
  }

  private accepts(port: number): Promise<boolean> {
    return new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
  }

  /** The master's children (workers, cache manager and loader). */
  private children(): number[] {
    const master = this.child?.pid;
    if (!master) return [];
    const pids: number[] = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        if (Number(fields[1]) === master && fields[0] !== 'Z') pids.push(Number(entry));
      } catch {
        // the process ended meanwhile
      }
    }
    return pids;
  }

  /**
   * Renders `domains` and makes the running nginx take them (`nginx -s reload`), returning once
   * the old workers are gone, so the next request meets the new configuration. Throws, with
   * nginx's words, when the configuration does not load.
   */
  async reload(domains: EdgeDomain[] = this.domains, now = new Date()): Promise<{ nextChange: Date | null }> {
    const rendered = this.render(domains, now);
    const checked = await this.test();
    if (!checked.ok) throw new Error(`nginx -t failed:\n${checked.output}`);
    const before = this.children();
    await new Promise<void>((resolve, reject) =>
      execFile(
        nginx,
        ['-p', `${this.root}/`, '-c', join(this.root, 'nginx.conf'), '-s', 'reload'],
        (error, _out, stderr) => (error ? reject(new Error(`nginx -s reload: ${stderr}`)) : resolve()),
      ),
    );
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const now = this.children();
      if (now.length > 0 && !now.some((pid) => before.includes(pid))) return rendered;
      await sleep(25);
    }
    throw new Error('nginx did not replace its workers within 15 s');
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(this.root, { recursive: true, force: true });
  }

  /** An HTTP (or HTTPS, with SNI) request to the node, with a fresh connection. */
  request(options: EdgeRequest): Promise<EdgeResponse> {
    const started = performance.now();
    const https = options.https ?? false;
    const headers: OutgoingHttpHeaders = { host: options.host, ...options.headers };
    if (options.body !== undefined) headers['content-length'] = String(Buffer.byteLength(options.body));
    if (options.expectContinue) headers.expect = '100-continue';
    const common = {
      host: '127.0.0.1',
      port: https ? this.layout.httpsPort : this.layout.httpPort,
      path: options.path ?? '/',
      method: options.method ?? 'GET',
      headers,
      agent: false as const,
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    };
    return new Promise((resolve, reject) => {
      const req = https
        ? httpsRequest({
            ...common,
            servername: options.host.replace(/:\d+$/, ''),
            rejectUnauthorized: false,
          })
        : httpRequest(common);
      req.setTimeout(options.timeoutMs ?? 20_000, () => req.destroy(new Error('edge request timed out')));
      req.on('error', reject);
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        const progress: { ms: number; bytes: number }[] = [];
        let bytes = 0;
        let firstByteMs = -1;
        const certificate = https ? (res.socket as TLSSocket).getPeerCertificate() : undefined;
        res.on('data', (chunk: Buffer) => {
          const ms = performance.now() - started;
          if (firstByteMs < 0) firstByteMs = ms;
          bytes += chunk.length;
          progress.push({ ms, bytes });
          chunks.push(chunk);
        });
        res.on('error', reject);
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            firstByteMs: firstByteMs < 0 ? performance.now() - started : firstByteMs,
            endMs: performance.now() - started,
            progress,
            ...(certificate ? { certificate } : {}),
          }),
        );
      });
      if (options.expectContinue && options.body !== undefined) {
        const body = options.body;
        req.on('continue', () => req.end(body));
        req.flushHeaders();
      } else req.end(options.body);
    });
  }

  /** The access log's lines, parsed. */
  accessLog(): AccessLogLine[] {
    const path = join(this.root, accessLogFile);
    if (!existsSync(path)) return [];
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as AccessLogLine);
  }

  /** Empties the access log (nginx keeps appending to the same file). */
  clearAccessLog(): void {
    const path = join(this.root, accessLogFile);
    if (existsSync(path)) writeFileSync(path, '');
  }

  errorLog(): string {
    const path = join(this.root, errorLogFile);
    return existsSync(path) ? readFileSync(path, 'utf8') : '';
  }

  /** Removes a file under the root (a purge the agent would do). */
  remove(path: string): boolean {
    const full = join(this.root, path);
    if (!existsSync(full)) return false;
    unlinkSync(full);
    return true;
  }
}

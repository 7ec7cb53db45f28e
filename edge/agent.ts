import { chmod, chown, mkdir, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { lookup } from 'node:dns/promises';
import { dirname, join, relative } from 'node:path';
import { sectionKinds } from '../src/contract/domain-config';
import {
  edgeConfigResult,
  edgePaths,
  type EdgeConfigResult,
  type EdgeDomain,
  type EdgeDomainReport,
  type EdgeJob,
  type EdgeRegisterBody,
  type EdgeReportBody,
} from '../src/contract/edge';
import { LogShipper } from './logs';
import { Nginx } from './nginx';
import {
  cacheFilePath,
  cacheKey,
  EdgeRenderError,
  layoutDirs,
  originHosts,
  renderDomain,
  renderMain,
  type NodeLayout,
  type RenderedFile,
} from './render';

export const agentVersion = '1.0.0';

/** How long a lookup of an origin's name holds. */
const resolveEveryMs = 60_000;

export interface AgentOptions {
  /** The console's address, e.g. `http://127.0.0.1:8080`. */
  consoleUrl: string;
  /** The node's edge key (`npm run admin -- edge-key create <name>`). */
  key: string;
  /** The node's working folder: configuration, certificates, cache, logs. */
  root: string;
  /** The address nginx listens on. */
  listen: string;
  /** The address clients reach the node at (the IP check's), default `listen`. */
  address?: string;
  httpPort: number;
  httpsPort: number;
  /** A loopback port the agent asks which configuration nginx serves. */
  controlPort: number;
  nginx: string;
  modules: string;
  /** How often the console is asked for changes. */
  intervalMs?: number;
  /** Ship the access logs to the console (on by default). */
  shipLogs?: boolean;
  log?: (line: string) => void;
}

/** A domain as nginx serves it: the state rendered, and its files. */
interface Served {
  domain: EdgeDomain;
  files: RenderedFile[];
  nextChange: Date | null;
}

const versionsOf = (domain: EdgeDomain): Record<string, number> => ({
  domain: domain.version,
  ...Object.fromEntries(sectionKinds.map((kind) => [kind, domain.sections[kind].version])),
});

/** Where a file rendered for a domain lives: `domains/<id>.conf`, `certs/<id>.*` and the like. */
const ownerOf = (path: string, ids: Iterable<string>): string | null => {
  for (const id of ids) if (path.includes(id)) return id;
  return null;
};

/**
 * The edge agent: keeps one nginx serving every domain exactly as the console configures it.
 *
 * It registers with its edge key, pulls every domain once and then the changes after the last
 * one it holds, renders each domain's files, and makes nginx take them only when `nginx -t`
 * passes: a domain whose files nginx refuses keeps serving what it served before (or is not
 * served, when new), and the console is told why. It carries out refresh (removing cached files)
 * and prefetch (a request through nginx), and ships the access log (`./logs.ts`).
 */
export class EdgeAgent {
  private readonly layout: NodeLayout;
  private readonly nginx: Nginx;
  private readonly shipper: LogShipper | null;
  private readonly served = new Map<string, Served>();
  /** The latest state of every domain the console gave, served or not. */
  private readonly desired = new Map<string, EdgeDomain>();
  /** Per domain, the origin names left out of its last render because they did not resolve. */
  private readonly unresolved = new Map<string, string>();
  /** Whether each origin host name resolved, and when that was learnt. */
  private readonly resolved = new Map<string, { ok: boolean; at: number }>();
  private lastResolveCheck = Date.now();
  private readonly failures = new Map<string, { seq: number; reason: string }>();
  private readonly pending = new Map<string, EdgeDomainReport>();
  private jobsDone: EdgeReportBody['jobs'] = [];
  private seq = 0;
  private generation = 0;
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | null = null;
  private stopped = false;
  private readonly log: (line: string) => void;

  constructor(private readonly options: AgentOptions) {
    this.layout = {
      root: options.root,
      listen: options.listen,
      httpPort: options.httpPort,
      httpsPort: options.httpsPort,
      modules: options.modules,
      // A master started as root runs its workers as nobody (they serve the internet).
      ...(process.getuid?.() === 0 ? { user: 'nobody nogroup' } : {}),
    };
    this.log = options.log ?? ((line) => console.warn(line));
    this.nginx = new Nginx(options.nginx, options.root, (code) => {
      if (!this.stopped) this.log(`nginx stopped unexpectedly (${code}); restarting`);
      if (!this.stopped) this.nginx.start();
    });
    this.shipper =
      options.shipLogs === false
        ? null
        : new LogShipper({ root: options.root, consoleUrl: options.consoleUrl, key: options.key });
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.options.consoleUrl}${path}`, {
      method,
      headers: {
        authorization: `Edge ${this.options.key}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(30_000),
    });
    const envelope = (await response.json()) as { code: number; msg: string; data: T };
    if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  }

  private async writeFiles(files: readonly RenderedFile[]): Promise<void> {
    for (const file of files) {
      const path = join(this.options.root, file.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.content, { mode: file.mode ?? 0o644 });
      // `mode` applies to a file made now; one written before keeps its own unless told again.
      await chmod(path, file.mode ?? 0o644);
    }
  }

  private async removeFiles(
    files: readonly RenderedFile[],
    keep: readonly RenderedFile[] = [],
  ): Promise<void> {
    const kept = new Set(keep.map((file) => file.path));
    for (const file of files)
      if (!kept.has(file.path)) await rm(join(this.options.root, file.path), { force: true });
  }

  /** The loopback server that tells which configuration nginx serves (`generation`). */
  private controlFile(): RenderedFile {
    return {
      path: 'domains/_agent.conf',
      content: [
        '# The edge agent asks here which configuration the workers serve.',
        'server {',
        `  listen 127.0.0.1:${this.options.controlPort};`,
        '  access_log off;',
        `  location = /generation { return 200 "${this.generation}"; }`,
        '  location / { return 404; }',
        '}',
        '',
      ].join('\n'),
    };
  }

  /** Reloads nginx and waits until new connections meet the new configuration. */
  private async reload(): Promise<void> {
    this.generation += 1;
    await this.writeFiles([this.controlFile()]);
    await this.nginx.reload();
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const answer = await loopbackGet(this.options.controlPort, '/generation').catch(() => null);
      if (answer?.body === String(this.generation)) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    this.log('nginx did not take the new configuration within 10 s');
  }

  /** Prepares the folder, checks the base configuration and starts nginx, then syncs once. */
  async start(): Promise<void> {
    const root = this.options.root;
    for (const dir of [...layoutDirs, 'state']) await mkdir(join(root, dir), { recursive: true });
    if (this.layout.user) {
      // The workers reach their files through the root, and write the cache and temporary files;
      // keys and state stay the master's.
      const { uid, gid } = await accountOf(this.layout.user.split(' ')[0]!);
      // A folder above the root that others may not enter would leave every cached answer a 500.
      for (let dir = dirname(root); ; dir = dirname(dir)) {
        const { mode } = await stat(dir);
        if ((mode & 0o001) === 0)
          throw new Error(
            `nginx's workers run as nobody and cannot enter ${dir} (mode ${(mode & 0o777).toString(8)}): ` +
              `let others through it (chmod o+x ${dir}), choose another --dir, or run the agent as another user`,
          );
        if (dir === dirname(dir)) break;
      }
      await chmod(root, 0o711);
      for (const dir of ['cache', 'temp']) await chownTree(join(root, dir), uid, gid);
    }
    // What an earlier run left: it is rendered again from the console's state.
    for (const name of await readdir(join(root, 'domains')))
      await rm(join(root, 'domains', name), { force: true });
    await this.writeFiles([...renderMain(this.layout), this.controlFile()]);
    const problem = await this.nginx.test();
    if (problem) throw new Error(`nginx refused the base configuration: ${problem.message}`);
    this.nginx.start();
    const register: EdgeRegisterBody = {
      version: agentVersion,
      address: this.options.address ?? this.options.listen,
      http_port: this.options.httpPort,
      https_port: this.options.httpsPort,
    };
    await this.call('POST', edgePaths.register, register);
    await this.sync();
    this.shipper?.start();
    const tick = () => {
      if (this.stopped) return;
      this.timer = setTimeout(
        () =>
          void this.sync()
            .catch((error: unknown) => this.log(`edge sync failed: ${(error as Error).message}`))
            .finally(tick),
        this.options.intervalMs ?? 1000,
      );
    };
    tick();
  }

  /** One round: the changes, applied; the jobs, done; the report, sent. */
  sync(): Promise<void> {
    this.syncing ??= this.round().finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private async round(): Promise<void> {
    const config = edgeConfigResult.parse(
      await this.call<EdgeConfigResult>('GET', `${edgePaths.config}?since=${this.seq}`),
    );
    const changes = new Map<string, EdgeDomain | null>();
    for (const domain of config.domains) changes.set(domain.id, domain);
    for (const id of config.removed) changes.set(id, null);
    if (config.full) for (const id of this.served.keys()) if (!changes.has(id)) changes.set(id, null);
    for (const [id, domain] of changes) {
      if (domain && domain.status !== 'deleted') this.desired.set(id, domain);
      else this.desired.delete(id);
    }
    // A ban that ran out: the domain is rendered again without it.
    const now = new Date();
    // Origin names are looked up again every minute: a domain whose names resolve otherwise
    // than at its last render is rendered again.
    if (now.getTime() - this.lastResolveCheck >= resolveEveryMs) {
      this.lastResolveCheck = now.getTime();
      this.resolved.clear();
      await this.resolve([...this.desired.values()]);
      for (const [id, domain] of this.desired)
        if (!changes.has(id) && this.unresolvedOf(domain) !== (this.unresolved.get(id) ?? ''))
          changes.set(id, domain);
    }
    for (const [id, served] of this.served)
      if (!changes.has(id) && served.nextChange && served.nextChange <= now) changes.set(id, served.domain);
    if (changes.size > 0) await this.apply(changes, now);
    this.seq = config.seq;
    for (const job of config.jobs) this.jobsDone.push({ id: job.id, results: await this.execute(job) });
    if (this.pending.size > 0 || this.jobsDone.length > 0 || changes.size > 0) await this.report();
  }

  private async report(): Promise<void> {
    const body: EdgeReportBody = {
      applied_seq: this.seq,
      domains: [...this.pending.values()],
      jobs: this.jobsDone,
    };
    await this.call('POST', edgePaths.report, body);
    this.pending.clear();
    this.jobsDone = [];
  }

  /**
   * Renders the changed domains and makes nginx take them. A domain whose files `nginx -t` refuses
   * gets its earlier files back (or none, when new) and is reported failed with nginx's words;
   * the others take effect.
   */
  private async apply(changes: Map<string, EdgeDomain | null>, now: Date): Promise<void> {
    const next = new Map<
      string,
      { domain: EdgeDomain | null; files: RenderedFile[]; nextChange: Date | null }
    >();
    const refused = new Map<string, string>();
    await this.resolve([...changes.values()].filter((domain): domain is EdgeDomain => domain !== null));
    const resolves = (host: string) => this.resolved.get(host)?.ok !== false;
    for (const [id, domain] of changes) {
      let rendered: { files: RenderedFile[]; nextChange: Date | null } = { files: [], nextChange: null };
      if (domain) this.unresolved.set(id, this.unresolvedOf(domain));
      else this.unresolved.delete(id);
      try {
        if (domain && domain.status !== 'deleted')
          rendered = renderDomain(domain, this.layout, now, { resolves });
      } catch (error) {
        // What cannot be written safely is never given to nginx: what it served stays.
        if (!(error instanceof EdgeRenderError)) throw error;
        refused.set(id, error.reason);
        next.set(id, { domain, files: this.served.get(id)?.files ?? [], nextChange: null });
        continue;
      }
      next.set(id, { domain, ...rendered });
      await this.removeFiles(this.served.get(id)?.files ?? [], rendered.files);
      await this.writeFiles(rendered.files);
    }
    for (;;) {
      const problem = await this.nginx.test();
      if (!problem) break;
      const at = problem.file ? relative(this.options.root, problem.file) : null;
      const reason = at ? `${problem.message} (${at}:${problem.line})` : problem.message;
      const owner = at
        ? ownerOf(
            at,
            [...next.keys()].filter((id) => !refused.has(id)),
          )
        : null;
      // A problem no changed domain owns: nothing of this round takes effect.
      const culprits = owner ? [owner] : [...next.keys()].filter((id) => !refused.has(id));
      for (const id of culprits) {
        refused.set(id, reason);
        await this.removeFiles(next.get(id)!.files, this.served.get(id)?.files ?? []);
        await this.writeFiles(this.served.get(id)?.files ?? []);
      }
      if (!owner) break;
    }
    if (refused.size < next.size) await this.reload();
    for (const [id, change] of next) {
      const seq = change.domain?.seq ?? this.seq;
      const reason = refused.get(id);
      if (reason !== undefined) {
        this.failures.set(id, { seq, reason });
        const held = this.served.get(id);
        this.pending.set(id, {
          domain_id: id,
          seq,
          versions: held ? versionsOf(held.domain) : {},
          failure: reason,
        });
        continue;
      }
      this.failures.delete(id);
      if (change.domain && change.domain.status !== 'deleted') {
        this.served.set(id, { domain: change.domain, files: change.files, nextChange: change.nextChange });
        this.pending.set(id, { domain_id: id, seq, versions: versionsOf(change.domain), failure: null });
      } else {
        this.served.delete(id);
        this.pending.set(id, { domain_id: id, seq, versions: null, failure: null });
      }
    }
  }

  /** Looks up the origin names of these domains not looked up within the last minute. */
  private async resolve(domains: readonly EdgeDomain[]): Promise<void> {
    const now = Date.now();
    const hosts = new Set(domains.flatMap(originHosts));
    const stale = [...hosts].filter((host) => (this.resolved.get(host)?.at ?? 0) < now - resolveEveryMs);
    await Promise.all(
      stale.map(async (host) => {
        const found = await Promise.race([
          lookup(host, { all: true }).then(
            (addresses) => addresses.length > 0,
            () => false,
          ),
          new Promise<boolean>((done) => setTimeout(() => done(false), 3000)),
        ]);
        this.resolved.set(host, { ok: found, at: now });
      }),
    );
  }

  /** The origin names of a domain that did not resolve, as one text (to compare renders). */
  private unresolvedOf(domain: EdgeDomain): string {
    return originHosts(domain)
      .filter((host) => this.resolved.get(host)?.ok === false)
      .sort()
      .join(',');
  }

  /** A refresh or prefetch: for each URL, null when done, or why not. */
  private async execute(job: EdgeJob): Promise<(string | null)[]> {
    const results: (string | null)[] = [];
    if (job.kind === 'dir') {
      const prefixes = job.urls.map((url) => {
        const u = new URL(url);
        return cacheKey(u.host, u.pathname, 'ignore');
      });
      await this.purgeWhere((key) => prefixes.some((prefix) => key.startsWith(prefix)));
      return job.urls.map(() => null);
    }
    for (const url of job.urls) {
      try {
        const u = new URL(url);
        if (job.kind === 'url') {
          for (const mode of ['keep', 'ignore'] as const)
            await rm(
              join(this.options.root, cacheFilePath(cacheKey(u.host, `${u.pathname}${u.search}`, mode))),
              {
                force: true,
              },
            );
          results.push(null);
        } else {
          const status = await this.prefetch(u);
          results.push(status >= 200 && status < 300 ? null : 'content.edge.unavailable');
        }
      } catch {
        results.push('content.edge.unavailable');
      }
    }
    return results;
  }

  /** Removes the cached files whose key passes `test` (a directory refresh). */
  private async purgeWhere(test: (key: string) => boolean): Promise<void> {
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else {
          const key = await cachedKey(path);
          if (key !== null && test(key)) await rm(path, { force: true });
        }
      }
    };
    await walk(join(this.options.root, 'cache'));
  }

  /** A request through this node's nginx, read to the end so that nginx caches it. */
  private prefetch(url: URL): Promise<number> {
    const https = url.protocol === 'https:';
    return new Promise((resolve, reject) => {
      const request = (https ? httpsRequest : httpRequest)(
        {
          host: this.options.listen,
          port: https ? this.options.httpsPort : this.options.httpPort,
          path: `${url.pathname}${url.search}`,
          headers: { host: url.host, 'x-cdn-prefetch': '1' },
          servername: url.hostname,
          rejectUnauthorized: false,
          timeout: 60_000,
        },
        (response) => {
          response.on('data', () => undefined);
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error('timeout')));
      request.on('error', reject);
      request.end();
    });
  }

  /** Ships what the access log holds now (a stop does it too). */
  async flushLogs(): Promise<void> {
    await this.shipper?.flush();
  }

  /** Stops the loop, ships what the log holds, and stops nginx gracefully. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.syncing?.catch(() => undefined);
    await this.shipper?.stop();
    await this.nginx.stop();
  }
}

/** The ids of a system account (`/etc/passwd`). */
async function accountOf(name: string): Promise<{ uid: number; gid: number }> {
  const passwd = await readFile('/etc/passwd', 'utf8');
  const entry = passwd
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === name);
  if (!entry) throw new Error(`no account ${name} to run nginx's workers as`);
  return { uid: Number(entry[2]), gid: Number(entry[3]) };
}

async function chownTree(path: string, uid: number, gid: number): Promise<void> {
  await chown(path, uid, gid);
  for (const entry of await readdir(path, { withFileTypes: true })) {
    const child = join(path, entry.name);
    if (entry.isDirectory()) await chownTree(child, uid, gid);
    else await chown(child, uid, gid);
  }
}

/** The key of a cached file: nginx writes `\nKEY: <key>\n` after the file's binary header. */
async function cachedKey(path: string): Promise<string | null> {
  const file = await open(path, 'r').catch(() => null);
  if (!file) return null;
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString('latin1');
    const at = text.indexOf('\nKEY: ');
    if (at < 0) return null;
    const end = text.indexOf('\n', at + 6);
    return Buffer.from(text.slice(at + 6, end < 0 ? undefined : end), 'latin1').toString('utf8');
  } finally {
    await file.close();
  }
}

function loopbackGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, timeout: 2000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.end();
  });
}

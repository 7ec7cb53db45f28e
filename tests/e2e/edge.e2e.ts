import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ES module of the project's scripts
import { ensureNginx } from '../../scripts/nginx.mjs';
import { desktop, launch, newContext, preferLanguage, screenshot, signIn, tablet } from './support/browser';
import { freePort, startServer, type RunningServer } from './support/server-process';

/**
 * The console with its local edge node (`npm start` with nginx installed): the demo domain served
 * by nginx from the bundled origin, its deployment on the domain's page, and a cache rule that
 * JavaScript accepts but nginx's PCRE refuses — shown as failed with nginx's reason, while the
 * configuration in effect goes on serving.
 */
const domain = 'edge.demo-shop.com';
let browser: Browser;
let server: RunningServer;
let dir: string;
let edgePort: number;

/** A free port whose next one is free too (the local edge's control port is its HTTP port + 1). */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await freePort();
    const next = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port + 1, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (next) return port;
  }
}

/** The ids of `root` and of every process under it, read from /proc. */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (comm) state ppid …`: the command name may hold spaces, so read after its last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended while listed
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

/** Whether the process still runs (a zombie, ended and waiting to be reaped, does not). */
const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return '';
  }
};

interface Answer {
  status: number;
  cache: string | undefined;
}

/** A request to the edge node for the demo domain, as a client of the CDN sends it. */
function throughEdge(path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: edgePort, path, headers: { host: domain }, agent: false, timeout: 5000 },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            cache: response.headers['x-cache'] as string | undefined,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  ensureNginx();
  dir = mkdtempSync(join(tmpdir(), 'cdn-edge-e2e-'));
  // nginx's workers run as nobody (the server runs as root here) and open the cache under
  // DATA_DIR/edge: the data directory must let them through, as `npm start`'s data/ (0755) does.
  chmodSync(dir, 0o711);
  edgePort = await freePortPair();
  server = await startServer({
    DATA_DIR: dir,
    STATIC_DIR: 'dist',
    DATABASE_URL: '',
    DEMO: '1',
    DEMO_TRAFFIC_DAYS: '0',
    EDGE: 'auto',
    EDGE_HTTP_PORT: String(edgePort),
    EDGE_HTTPS_PORT: String(await freePort()),
    DEMO_ORIGIN_PORT: String(await freePort()),
  });
  browser = await launch();
  // The node is up once it serves the demo domain (a page other than the one checked for MISS/HIT).
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await throughEdge('/static/site.css').catch((error: Error) => error.message);
    if (typeof answer !== 'string' && answer.status === 200) break;
    if (Date.now() > deadline)
      throw new Error(
        `the edge node did not serve ${domain} (${JSON.stringify(answer)}):\n${server.output()}`,
      );
    await new Promise((r) => setTimeout(r, 250));
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (server) {
    // The server stops its edge agent, which stops nginx; whatever of that tree outlives the stop
    // is ended here, by its id, so that no nginx keeps the ports after a failed run.
    const tree = processTree(server.process.pid!);
    await server.stop();
    const left = tree.filter(alive).map((pid) => ({ pid, command: commandOf(pid) }));
    for (const { pid } of left) process.kill(pid, 'SIGKILL');
    if (left.length > 0)
      console.error(`edge.e2e: processes outlived the server's stop: ${JSON.stringify(left)}`);
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const texts = {
  zh_CN: {
    domainPart: '源站与域名状态',
    cache: '缓存规则',
    stateHeader: '边缘节点状态',
    effective: /^已生效（(?:版本 (\d+)|默认配置)）$/,
    still: /^版本 \d+ 仍在生效。$/m,
    failed: '部署失败',
    reason: /^原因：/,
  },
  en_US: {
    domainPart: 'Origins and status',
    cache: 'Cache rules',
    stateHeader: 'At the edge',
    effective: /^In effect (?:since version (\d+)|\(defaults\))$/,
    still: /^Version \d+ is still in effect\.$/m,
    failed: 'Failed',
    reason: /^Reason: /,
  },
};
type Language = keyof typeof texts;

/** Opens the demo edge domain's detail from the list, as a user would (on "Basic information"). */
async function openDomain(page: Page) {
  await page.goto(`${server.url}/#/cdn/domain/list?keyword=${encodeURIComponent(domain)}`);
  await page.getByRole('link', { name: domain, exact: true }).first().click();
  await page.waitForURL(/#\/cdn\/domain\/detail\?id=/);
}

/** The "Edge deployment" card's table: one row a part, its name, version and state at the edge. */
const deploymentTable = (page: Page, language: Language) =>
  page
    .getByRole('table')
    .filter({ has: page.getByRole('columnheader', { name: texts[language].stateHeader }) });

interface PartRow {
  part: string;
  version: number;
  state: string;
}
const partRows = (table: Locator): Promise<PartRow[]> =>
  table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => {
      const [part, version, state] = [...(row as HTMLTableRowElement).cells].map((cell) =>
        cell.innerText.trim(),
      );
      return { part: part ?? '', version: Number(version), state: state ?? '' };
    }),
  );

/** Every part is in effect at the version it is at. */
const allInEffect = (rows: PartRow[], language: Language) =>
  rows.length > 0 &&
  rows.every((row) => (texts[language].effective.exec(row.state)?.[1] ?? '0') === String(row.version));

/** The card scrolled into view, shot at desktop and at tablet width (`name`-desktop, `name`-tablet). */
async function shootCard(page: Page, table: Locator, name: string) {
  for (const [width, viewport] of [
    ['desktop', desktop],
    ['tablet', tablet],
  ] as const) {
    await page.setViewportSize(viewport);
    // The whole card in view: its table's last row at the bottom of the window.
    await table.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize(desktop);
}

async function openDeployment(language: Language) {
  const context = await newContext(browser, { language });
  await preferLanguage(context, language);
  const page = await context.newPage();
  await signIn(page, server.url, 'demo');
  await openDomain(page);
  const table = deploymentTable(page, language);
  await table.waitFor();
  return { context, page, table };
}

describe('the edge deployment of a domain', () => {
  let cacheVersion = 0;

  for (const language of ['zh_CN', 'en_US'] as const)
    it(`shows every part of the demo edge domain in effect (${language})`, async () => {
      const { context, page, table } = await openDeployment(language);
      await expect
        .poll(async () => allInEffect(await partRows(table), language), { timeout: 20_000 })
        .toBe(true);
      const rows = await partRows(table);
      expect(rows[0]?.part).toBe(texts[language].domainPart);
      // The demo seed set a cache rule on the domain.
      cacheVersion = rows.find((row) => row.part === texts[language].cache)?.version ?? 0;
      expect(cacheVersion).toBeGreaterThanOrEqual(1);
      await shootCard(page, table, `edge-deployment-effective-${language}`);
      await context.close();
    });

  it('serves the demo domain through the edge: MISS, then HIT', async () => {
    expect(await throughEdge('/index.html')).toEqual({ status: 200, cache: 'MISS' });
    expect(await throughEdge('/index.html')).toEqual({ status: 200, cache: 'HIT' });
  });

  it('shows a cache rule nginx refuses as failed with its reason, and the rules in effect go on serving (en_US)', async () => {
    const { context, page, table } = await openDeployment('en_US');
    const basic = page.url();
    const before = await partRows(table);

    // A rule of type regex that JavaScript accepts and nginx's PCRE refuses (the repeat is too large).
    await page.getByRole('tab', { name: 'Cache' }).click();
    const card = page.locator('#section-domainCache');
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByRole('button', { name: 'Add a rule' }).click();
    const rules = await card.getByRole('table', { name: 'Rules' }).locator('tbody tr').count();
    await card.getByLabel(`Type ${rules}`).selectOption('regex');
    await card.getByLabel(`Content ${rules}`).fill('/x{70000}');
    await card.getByRole('button', { name: 'Review changes' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`Content: /x{70000}`).waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await card.getByText(`Version ${cacheVersion + 1} ·`).waitFor();

    await page.goto(basic);
    const cacheRow = table.locator('tbody tr').filter({ hasText: texts.en_US.cache });
    // Read again within seconds of the acknowledged edit, not at the card's settled poll (15 s).
    await cacheRow.getByText(texts.en_US.failed, { exact: true }).waitFor({ timeout: 8000 });
    const rows = await partRows(table);
    const cache = rows.find((row) => row.part === texts.en_US.cache);
    expect(cache?.version).toBe(cacheVersion + 1);
    // nginx's words, naming the domain's configuration file and line.
    expect(await cacheRow.getByText(texts.en_US.reason).innerText()).toMatch(/domains\/.+\.conf:\d+/);
    // The version before it still serves, and the page says so.
    expect(cache?.state).toMatch(texts.en_US.still);
    // Every other part stays in effect, at the version it had.
    const others = rows.filter((row) => row !== cache);
    expect(allInEffect(others, 'en_US')).toBe(true);
    expect(others).toEqual(before.filter((row) => row.part !== texts.en_US.cache));
    await shootCard(page, table, 'edge-deployment-failed-en_US');

    // The rules in effect still serve: the page cached before, and a file not cached yet is cached.
    expect(await throughEdge('/index.html')).toEqual({ status: 200, cache: 'HIT' });
    expect(await throughEdge('/static/app.js')).toEqual({ status: 200, cache: 'MISS' });
    expect(await throughEdge('/static/app.js')).toEqual({ status: 200, cache: 'HIT' });
    await context.close();
  });

  it('says the same in Chinese (zh_CN)', async () => {
    const { context, page, table } = await openDeployment('zh_CN');
    const cacheRow = table.locator('tbody tr').filter({ hasText: texts.zh_CN.cache });
    await cacheRow.getByText(texts.zh_CN.failed, { exact: true }).waitFor();
    expect(await cacheRow.getByText(texts.zh_CN.reason).innerText()).toMatch(/domains\/.+\.conf:\d+/);
    const rows = await partRows(table);
    expect(rows.find((row) => row.part === texts.zh_CN.cache)?.state).toMatch(texts.zh_CN.still);
    expect(rows.find((row) => row.part === texts.zh_CN.cache)?.version).toBe(cacheVersion + 1);
    expect(
      allInEffect(
        rows.filter((row) => row.part !== texts.zh_CN.cache),
        'zh_CN',
      ),
    ).toBe(true);
    await shootCard(page, table, 'edge-deployment-failed-zh_CN');
    await context.close();
  });
});

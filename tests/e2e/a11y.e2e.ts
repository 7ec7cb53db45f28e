import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  desktop,
  launch,
  newContext,
  preferLanguage,
  screenshots,
  settled,
  signIn,
  tablet,
} from './support/browser';
import { startTrafficServer, type RunningServer } from './support/server-process';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
let server: RunningServer;
let dir: string;

beforeAll(async () => {
  // A server of its own with two days of demo history: the charts have something to draw.
  dir = mkdtempSync(join(tmpdir(), 'cdn-a11y-'));
  server = await startTrafficServer(join(dir, 'data'), 2);
  browser = await launch();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe's WCAG 2.0, 2.1 and 2.2 A and AA rules on the page as it is. */
async function axe(page: Page): Promise<Violation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: (ctx: Document, o: unknown) => Promise<{ violations: Violation[] }> };
    };
    const result = await w.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/**
 * The violations still there a second later. Screens that read live figures refresh themselves
 * (today's statistics every 10 s): a check during a refresh sees its Refresh button fading between
 * enabled and disabled, in colours neither state has.
 */
async function lasting(page: Page): Promise<Violation[]> {
  const first = await axe(page);
  if (first.length === 0) return first;
  await page.waitForTimeout(1000);
  await settled(page);
  return axe(page);
}

/** Waits for a screen's heading and for every part of it that reads data to have its data. */
async function ready(page: Page) {
  await page.locator('main h1').first().waitFor({ state: 'attached' });
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, null, {
    timeout: 30_000,
  });
  await settled(page);
}

const views = [
  '/cdn/dashboard',
  '/cdn/domain/list',
  '/cdn/domain/create',
  '/cdn/cert',
  '/cdn/ip-ban',
  '/cdn/content',
  '/cdn/utils/ipinquiry',
  '/cdn/statistics/bandwidth',
  '/cdn/statistics/flow',
  '/cdn/statistics/request',
  '/cdn/statistics/hit-rate',
  '/cdn/statistics/http-code',
  '/cdn/statistics/pv',
  '/cdn/statistics/peak',
  '/cdn/statistics/uv',
  '/cdn/count/flow',
  '/cdn/count/request',
  '/cdn/count/request-rank',
  '/cdn/count/response',
  '/cdn/count/request-rank-user',
  '/cdn/attack-monitor',
  '/cdn/response-time',
  '/cdn/uv-statistics',
  '/cdn/report',
  '/cdn/log',
  '/cdn/traffic-package',
  '/cdn/resource-config',
  '/cdn/file-sync',
  '/cdn/alarm-manage',
  '/cdn/alarm-manage?tab=history',
  '/cdn/alarm-manage?tab=templates',
  '/cdn/alarm-manage?tab=contacts',
  '/cdn/user/list',
  '/cdn/user/create',
  '/cdn/user/audit-log',
  '/cdn/token-manage',
  '/cdn/suggestion',
  '/cdn/help',
  '/cdn/ticket',
];

/**
 * Every route is checked four times, each time in one language, one width and one theme, so that
 * every pair of the three is met once: zh_CN at desktop width in the light theme, zh_CN at tablet
 * width in the dark, en_US at desktop in the dark, en_US at tablet in the light. A violation that
 * comes from one language, one width or one theme, or from two of them together, is found; all
 * eight would double the run for no rule that depends on all three at once.
 */
const rounds = [
  { language: 'zh_CN', viewport: desktop, theme: 'light' },
  { language: 'zh_CN', viewport: tablet, theme: 'dark' },
  { language: 'en_US', viewport: desktop, theme: 'dark' },
  { language: 'en_US', viewport: tablet, theme: 'light' },
] as const;

/** The screens photographed in the dark theme (artifacts/screenshots/dark-*). */
const darkShots: Record<string, string> = {
  '/cdn/dashboard': 'dashboard',
  '/cdn/domain/list': 'domain-list',
  '/cdn/statistics/bandwidth': 'statistics',
  '/cdn/cert': 'certificates',
  '/cdn/ip-ban': 'ip-ban',
  '/cdn/alarm-manage': 'alarms',
};

/**
 * The dialogs the main screens open with their first button, by the button's name in each
 * language: checked open, each over its screen.
 */
const dialogs = [
  { view: '/cdn/cert', button: { en_US: 'Upload certificate', zh_CN: '上传证书' } },
  { view: '/cdn/ip-ban', button: { en_US: 'Ban IPs', zh_CN: '封禁 IP' } },
  { view: '/cdn/token-manage', button: { en_US: 'Create token', zh_CN: '创建令牌' } },
  { view: '/cdn/alarm-manage', button: { en_US: 'Create alarm policy', zh_CN: '新建告警策略' } },
  { view: '/cdn/ticket', button: { en_US: 'Submit ticket', zh_CN: '提交工单' } },
] as const;

/** The routes whose address names a domain, a sub-account or a ticket: those of the demo data. */
async function addressesOf(page: Page): Promise<string[]> {
  const hrefOf = async (view: string, selector: string) => {
    await page.goto(`${server.url}/#${view}`);
    await ready(page);
    const href = await page.locator(selector).first().getAttribute('href');
    if (!href) throw new Error(`no ${selector} on ${view}`);
    return href.replace(/^#/, '');
  };
  const domain = await hrefOf('/cdn/domain/list', 'a[href^="#/cdn/domain/detail?id="]');
  const id = new URL(domain, 'http://x').searchParams.get('id') ?? '';
  const subAccount = await hrefOf('/cdn/user/list', 'a[href^="#/cdn/user/detail/"]');
  const ticket = await hrefOf('/cdn/ticket', 'a[href^="#/cdn/ticket/detail"]');
  return [
    domain,
    ...['origin', 'cache', 'https', 'access', 'performance', 'advanced', 'history'].map(
      (section) => `${domain}&section=${section}`,
    ),
    `/cdn/domain/copy/${id}`,
    subAccount,
    `${subAccount}?tab=permissions`,
    `${subAccount}?tab=security`,
    ticket,
  ];
}

/**
 * The screen routes of the router (`src/app/router.tsx`) no address of the list reaches: a route
 * added to the console without being added here fails the test. `cdn/statistics` only sends on to
 * its first type.
 */
function unvisitedRoutes(addresses: string[]): string[] {
  const source = readFileSync('src/app/router.tsx', 'utf8');
  const paths = [...source.matchAll(/'(cdn\/[a-z0-9/$-]+)'/g)].map((m) => m[1] ?? '');
  return [...new Set(paths)]
    .filter((path) => path !== 'cdn/statistics')
    .filter((path) => {
      const pattern = new RegExp(`^/${path.replace(/\$[a-z]+/g, '[^/?]+')}(\\?|$)`);
      return !addresses.some((address) => pattern.test(address));
    });
}

describe('every route passes axe (WCAG 2.2 A and AA)', () => {
  for (const { language, viewport, theme } of rounds) {
    it(`${language}, ${viewport === desktop ? 'desktop' : 'tablet'}, ${theme}`, async () => {
      const context = await newContext(browser, { language, viewport });
      await preferLanguage(context, language);
      await context.addInitScript((mode) => localStorage.setItem('cdn_color_mode', mode), theme);
      const page = await context.newPage();
      const found: Record<string, Violation[]> = {};
      const check = async (name: string) => {
        const violations = await lasting(page);
        if (violations.length > 0) found[name] = violations;
      };

      await page.goto(`${server.url}/`);
      await page.waitForURL(/\/portal\/login/);
      await check('/portal/login');
      await signIn(page, server.url, 'demo');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
        theme === 'dark',
      );
      const addresses = [...views, ...(await addressesOf(page))];
      expect(unvisitedRoutes([...addresses, '/cdn/open-service'])).toEqual([]);
      for (const view of addresses) {
        await page.goto(`${server.url}/#${view}`);
        await ready(page).catch(async (error: unknown) => {
          const shown = await page.locator('body').innerText();
          throw new Error(`${view} did not show its heading; it showed:\n${shown.slice(0, 2000)}`, {
            cause: error,
          });
        });
        await check(view);
        const shot = darkShots[view];
        if (theme === 'dark' && shot) await screenshots(page, `dark-${shot}-${language}`, { pause: 300 });
      }
      await page.keyboard.press('Control+k');
      await page.getByRole('combobox').fill('a');
      await page.getByRole('option').first().waitFor();
      await settled(page);
      await check('command palette');
      await page.keyboard.press('Escape');
      for (const { view, button } of dialogs) {
        await page.goto(`${server.url}/#${view}`);
        await ready(page);
        await page.getByRole('button', { name: button[language], exact: true }).first().click();
        await page.getByRole('dialog').waitFor();
        await settled(page);
        await check(`${view}: ${button[language]}`);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog').waitFor({ state: 'detached' });
      }
      await page.goto(`${server.url}/#/cdn/user/list`);
      await ready(page);
      await page.getByRole('button', { name: /^(User menu|用户菜单)/ }).click();
      await page.getByRole('menuitem', { name: /Account center|账号中心/ }).click();
      await page.waitForURL(/#\/cdn\/user\/detail\//);
      await ready(page);
      await check('account center');
      await context.close();

      const newcomer = await newContext(browser, { language, viewport });
      await preferLanguage(newcomer, language);
      await newcomer.addInitScript((mode) => localStorage.setItem('cdn_color_mode', mode), theme);
      const activation = await newcomer.newPage();
      await signIn(activation, server.url, 'newbie');
      await activation.waitForURL(/open-service/);
      await ready(activation);
      const violations = await lasting(activation);
      if (violations.length > 0) found['/cdn/open-service'] = violations;
      await newcomer.close();

      expect(found).toEqual({});
    }, 900_000);
  }
});

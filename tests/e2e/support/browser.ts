import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
// @ts-expect-error plain ESM helper shared with the test script
import { chromiumArgs, chromiumPath } from '../../../scripts/chromium.mjs';

export const demoPassword = process.env.DEMO_PASSWORD || 'Cdn#Demo2026';
export const desktop = { width: 1440, height: 900 };
export const tablet = { width: 820, height: 1180 };
const shotsDir = join(process.cwd(), 'artifacts', 'screenshots');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath as string, args: chromiumArgs as string[] });
}

/**
 * Chromium for the journeys of one file: launched before them, closed after. The answer stands
 * for the browser launched then (calls on it reach that browser), so a file writes
 * `const browser = useBrowser();` and uses it as a `Browser`.
 */
export function useBrowser(): Browser {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launch();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return new Proxy({} as Browser, {
    get(_, key) {
      if (!launched) throw new Error('the browser is launched before the journeys run');
      const value: unknown = Reflect.get(launched, key);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(launched) : value;
    },
  });
}

export async function newContext(
  browser: Browser,
  options: { language?: 'zh_CN' | 'en_US'; viewport?: { width: number; height: number } } = {},
): Promise<BrowserContext> {
  const language = options.language ?? 'zh_CN';
  return browser.newContext({
    viewport: options.viewport ?? desktop,
    locale: language === 'zh_CN' ? 'zh-CN' : 'en-US',
    serviceWorkers: 'allow',
  });
}

/** Sets the console language the way the language switch stores it (local storage). */
export async function setLanguage(page: Page, baseUrl: string, language: 'zh_CN' | 'en_US') {
  await page.goto(`${baseUrl}/portal/login?lang=${language}`);
  await page.evaluate((lang) => localStorage.setItem('cdn_language', lang), language);
}

/** Waits until opening menus and dialogs have finished their animation. */
export async function settled(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** One screenshot at the page's current size (artifacts/screenshots/`name`.png). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(shotsDir, { recursive: true });
  await settled(page);
  await page.screenshot({ path: join(shotsDir, `${name}.png`) });
}

/**
 * The same screen at desktop and at tablet width (`name`-desktop.png, `name`-tablet.png), the
 * page resized between the two and left at the size it had. `pause` (ms) after a resize lets
 * what animates by script (the charts growing into place) finish.
 */
export async function screenshots(page: Page, name: string, options: { pause?: number } = {}) {
  const size = page.viewportSize() ?? desktop;
  for (const [width, viewport] of [
    ['desktop', desktop],
    ['tablet', tablet],
  ] as const) {
    if (page.viewportSize()?.width !== viewport.width) {
      await page.setViewportSize(viewport);
      if (options.pause) await page.waitForTimeout(options.pause);
    }
    await screenshot(page, `${name}-${width}`);
  }
  if (size.width !== tablet.width) await page.setViewportSize(size);
}

/**
 * Opens the console, is sent to the sign-in portal (with the console's `state`), signs in, and
 * waits for the console. A canvas account signs in on the canvas page with the same query.
 */
export async function signIn(page: Page, baseUrl: string, login: string, options: { canvas?: boolean } = {}) {
  await page.goto(`${baseUrl}/`);
  await page.waitForURL(/\/portal\/login\?/);
  if (options.canvas) {
    const url = new URL(page.url());
    url.pathname = '/canvas/login';
    await page.goto(url.toString());
  }
  await page.getByLabel(/Username|用户名/).fill(login);
  await page.getByLabel(/Password|密码/).fill(demoPassword);
  await page.getByRole('button', { name: /Sign in|登录/ }).click();
  try {
    await page.waitForURL(/#\/cdn\//);
  } catch (error) {
    const said = await page
      .getByRole('alert')
      .allTextContents()
      .catch(() => []);
    throw new Error(`sign-in as ${login} did not reach the console (at ${page.url()}): ${said.join(' | ')}`, {
      cause: error,
    });
  }
}

/** Makes the console start in the given language (as if the user had chosen it earlier). */
export async function preferLanguage(context: BrowserContext, language: 'zh_CN' | 'en_US') {
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('cdn_language')) localStorage.setItem('cdn_language', lang);
  }, language);
}

/** Opens the account menu and waits for its full list. */
export async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /Switch account|切换账号/ }).click();
  await page.getByRole('searchbox').waitFor();
}

import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import {
  demoPassword,
  newContext,
  preferLanguage,
  screenshots,
  settled,
  signIn,
  useBrowser,
} from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

interface Envelope<T = Record<string, unknown>> {
  code: number;
  msg: string;
  data: T;
}

/** A call of the signed-in page's console, with its token (as a script of the user would make it). */
async function call<T = Record<string, unknown>>(
  page: Page,
  name: keyof typeof routes,
  body?: Record<string, unknown>,
): Promise<Envelope<T>> {
  const { method, path: bare } = routes[name];
  const path =
    method === 'GET' && body ? `${bare}?${new URLSearchParams(body as Record<string, string>)}` : bare;
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('cdn_token')}`,
          'Accept-Language': 'en_US',
          ...(method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
        },
        body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      });
      return res.json();
    },
    { method, path, body },
  ) as Promise<Envelope<T>>;
}

const stepOf = (now: number) => Math.floor(now / 30_000);
const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) });

/**
 * Signs out through the user menu and waits for the portal's page. A dialog closed just before
 * gives the focus back when its animation ends, which would close a menu opened meanwhile: the
 * page is let settle before the menu opens, and the menu before its item is chosen.
 */
async function signOut(page: Page) {
  await settled(page);
  await page.getByRole('button', { name: /^User menu/ }).click();
  const item = page.getByRole('menuitem', { name: 'Sign out' });
  await item.waitFor();
  await settled(page);
  await item.click();
  await page.getByText('You have signed out.').waitFor();
}

describe('sub-accounts, two-factor sign-in, tokens and the audit log', () => {
  it('gives a sub-account two domains and the domain list; it signs in with TOTP and reaches only those', async () => {
    const mainContext = await newContext(browser);
    await preferLanguage(mainContext, 'en_US');
    const main = await mainContext.newPage();
    await signIn(main, baseUrl, 'demo');
    const names = await call<{ lists: { id: string; domain: string; status: string }[] }>(
      main,
      'domainNames',
    );
    const active = names.data.lists.filter((d) => d.status === 'active');
    const [first, second, third] = active;
    if (!first || !second || !third) throw new Error('the demo account needs three active domains');

    // The main account creates the sub-account: its sign-in, then its permissions.
    await main.goto(`${baseUrl}/#/cdn/user/create`);
    await main.getByLabel(/^Login/).fill('e2e-ops');
    await main.getByLabel(/^Password/).fill(demoPassword);
    await main.getByLabel(/^Confirm password/).fill(demoPassword);
    await main.getByRole('button', { name: 'Next' }).click();
    // The boxes are drawn over hidden inputs: their labels are what a user clicks.
    await main
      .getByRole('group', { name: 'Function permission' })
      .getByText('Domain list', { exact: true })
      .click();
    for (const domain of [first, second]) await main.getByText(domain.domain, { exact: true }).click();
    expect(await main.getByRole('checkbox', { name: first.domain }).isChecked()).toBe(true);
    await main.getByRole('button', { name: 'Create' }).click();
    await main.getByRole('link', { name: 'View its details' }).waitFor();

    // The sub-account signs in with its password and turns two-factor sign-in on.
    const subContext = await newContext(browser);
    await preferLanguage(subContext, 'en_US');
    const sub = await subContext.newPage();
    await signIn(sub, baseUrl, 'e2e-ops');
    await sub.getByRole('button', { name: /^User menu/ }).click();
    await sub.getByRole('menuitem', { name: 'Account center' }).click();
    await sub.getByRole('heading', { name: 'Account center' }).waitFor();
    await sub.getByRole('button', { name: 'Turn on' }).click();
    const dialog = sub.getByRole('dialog');
    await dialog.getByRole('img', { name: 'QR code of the key' }).waitFor();
    const secret = await dialog.getByTestId('totp-key').getAttribute('data-secret');
    if (!secret) throw new Error('no key was shown');
    const enabledAt = Date.now();
    await dialog.getByLabel(/^6-digit code/).fill(totpOf(secret).generate({ timestamp: enabledAt }));
    await dialog.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect.poll(() => dialog.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10);
    await dialog.getByText('I have saved the recovery codes').click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await sub.getByText(/^On: sign-in asks for a code/).waitFor();
    await signOut(sub);

    // Signing in again asks for a code: a new one (a code is taken once).
    await sub.goto(`${baseUrl}/`);
    await sub.waitForURL(/\/portal\/login\?/);
    await sub.getByLabel(/Username/).fill('e2e-ops');
    await sub.getByLabel(/Password/).fill(demoPassword);
    await sub.getByRole('button', { name: 'Sign in' }).click();
    await sub.getByLabel('Code or recovery code').waitFor();
    while (stepOf(Date.now()) <= stepOf(enabledAt)) await sub.waitForTimeout(500);
    await sub.getByLabel('Code or recovery code').fill(totpOf(secret).generate());
    await sub.getByRole('button', { name: 'Verify' }).click();
    await sub.waitForURL(/#\/cdn\//);

    // Only the granted menu, only the two domains.
    const menu = sub.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('link', { name: 'Domain list' }).waitFor();
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Domain list']);
    await sub.goto(`${baseUrl}/#/cdn/domain/list`);
    await sub.getByText(first.domain, { exact: true }).first().waitFor();
    await sub.getByText(second.domain, { exact: true }).first().waitFor();
    expect(await sub.getByText(third.domain, { exact: true }).count()).toBe(0);
    const listed = await call<{ lists: { domain: string }[] }>(sub, 'domainNames');
    expect(listed.data.lists.map((d) => d.domain).sort()).toEqual([first.domain, second.domain].sort());
    // A call on the third domain by its id is refused.
    const refused = await call(sub, 'domainDetail', { id: third.id });
    expect(refused.code).not.toBe(0);
    expect(JSON.stringify(refused.data)).not.toContain(third.domain);
    const granted = await call(sub, 'domainDetail', { id: first.id });
    expect(granted.code).toBe(0);
    // User management is not the sub-account's.
    expect((await call(sub, 'childLists')).code).not.toBe(0);
    await subContext.close();

    // The 6th sub-account is refused with the limit's message.
    const made: number[] = [];
    const children = await call<{ lists: { id: number; login: string }[] }>(main, 'childLists');
    for (let n = children.data.lists.length; n < 5; n += 1) {
      const added = await call<{ user: { id: number } }>(main, 'childAdd', {
        login: `e2e-extra${n}`,
        password: demoPassword,
        confirm_password: demoPassword,
      });
      expect(added.code).toBe(0);
      made.push(added.data.user.id);
    }
    const sixth = await call(main, 'childAdd', {
      login: 'e2e-sixth',
      password: demoPassword,
      confirm_password: demoPassword,
    });
    expect(sixth.msg).toBe(
      'Up to 5 sub-accounts can be created. To create a new one, please delete an unneeded sub-account first.',
    );
    await main.goto(`${baseUrl}/#/cdn/user/list`);
    await main.reload();
    await main.getByRole('link', { name: 'e2e-extra4' }).waitFor();
    await main.goto(`${baseUrl}/#/cdn/user/create`);
    await main.getByText('You have 5 sub-accounts, the most an account may have.').waitFor();

    // The 6th token is refused with the spec's message.
    const tokens = await call<{ lists: unknown[] }>(main, 'tokenLists');
    const mainId = (await call<{ user_id: number }>(main, 'loginInfo')).data.user_id;
    const tokenIds: string[] = [];
    for (let n = tokens.data.lists.length; n < 5; n += 1) {
      const made = await call<{ token: { id: string } }>(main, 'tokenCreate', {
        user_id: mainId,
        remark: `e2e ${n}`,
      });
      expect(made.code).toBe(0);
      tokenIds.push(made.data.token.id);
    }
    const limit =
      'Only supports the creation of up to 5 tokens. If you need to create a new token, please delete the unnecessary tokens first.';
    expect((await call(main, 'tokenCreate', { user_id: mainId })).msg).toBe(limit);
    await main.goto(`${baseUrl}/#/cdn/token-manage`);
    await main.getByText(limit).waitFor();
    expect(await main.getByRole('button', { name: 'Create token' }).isDisabled()).toBe(true);

    // The audit log shows every step.
    await main.goto(`${baseUrl}/#/cdn/user/audit-log?keyword=e2e-ops`);
    for (const action of ['Created a sub-account', 'Signed in', 'Turned on two-factor authentication'])
      await main.getByRole('cell', { name: action }).first().waitFor();
    await main.goto(`${baseUrl}/#/cdn/user/audit-log?action=tokenCreate`);
    await main.getByRole('cell', { name: 'Created an API token' }).first().waitFor();

    // What this journey made is removed again: the other journeys see the demo as seeded.
    for (const id of tokenIds)
      expect((await call(main, 'tokenDelete', { id, confirm: 'demo' })).code).toBe(0);
    const ops = (await call<{ lists: { id: number; login: string }[] }>(main, 'childLists')).data.lists.find(
      (c) => c.login === 'e2e-ops',
    );
    for (const id of [...made, ...(ops ? [ops.id] : [])])
      expect((await call(main, 'childDelete', { user_id: id })).code).toBe(0);
    await mainContext.close();
  }, 180_000);
});

/** Screenshots of the user management screens, both languages, desktop and tablet width. */
describe('user management screens', () => {
  for (const language of ['zh_CN', 'en_US'] as const) {
    it(language, async () => {
      const name = (screen: string) => `${screen}-${language}`;
      const context = await newContext(browser, { language });
      await preferLanguage(context, language);
      const page = await context.newPage();
      await signIn(page, baseUrl, 'demo');
      const children = await call<{ lists: { id: number; login: string }[] }>(page, 'childLists');
      const analyst = children.data.lists.find((c) => c.login === 'demo-analyst');
      if (!analyst) throw new Error('the demo has its analyst');
      const own = (await call<{ user_id: number }>(page, 'loginInfo')).data.user_id;

      await page.goto(`${baseUrl}/#/cdn/user/list`);
      await page.getByRole('link', { name: 'demo-analyst' }).waitFor();
      await screenshots(page, name('user-list'));
      await page.goto(`${baseUrl}/#/cdn/user/create`);
      await page.getByRole('button', { name: /^(Next|下一步)$/ }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      await screenshots(page, name('user-create'));
      for (const tab of ['profile', 'permissions', 'security'] as const) {
        await page.goto(
          `${baseUrl}/#/cdn/user/detail/${analyst.id}${tab === 'profile' ? '' : `?tab=${tab}`}`,
        );
        await page.getByRole('tabpanel').locator('input, button').first().waitFor();
        await screenshots(page, name(`user-detail-${tab}`));
      }
      await page.goto(`${baseUrl}/#/cdn/user/detail/${own}`);
      await page.getByRole('button', { name: /^(Turn on|开启)$/ }).click();
      await page
        .getByRole('dialog')
        .getByRole('img', { name: /QR code|二维码/ })
        .waitFor();
      await screenshots(page, name('two-factor-setup'));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await screenshots(page, name('account-center'));
      await page.goto(`${baseUrl}/#/cdn/token-manage`);
      await page
        .getByRole('button', { name: /^(Create token|创建令牌)$/ })
        .first()
        .click();
      await page.getByRole('dialog').waitFor();
      await screenshots(page, name('token-create'));
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await screenshots(page, name('tokens'));
      await page.goto(`${baseUrl}/#/cdn/user/audit-log`);
      await page.getByRole('row').nth(1).waitFor();
      await screenshots(page, name('audit-log'));
      await context.close();
    });
  }
});

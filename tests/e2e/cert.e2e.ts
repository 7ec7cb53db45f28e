import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestPki } from '../support/certs';
import { desktop, launch, newContext, preferLanguage, screenshot, signIn, tablet } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let pki: TestPki;
let wildcard: { cert: string; key: string };
let foreignChain: string;
let leafOnly: { cert: string; key: string };
let intermediate: string;
let encryptedKey: string;

beforeAll(async () => {
  browser = await launch();
  pki = new TestPki();
  pki.root('root');
  pki.key('inter', { rsa: 2048 });
  intermediate = pki.issue('inter', 'root', { ca: true, cn: 'E2E Issuing CA' });
  pki.root('other-root');
  pki.key('other', { rsa: 2048 });
  foreignChain = pki.issue('other', 'other-root', { ca: true, cn: 'Unrelated CA' });
  wildcard = { key: pki.key('wild', { rsa: 2048 }), cert: '' };
  wildcard.cert = pki.issue('wild', 'inter', { cn: '*.demo-shop.com', dns: ['*.demo-shop.com'], days: 200 });
  leafOnly = { key: pki.key('leaf', { rsa: 2048 }), cert: '' };
  leafOnly.cert = pki.issue('leaf', 'inter', { cn: 'en.demo-shop.com' });
  encryptedKey = pki.encryptedKey('leaf', 'secret-password');
});
afterAll(async () => {
  await browser?.close();
  pki?.dispose();
});

const certList = (page: Page) => page.getByRole('table');
const rowOf = (page: Page, name: string) => certList(page).getByRole('row').filter({ hasText: name });

/** Fills the upload dialog and sends it. */
async function upload(
  page: Page,
  fields: { name: string; certificate: string; key: string; password?: string },
) {
  const dialog = page.getByRole('dialog', { name: /Upload certificate|上传证书/ });
  await dialog.getByLabel(/Certificate name|证书名称/).fill(fields.name);
  await dialog.getByRole('textbox', { name: /Certificate and chain|证书及证书链/ }).fill(fields.certificate);
  await dialog.getByRole('textbox', { name: /Private key|私钥（PEM）/ }).fill(fields.key);
  await dialog.getByLabel(/^Key password|^私钥密码/).fill(fields.password ?? '');
  await dialog.getByRole('button', { name: /^Upload$|^上传$/ }).click();
  return dialog;
}

/** Waits until the outbox has sent everything (the indicator says so). */
async function synced(page: Page) {
  await expect.poll(() => page.getByText(/Pending sync|待同步/).count(), { timeout: 30_000 }).toBe(0);
}

describe('certificates', () => {
  it('uploads a broken chain by force, associates it with covered domains only, shows it in HTTPS, and HTTPS off unlinks it', async () => {
    const context = await newContext(browser, { language: 'en_US' });
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await page.goto(`${baseUrl}/#/cdn/cert`);
    await certList(page).waitFor();

    // The upload's checks, each with its message; the fields keep what was typed.
    await page.getByRole('button', { name: 'Upload certificate' }).first().click();
    let dialog = await upload(page, { name: 'E2E leaf only', certificate: leafOnly.cert, key: leafOnly.key });
    await dialog.getByText('Certificate incomplete, upload failed.').waitFor();
    await screenshot(page, 'cert-upload-incomplete-en_US-desktop');
    dialog = await upload(page, {
      name: 'E2E leaf only',
      certificate: leafOnly.cert + intermediate,
      key: encryptedKey,
    });
    await dialog.getByText('The private key is encrypted: enter its key password').waitFor();
    await screenshot(page, 'cert-upload-password-en_US-desktop');
    dialog = await upload(page, {
      name: 'E2E wrong key',
      certificate: leafOnly.cert + intermediate,
      key: wildcard.key,
    });
    await dialog.getByText('The private key does not belong to this certificate').waitFor();
    await screenshot(page, 'cert-upload-wrong-key-en_US-desktop');
    expect(await dialog.getByLabel('Certificate name').inputValue()).toBe('E2E wrong key');

    // A chain that does not link: refused with a force-submit, then accepted pending audit.
    dialog = await upload(page, {
      name: 'E2E wildcard',
      certificate: wildcard.cert + foreignChain,
      key: wildcard.key,
    });
    await dialog.getByText(/^Certificate chain inconsistent/).waitFor();
    await screenshot(page, 'cert-upload-chain-en_US-desktop');
    await dialog.getByRole('button', { name: 'Submit anyway' }).click();
    await dialog.waitFor({ state: 'detached' });
    await rowOf(page, 'E2E wildcard').getByText('Pending audit').waitFor();

    // Associate: an uncovered domain is refused; two covered ones are queued and applied.
    await rowOf(page, 'E2E wildcard').getByRole('button', { name: 'Associate domains' }).click();
    const steps = page.getByRole('dialog', { name: 'Associate domains' });
    await steps.getByText('Choose the domains', { exact: false }).first().waitFor();
    await steps.getByText('news.demo-media.cn', { exact: true }).first().click();
    await steps.getByRole('button', { name: 'Next' }).click();
    await steps.getByText('Associated domain not found.').waitFor();
    await screenshot(page, 'cert-associate-refused-en_US-desktop');
    await steps.getByText('news.demo-media.cn', { exact: true }).first().click();
    await steps.getByText('en.demo-shop.com', { exact: true }).first().click();
    await steps.getByText('jp.demo-shop.com', { exact: true }).first().click();
    await steps.getByRole('button', { name: 'Next' }).click();
    await steps.getByText(/Associate E2E wildcard with these domains\?/).waitFor();
    await screenshot(page, 'cert-associate-confirm-en_US-desktop');
    await steps.getByRole('button', { name: 'Associate', exact: true }).click();
    await steps.waitFor({ state: 'detached' });
    await synced(page);
    await expect
      .poll(() => rowOf(page, 'E2E wildcard').textContent(), { timeout: 30_000 })
      .toMatch(/en\.demo-shop\.com, jp\.demo-shop\.com/);

    // The domain's HTTPS section serves it; HTTPS off unlinks it (the certificate stays).
    await page.goto(`${baseUrl}/#/cdn/domain/list?keyword=en.demo-shop.com`);
    await page.getByRole('link', { name: 'en.demo-shop.com', exact: true }).click();
    await page.getByRole('tab', { name: 'HTTPS' }).click();
    await page.getByText(/^E2E wildcard · \*\.demo-shop\.com/).waitFor();
    await page.getByRole('button', { name: 'Turn HTTPS off' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Turn HTTPS off' }).click();
    await page.getByText('HTTPS is off: no certificate is associated.').waitFor();
    await synced(page);
    await page.goto(`${baseUrl}/#/cdn/cert?keyword=E2E%20wildcard`);
    await expect
      .poll(() => rowOf(page, 'E2E wildcard').textContent(), { timeout: 30_000 })
      .not.toMatch(/en\.demo-shop\.com/);
    await context.close();
  });

  it('associates offline: kept across a reload, sent once when the connection returns', async () => {
    const context = await newContext(browser, { language: 'en_US' });
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    // The service worker controls the page, so the console reloads offline; the certificates are
    // on the device once their list was read.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.goto(`${baseUrl}/#/cdn/cert`);
    await certList(page).waitFor();
    await page.goto(`${baseUrl}/#/cdn/domain/list?keyword=global.demo-shop.com`);
    await page.getByRole('link', { name: 'global.demo-shop.com', exact: true }).click();
    await page.waitForURL(/#\/cdn\/domain\/detail\?id=/);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await page.getByRole('tab', { name: 'HTTPS' }).click();
    await page.getByText('HTTPS is off: no certificate is associated.').waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Associate a certificate' }).click();
    const steps = page.getByRole('dialog', { name: 'Associate domains' });
    const option = await steps.locator('option', { hasText: 'demo-shop wildcard' }).getAttribute('value');
    await steps.getByRole('combobox').selectOption(option ?? '');
    await steps.getByRole('button', { name: 'Next' }).click();
    await steps.getByRole('button', { name: 'Next' }).click();
    await steps.getByRole('button', { name: 'Associate', exact: true }).click();
    await steps.waitFor({ state: 'detached' });
    const https = page.locator('#section-domainHttps');
    await https.getByText('Pending sync').waitFor();
    await https.getByText(/^demo-shop wildcard ·/).waitFor();

    await page.reload();
    await https.getByText('Pending sync').waitFor();
    await https.getByText(/^demo-shop wildcard ·/).waitFor();

    await context.setOffline(false);
    await https.getByText('Pending sync').waitFor({ state: 'detached', timeout: 30_000 });
    // Applied once: one new version of the HTTPS section, made by the association.
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('combobox', { name: 'Section' }).selectOption('domainHttps');
    const versions = page.getByRole('table', { name: 'Versions' });
    await versions.waitFor();
    await expect.poll(() => versions.locator('tbody tr').count()).toBe(1);
    await context.close();
  });

  for (const language of ['zh_CN', 'en_US'] as const)
    for (const [width, viewport] of [
      ['desktop', desktop],
      ['tablet', tablet],
    ] as const)
      it(`shows the list with every state, the upload and the association (${language}, ${width})`, async () => {
        const context = await newContext(browser, { language, viewport });
        await preferLanguage(context, language);
        const page = await context.newPage();
        await signIn(page, baseUrl, 'demo');
        await page.goto(`${baseUrl}/#/cdn/cert`);
        await certList(page).waitFor();
        for (const status of language === 'en_US'
          ? ['In service', 'Expired', 'Pending audit']
          : ['使用中', '已过期', '待审核'])
          await certList(page).getByText(status, { exact: true }).first().waitFor();
        await screenshot(page, `cert-list-${language}-${width}`);
        await page.goto(`${baseUrl}/#/cdn/dashboard`);
        await page
          .locator('section[aria-labelledby="dashboard-certs"]')
          .getByText(/demo-media www/)
          .waitFor({ timeout: 30_000 });
        await screenshot(page, `cert-dashboard-${language}-${width}`);
        await page.goto(`${baseUrl}/#/cdn/cert`);
        await certList(page).waitFor();
        await page
          .getByRole('button', { name: /^Upload certificate$|^上传证书$/ })
          .first()
          .click();
        await page.getByRole('button', { name: /^Upload$|^上传$/ }).click();
        await page.getByText(/Enter a name|请输入证书名称/).waitFor();
        await screenshot(page, `cert-upload-required-${language}-${width}`);
        await page.keyboard.press('Escape');
        await rowOf(page, 'demo-shop wildcard')
          .getByRole('button', { name: /Associate domains|关联域名/ })
          .click();
        await page.getByRole('dialog').getByRole('checkbox').first().waitFor();
        await screenshot(page, `cert-associate-domains-${language}-${width}`);
        await context.close();
      });
});

import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestPki } from '../support/certs';
import {
  desktop,
  launch,
  newContext,
  preferLanguage,
  screenshot,
  screenshots,
  signIn,
} from './support/browser';

type Language = 'zh_CN' | 'en_US';
const baseUrl = inject('baseUrl');
let browser: Browser;
let pki: TestPki;
/** The test CA's issuing certificate: a leaf followed by it is a chain that links. */
let intermediate: string;
/** A CA certificate of another root: a leaf followed by it is a chain that does not link. */
let foreignChain: string;
/** A leaf for the upload's refusals, its key, the same key encrypted, and a key of another leaf. */
let refused: { cert: string; key: string; encryptedKey: string; otherKey: string };

beforeAll(async () => {
  browser = await launch();
  pki = new TestPki();
  pki.root('root');
  pki.key('inter', { rsa: 2048 });
  intermediate = pki.issue('inter', 'root', { ca: true, cn: 'E2E Issuing CA' });
  pki.root('other-root');
  pki.key('other', { rsa: 2048 });
  foreignChain = pki.issue('other', 'other-root', { ca: true, cn: 'Unrelated CA' });
  const leaf = leafFor('refused', ['shop.example.org']);
  refused = {
    ...leaf,
    encryptedKey: pki.encryptedKey('refused', 'secret-password'),
    otherKey: pki.key('stranger', { rsa: 2048 }),
  };
});
afterAll(async () => {
  await browser?.close();
  pki?.dispose();
});

/** A leaf certificate for `names` (the first is its CN) issued by the test CA, with its key. */
function leafFor(file: string, names: string[]) {
  const key = pki.key(file, { rsa: 2048 });
  return { key, cert: pki.issue(file, 'inter', { cn: names[0], dns: names, days: 200 }) };
}

/** A zone no other test uses: domain names are unique across accounts. */
const uniqueZone = () => `e2e${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.com`;

const words = {
  en_US: {
    upload: 'Upload certificate',
    submit: 'Upload',
    name: 'Certificate name',
    certificate: 'Certificate and chain (PEM)',
    key: 'Private key (PEM)',
    password: 'Key password',
    cancel: 'Cancel',
    incomplete: 'Certificate incomplete, upload failed.',
    keyMismatch: 'The private key does not belong to this certificate',
    passwordRequired: 'The private key is encrypted: enter its key password',
    chain: 'Certificate chain inconsistent: the certificates do not link from the leaf to its issuers.',
    associate: 'Associate domains',
    chooseCert: 'Choose the certificate',
    back: 'Back',
    next: 'Next',
    notCovered: 'Not covered',
    notFound: 'Associated domain not found.',
    confirm: (cert: string) => `Associate ${cert} with these domains?`,
    states: {
      'demo-shop wildcard': ['In service'],
      'demo-media www': ['In service', 'Expiring soon: 3 days left'],
      'demo-media images': ['In service', '20 days left'],
      'spring promotion (old)': ['Expired'],
      'vod (chain to check)': ['Pending audit'],
      'live streaming': ['Domain suspended'],
      'api v2': ['Not associated'],
    },
  },
  zh_CN: {
    upload: '上传证书',
    submit: '上传',
    name: '证书名称',
    certificate: '证书及证书链（PEM）',
    key: '私钥（PEM）',
    password: '私钥密码',
    cancel: '取消',
    incomplete: '证书不完整，上传失败。',
    keyMismatch: '私钥与证书不匹配',
    passwordRequired: '私钥已加密，请输入私钥密码',
    chain: '证书链不一致：证书无法从服务器证书逐级链接到其颁发者。',
    associate: '关联域名',
    chooseCert: '选择证书',
    back: '上一步',
    next: '下一步',
    notCovered: '不在证书范围内',
    notFound: '关联域名不存在。',
    confirm: (cert: string) => `确定将 ${cert} 关联到以下域名？`,
    states: {
      'demo-shop wildcard': ['使用中'],
      'demo-media www': ['使用中', '即将过期：剩余 3 天'],
      'demo-media images': ['使用中', '剩余 20 天'],
      'spring promotion (old)': ['已过期'],
      'vod (chain to check)': ['待审核'],
      'live streaming': ['域名已挂起'],
      'api v2': ['未关联'],
    },
  },
} as const;

const certList = (page: Page) => page.getByRole('table');
const rowOf = (page: Page, name: string) => certList(page).getByRole('row').filter({ hasText: name });
const indicator = (page: Page) => page.getByRole('button', { name: /^(Sync status|同步状态)/ });

/**
 * What the page reports as errors: console errors and uncaught exceptions. The sign-in portal's
 * pages name no icon, so the browser may ask for /favicon.ico and log its 404 (reported, not ours
 * to judge here).
 */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    const at = message.location().url;
    if (message.type() === 'error' && !at.endsWith('/favicon.ico')) errors.push(`${message.text()} (${at})`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function openConsole(language: Language, viewport = desktop) {
  const context = await newContext(browser, { language, viewport });
  await preferLanguage(context, language);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await signIn(page, baseUrl, 'demo');
  return { context, page, errors };
}

/** A read of the server's API with the page's sign-in; the envelope's code must be 0. */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const answer = await page.evaluate(async (path) => {
    const token = localStorage.getItem('cdn_token') ?? '';
    const response = await fetch(path, {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
    return (await response.json()) as { code: number; data: unknown };
  }, path);
  expect(answer.code).toBe(0);
  return answer.data as T;
}

const domainId = async (page: Page, name: string) => {
  const { lists } = await apiGet<{ lists: { id: string; domain: string; version: number }[] }>(
    page,
    `/v3/domain/domain/lists?page_size=100&keyword=${encodeURIComponent(name)}`,
  );
  return lists.find((d) => d.domain === name)?.id;
};
const certId = async (page: Page, name: string) => {
  const { lists } = await apiGet<{ lists: { id: string; name: string }[] }>(
    page,
    `/v3/cert/lists?keyword=${encodeURIComponent(name)}`,
  );
  return lists.find((c) => c.name === name)?.id;
};
/** The certificate a domain's HTTPS section serves, as the server has it. */
const servedBy = async (page: Page, id: string) =>
  (
    await apiGet<{ domainHttps: { certificate_id: string | null } }>(
      page,
      `/v3/domain/config/detail?id=${id}`,
    )
  ).domainHttps.certificate_id;

/** Creates domains one after the other through the console's form (en_US); answers their ids. */
async function createDomains(page: Page, names: string[]): Promise<string[]> {
  await page.goto(`${baseUrl}/#/cdn/domain/create`);
  const ids: string[] = [];
  for (const name of names) {
    await page.getByLabel(/^Accelerated domain\s*\*?$/).fill(name);
    await page
      .getByLabel(/^Origin address\s*\*?$/)
      .first()
      .fill('198.51.100.7');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await page.getByText(`${name} has been added`).waitFor();
    ids.push((await domainId(page, name))!);
    await page.getByRole('button', { name: 'Add another domain' }).click();
  }
  expect(ids.every(Boolean)).toBe(true);
  return ids;
}

/** Fills the open upload dialog and sends it; answers the dialog. */
async function sendUpload(
  page: Page,
  language: Language,
  fields: { name: string; certificate: string; key: string; password?: string },
) {
  const w = words[language];
  const dialog = page.getByRole('dialog', { name: w.upload });
  await dialog.getByLabel(w.name).fill(fields.name);
  await dialog.getByRole('textbox', { name: w.certificate }).fill(fields.certificate);
  await dialog.getByRole('textbox', { name: w.key }).fill(fields.key);
  await dialog.getByLabel(w.password).fill(fields.password ?? '');
  await dialog.getByRole('button', { name: w.submit, exact: true }).click();
  return dialog;
}

/** Uploads a certificate whose chain links (en_US), from the list's button. */
async function uploadCert(page: Page, fields: { name: string; certificate: string; key: string }) {
  await page.getByRole('button', { name: 'Upload certificate' }).first().click();
  const dialog = await sendUpload(page, 'en_US', fields);
  await dialog.waitFor({ state: 'detached' });
  await rowOf(page, fields.name).waitFor();
}

/** A domain's line in the association's second step (its checkbox's label). */
const domainOption = (dialog: Locator, domain: string) =>
  dialog.locator('label').filter({ has: dialog.page().getByText(domain, { exact: true }) });

/**
 * Associates a certificate with domains from its row of the list (en_US), through the steps; an
 * uncovered domain given as `refused` is chosen first, and must be refused at the step.
 */
async function associate(page: Page, cert: string, domains: string[], refused?: string) {
  await rowOf(page, cert).getByRole('button', { name: 'Associate domains' }).click();
  const steps = page.getByRole('dialog', { name: 'Associate domains' });
  if (refused) {
    await domainOption(steps, refused).getByText('Not covered').waitFor();
    await domainOption(steps, refused).click();
    await steps.getByRole('button', { name: 'Next' }).click();
    await steps.getByRole('alert').getByText('Associated domain not found.').waitFor();
    await domainOption(steps, refused).click();
  }
  for (const domain of domains) {
    expect(await domainOption(steps, domain).getByText('Not covered').count()).toBe(0);
    await domainOption(steps, domain).click();
  }
  await steps.getByRole('button', { name: 'Next' }).click();
  await steps.getByText(words.en_US.confirm(cert), { exact: false }).waitFor();
  expect((await steps.locator('ul li').allTextContents()).sort()).toEqual([...domains].sort());
  await steps.getByRole('button', { name: 'Associate', exact: true }).click();
  await steps.waitFor({ state: 'detached' });
}

/** Waits until the outbox is empty: the top bar's sync status says online, with nothing pending. */
async function outboxDrained(page: Page) {
  await expect
    .poll(() => indicator(page).getAttribute('aria-label'), { timeout: 30_000 })
    .toBe('Sync status: Online.');
}

describe('certificates', () => {
  it('forces a broken chain to pending audit, associates a wildcard with the domains it covers only, and turns HTTPS off', async () => {
    const { context, page, errors } = await openConsole('en_US');
    const zone = uniqueZone();
    const [a, b] = [`a.${zone}`, `b.${zone}`];
    const [idA, idB] = await createDomains(page, [a, b, zone]);
    const ids = { a: idA!, b: idB! };
    const wildcard = leafFor(`wild-${zone}`, [`*.${zone}`]);
    const broken = leafFor(`broken-${zone}`, [`broken.${zone}`]);
    const wildcardName = `E2E wildcard ${zone}`;
    const brokenName = `E2E broken ${zone}`;
    await page.goto(`${baseUrl}/#/cdn/cert?keyword=${zone}`);
    await certList(page).or(page.getByText('No certificate matches the search.')).waitFor();

    // A chain that does not link: refused, offered to submit anyway, then kept pending audit.
    await page.getByRole('button', { name: 'Upload certificate' }).first().click();
    const dialog = await sendUpload(page, 'en_US', {
      name: brokenName,
      certificate: broken.cert + foreignChain,
      key: broken.key,
    });
    await dialog.getByRole('alert').getByText(words.en_US.chain).waitFor();
    await dialog.getByRole('button', { name: 'Submit anyway' }).click();
    await dialog.waitFor({ state: 'detached' });
    await rowOf(page, brokenName).getByText('Pending audit', { exact: true }).waitFor();

    // A wildcard whose chain links: not associated yet.
    await uploadCert(page, {
      name: wildcardName,
      certificate: wildcard.cert + intermediate,
      key: wildcard.key,
    });
    await rowOf(page, wildcardName).getByText('Not associated', { exact: true }).waitFor();
    const wildcardId = await certId(page, wildcardName);

    // The zone's apex is not covered by *.zone: chosen first, it is refused at the step.
    await associate(page, wildcardName, [a, b], zone);
    for (const id of [ids.a, ids.b])
      await expect.poll(() => servedBy(page, id), { timeout: 30_000 }).toBe(wildcardId);
    await outboxDrained(page);
    const row = rowOf(page, wildcardName);
    await row.getByText('In service', { exact: true }).waitFor({ timeout: 30_000 });
    // The domains column (shown at desktop width).
    await expect
      .poll(async () => (await row.getByRole('cell').nth(3).innerText()).split(', ').sort())
      .toEqual([a, b]);

    // The domain's HTTPS section serves it; turning HTTPS off unlinks it once sent.
    await page.goto(`${baseUrl}/#/cdn/domain/detail?id=${ids.a}&section=https`);
    const https = page.locator('#section-domainHttps');
    await https.getByText('Certificate in service').waitFor();
    await https.getByText(`${wildcardName} · *.${zone}`).waitFor();
    await https.getByRole('button', { name: 'Change certificate' }).waitFor();
    await https.getByRole('button', { name: 'Turn HTTPS off' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Turn HTTPS off' }).click();
    await expect.poll(() => servedBy(page, ids.a), { timeout: 30_000 }).toBeNull();
    await outboxDrained(page);
    await https.getByText('HTTPS is off: no certificate is associated.').waitFor();
    expect(await https.getByText('Pending sync').count()).toBe(0);
    expect(await servedBy(page, ids.b)).toBe(wildcardId);

    expect(errors).toEqual([]);
    await context.close();
  });

  it('associates offline: kept across a reload, shown pending in the HTTPS section, applied once online', async () => {
    const { context, page, errors } = await openConsole('en_US');
    const zone = uniqueZone();
    const [a, b] = [`a.${zone}`, `b.${zone}`];
    const [idA, idB] = await createDomains(page, [a, b]);
    const ids = { a: idA!, b: idB! };
    const wildcard = leafFor(`wild-${zone}`, [`*.${zone}`]);
    const name = `E2E offline ${zone}`;
    const sent: string[] = [];
    page.on('requestfinished', (request) => {
      if (!request.url().endsWith('/v3/sync/command/push')) return;
      const body = JSON.parse(request.postData() ?? '{}') as { commands?: { key: string; name: string }[] };
      for (const command of body.commands ?? [])
        if (command.name === 'domainHttps.associate') sent.push(command.key);
    });

    // Online once: the service worker controls the page, the certificates and the domain's
    // configuration are read onto the device.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.goto(`${baseUrl}/#/cdn/domain/detail?id=${ids.a}&section=https`);
    const https = page.locator('#section-domainHttps');
    await https.getByText('HTTPS is off: no certificate is associated.').waitFor();
    await page.goto(`${baseUrl}/#/cdn/cert?keyword=${zone}`);
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await uploadCert(page, { name, certificate: wildcard.cert + intermediate, key: wildcard.key });
    const id = await certId(page, name);

    await context.setOffline(true);
    await associate(page, name, [a, b]);
    await page.getByText('Saved on this device; it will be sent when you are back online.').first().waitFor();
    await page.reload();
    await rowOf(page, name).waitFor();
    await expect
      .poll(() => indicator(page).getAttribute('aria-label'))
      .toMatch(/^Sync status: Offline · 2 pending\./);
    await page.goto(`${baseUrl}/#/cdn/domain/detail?id=${ids.a}&section=https`);
    await https.getByText('Pending sync').waitFor();
    await https.getByText(`${name} · *.${zone}`).waitFor();
    await screenshot(page, 'cert-https-offline-pending-en_US-desktop');

    await context.setOffline(false);
    await https.getByText('Pending sync').waitFor({ state: 'detached', timeout: 30_000 });
    await outboxDrained(page);
    // Applied once: each domain's HTTPS section has one version, made by the association.
    for (const domain of [ids.a, ids.b]) {
      expect(await servedBy(page, domain)).toBe(id);
      const { versions } = await apiGet<{ versions: { command: string }[] }>(
        page,
        `/v3/domain/config/history?id=${domain}&kind=domainHttps`,
      );
      expect(versions.map((v) => v.command)).toEqual(['domainHttps.associate']);
    }
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(2);

    // Offline, the browser reports the requests it could not make; nothing else may be reported.
    expect(errors.filter((e) => !/net::ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([]);
    await context.close();
  });

  for (const language of ['zh_CN', 'en_US'] as const)
    it(`shows every state, the upload's refusals and the association's steps (${language})`, async () => {
      const w = words[language];
      const { context, page, errors } = await openConsole(language);
      const shot = (screen: string) => screenshots(page, `cert-${screen}-${language}`);
      // The demo's certificates (their names or SANs say demo), in one screen: every state.
      await page.goto(`${baseUrl}/#/cdn/cert?keyword=demo`);
      await certList(page).waitFor();
      expect(await page.getByRole('searchbox').inputValue()).toBe('demo');
      for (const [cert, texts] of Object.entries(w.states))
        for (const text of texts) await rowOf(page, cert).getByText(text, { exact: true }).waitFor();
      await shot('list');

      // The details say the type and the level (spec §3), read from the certificate.
      await rowOf(page, 'demo-shop wildcard')
        .getByRole('button', { name: /^(Details|详情)$/ })
        .click();
      const details = page.getByRole('dialog');
      const zh = language === 'zh_CN';
      await details.getByText(zh ? '泛域名' : 'Wildcard', { exact: true }).waitFor();
      await details.getByText(zh ? 'OV（企业型）' : 'OV (organization validated)', { exact: true }).waitFor();
      await shot('detail');
      await page.keyboard.press('Escape');
      await details.waitFor({ state: 'detached' });

      // Each refusal of the upload, at its place in the dialog.
      await page.getByRole('button', { name: w.upload }).first().click();
      const refusals = [
        ['incomplete', { certificate: refused.cert, key: refused.key }, w.incomplete],
        ['wrong-key', { certificate: refused.cert + intermediate, key: refused.otherKey }, w.keyMismatch],
        [
          'password',
          { certificate: refused.cert + intermediate, key: refused.encryptedKey },
          w.passwordRequired,
        ],
        ['chain', { certificate: refused.cert + foreignChain, key: refused.key }, w.chain],
      ] as const;
      for (const [screen, fields, message] of refusals) {
        const dialog = await sendUpload(page, language, { name: 'E2E refused', ...fields });
        await dialog.getByText(message, { exact: true }).waitFor();
        await shot(`upload-${screen}`);
      }
      await page.getByRole('dialog', { name: w.upload }).getByRole('button', { name: w.cancel }).click();

      // The association's steps, from a certificate: the certificate, the domains (an uncovered
      // one refused), the confirmation. Closed without associating.
      await rowOf(page, 'demo-shop wildcard').getByRole('button', { name: w.associate }).click();
      const steps = page.getByRole('dialog', { name: w.associate });
      await steps.getByRole('button', { name: w.back }).click();
      const select = steps.getByRole('combobox', { name: w.chooseCert });
      expect(await select.locator('option:checked').textContent()).toMatch(/^demo-shop wildcard · /);
      await shot('associate-step1');
      await steps.getByRole('button', { name: w.next }).click();
      const uncovered = steps.locator('label').filter({ hasText: w.notCovered }).first();
      await uncovered.click();
      await steps.getByRole('button', { name: w.next }).click();
      await steps.getByRole('alert').getByText(w.notFound).waitFor();
      await shot('associate-step2-refused');
      await uncovered.click();
      await steps.locator('label:not([data-disabled])').filter({ hasNotText: w.notCovered }).first().click();
      await steps.getByRole('button', { name: w.next }).click();
      await steps.getByText(w.confirm('demo-shop wildcard'), { exact: false }).waitFor();
      await shot('associate-step3');
      await page.keyboard.press('Escape');
      await steps.waitFor({ state: 'detached' });

      expect(errors).toEqual([]);
      await context.close();
    });
});

import { describe, expect, inject, it } from 'vitest';
import { runAdmin } from './support/admin';
import { newContext, preferLanguage, screenshots, signIn, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** The operator's documented command (`npm run admin -- package billing`), against the running server. */
function setBilling(login: string, ...modeAndType: string[]) {
  const run = runAdmin('package', 'billing', login, ...modeAndType);
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe('billing', () => {
  it('shows the billing mode and type the operator set on the overview and the traffic packages', async () => {
    expect(setBilling('customer05', 'bandwidth')).toMatch(/billing mode bandwidth \(bandwidth_p95\)/);
    for (const language of ['en_US', 'zh_CN'] as const) {
      const zh = language === 'zh_CN';
      const context = await newContext(browser);
      await preferLanguage(context, language);
      const page = await context.newPage();
      await signIn(page, baseUrl, 'customer05');
      await page.waitForURL(/#\/cdn\/dashboard/);
      const traffic = page.getByRole('region', { name: zh ? '今日流量概况' : 'Today’s traffic' });
      await traffic
        .getByText(
          zh
            ? '计费方式：按带宽计费（月 95 峰值）'
            : 'Billing mode: Bandwidth billing (Monthly 95th percentile)',
        )
        .waitFor();
      await traffic.getByText(zh ? /^本月计费值：\d/ : /^Billed this month: \d[\d.]* [KMGT]?bps$/).waitFor();
      await screenshots(page, `billing-dashboard-${language}`);

      await page.goto(`${baseUrl}/#/cdn/traffic-package`);
      await page
        .getByText(
          zh
            ? '当前账号按带宽计费：带宽计费下不可使用流量包，流量不会从流量包中抵扣。'
            : 'Your account is billed by bandwidth: traffic packages cannot be used under bandwidth billing, and their traffic is not taken.',
        )
        .waitFor();
      await page
        .getByText(
          zh
            ? '计费方式：按带宽计费（月 95 峰值）'
            : 'Billing mode: Bandwidth billing (Monthly 95th percentile)',
        )
        .waitFor();
      await screenshots(page, `billing-packages-${language}`);
      await context.close();
    }

    // Billed day by day at the day's peak: the overview says today's.
    setBilling('customer05', 'bandwidth', 'daily_peak');
    let context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    let page = await context.newPage();
    await signIn(page, baseUrl, 'customer05');
    await page.getByText('Billing mode: Bandwidth billing (Daily peak)').waitFor();
    await page.getByText(/^Billed today: \d/).waitFor();
    await context.close();
    // Under traffic billing the mode has one type, and the packages' warning is gone.
    setBilling('customer05', 'flow');
    context = await newContext(browser);
    await preferLanguage(context, 'en_US');
    page = await context.newPage();
    await signIn(page, baseUrl, 'customer05');
    await page.goto(`${baseUrl}/#/cdn/traffic-package`);
    await page.getByText('Billing mode: Traffic billing', { exact: true }).waitFor();
    expect(await page.getByText(/cannot be used under bandwidth billing/).count()).toBe(0);
    await context.close();
  });
});

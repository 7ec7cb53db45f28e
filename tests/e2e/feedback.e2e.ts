import { describe, expect, inject, it } from 'vitest';
import { newContext, signIn, useBrowser } from './support/browser';

const baseUrl = inject('baseUrl');
const browser = useBrowser();

/** A real PNG (1×1), padded to the wanted size after its end chunk. */
function png(size = 0): Buffer {
  const pixel = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  return size > pixel.length ? Buffer.concat([pixel, Buffer.alloc(size - pixel.length)]) : pixel;
}

describe('feedback', () => {
  it('refuses an oversize picture and a sixth one with the spec messages, then submits', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await page.goto(`${baseUrl}/#/cdn/suggestion`);
    await page.getByRole('heading', { name: '意见反馈', level: 1 }).waitFor();
    const input = page.locator('input[type=file]');

    await input.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: png(5 * 1024 * 1024 + 1) });
    await page.getByText('文件大小超过 5 MB').first().waitFor();

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('文件类型错误，仅支持 jpg、png、gif、svg 格式').first().waitFor();

    await input.setInputFiles(
      [1, 2, 3, 4, 5].map((n) => ({ name: `shot-${n}.png`, mimeType: 'image/png', buffer: png() })),
    );
    await expect.poll(() => page.getByRole('button', { name: /删除/ }).count(), { timeout: 20_000 }).toBe(5);
    await input.setInputFiles({ name: 'shot-6.png', mimeType: 'image/png', buffer: png() });
    await page.getByText('最多上传 5 张图片！').first().waitFor();
    expect(await page.getByRole('button', { name: /删除/ }).count()).toBe(5);

    await page.getByRole('button', { name: /提交/ }).click();
    await page.getByText('请选择提交类型').waitFor();
    await page.getByRole('combobox', { name: /类型/ }).selectOption({ label: '产品建议' });
    await page.getByRole('combobox', { name: /产品/ }).selectOption({ label: 'CDN' });
    await page.getByLabel(/标题/).fill('图表导出');
    await page.getByLabel(/内容/).fill('希望统计图表支持导出为图片。');
    // Offline: the form says it needs a connection and keeps what was typed.
    await context.setOffline(true);
    await page.getByText('提交反馈需要联网，已填写的内容会保留。').waitFor();
    expect(await page.getByRole('button', { name: /提交/ }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await expect.poll(() => page.getByRole('button', { name: /提交/ }).isEnabled()).toBe(true);
    expect(await page.getByLabel(/标题/).inputValue()).toBe('图表导出');
    await page.getByRole('button', { name: /提交/ }).click();
    await page
      .getByText(/提交成功|感谢/)
      .first()
      .waitFor();
    await context.close();
  });
});

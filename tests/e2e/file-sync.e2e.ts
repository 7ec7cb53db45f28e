import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch, newContext, preferLanguage, screenshots, signIn } from './support/browser';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const mib = 1024 * 1024;
const fileSize = 200 * mib;

let browser: Browser;
let folder: string;
let file: string;
let md5: string;

interface Task {
  id: string;
  name: string;
  status: string;
  received: number;
  size: number;
  md5: string;
  operation: string;
}

async function tasks(page: Page): Promise<Task[]> {
  const token = await page.evaluate(() => localStorage.getItem('cdn_token') ?? '');
  const response = await fetch(`${baseUrl}/v3/file-sync/task/lists`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { data: { lists: Task[] } }).data.lists;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeout = 60_000): Promise<T> {
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const md5Of = async (path: string) => {
  const hash = createHash('md5');
  await pipeline(createReadStream(path), hash);
  return hash.digest('hex');
};

/** Where the server keeps a task's file (DATA_DIR/file-sync/<account>/<id>). */
const storedPath = (id: string) => {
  const root = join(dataDir, 'file-sync');
  for (const account of readdirSync(root))
    if (existsSync(join(root, account, id))) return join(root, account, id);
  return null;
};

beforeAll(async () => {
  browser = await launch();
  folder = mkdtempSync(join(tmpdir(), 'cdn-file-sync-'));
  file = join(folder, `media-archive-${Date.now().toString(36)}.bin`);
  const bytes = Buffer.concat(Array.from({ length: fileSize / (8 * mib) }, () => randomBytes(8 * mib)));
  writeFileSync(file, bytes);
  md5 = createHash('md5').update(bytes).digest('hex');
});
afterAll(async () => {
  await browser?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('large-file sync', () => {
  it('uploads 200 MB, resumes after the page is reloaded, and the server keeps it with the same MD5', async () => {
    const context = await newContext(browser, { language: 'zh_CN' });
    await preferLanguage(context, 'zh_CN');
    const page = await context.newPage();
    // Leaving with bytes going asks first; the user confirms.
    page.on('dialog', (dialog) => void dialog.accept());
    await signIn(page, baseUrl, 'demo');
    await page.goto(`${baseUrl}/#/cdn/file-sync`);
    await page.getByRole('table', { name: '大文件同步任务' }).waitFor();
    // A link of about 25 MB/s, so that the reload comes while bytes are on their way.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const throttle = () =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 5,
        downloadThroughput: -1,
        uploadThroughput: 25 * mib,
      });
    await throttle();

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: '上传文件' }).click(),
    ]);
    await chooser.setFiles(file);
    const name = file.split('/').at(-1)!;
    const card = page.locator('[data-upload]').filter({ hasText: name });
    await card
      .getByText(/正在本地计算 MD5|上传中/)
      .first()
      .waitFor();

    // The connection drops for a moment: the upload waits and goes on by itself.
    const started = await until('the first chunks', async () => {
      const task = (await tasks(page)).find((t) => t.name === name);
      return task && task.received >= 2 * 8 * mib ? task : undefined;
    });
    // Offline for the page (navigator.onLine) and for its requests (the session that throttles them).
    await context.setOffline(true);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: true,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await card.getByText('当前离线：恢复联网后将自动继续上传。').waitFor({ timeout: 30_000 });
    await screenshots(page, 'file-sync-offline');
    await context.setOffline(false);
    await throttle();
    const before = await until('bytes after the connection returned', async () => {
      const task = (await tasks(page)).find((t) => t.id === started.id);
      return task && task.received >= 6 * 8 * mib ? task : undefined;
    });
    expect(before.status).toBe('uploading');
    expect(before.received).toBeLessThan(fileSize);
    await screenshots(page, 'file-sync-uploading');

    // The page is reloaded mid-way: the task stays, with the bytes the server holds.
    await page.reload();
    const row = page.locator(`tr[data-task="${started.id}"]`);
    await row.getByText(/已中断，进度/).waitFor();
    const held = (await tasks(page)).find((t) => t.id === started.id)!;
    expect(held.status).toBe('uploading');
    expect(held.received).toBeGreaterThan(0);
    expect(held.received).toBeLessThan(fileSize);
    await screenshots(page, 'file-sync-interrupted');

    // Resumed with the same file: the first chunk goes at the offset the server holds.
    const offsets: number[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/v3/file-sync/task/chunk') offsets.push(Number(url.searchParams.get('offset')));
    });
    await throttle();
    const [again] = await Promise.all([
      page.waitForEvent('filechooser'),
      row.getByRole('button', { name: '继续上传' }).click(),
    ]);
    await again.setFiles(file);
    await page
      .locator(`tr[data-task="${started.id}"][data-status="succeeded"]`)
      .waitFor({ timeout: 120_000 });
    expect(offsets[0]).toBe(held.received);
    expect(offsets.every((offset) => offset >= held.received)).toBe(true);

    const done = (await tasks(page)).filter((t) => t.name === name);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ id: started.id, status: 'succeeded', received: fileSize, md5 });
    await expect(row.locator(`[data-md5="${md5}"]`).count()).resolves.toBe(1);
    const path = storedPath(started.id);
    expect(path).not.toBeNull();
    expect(await md5Of(path!)).toBe(md5);
    await screenshots(page, 'file-sync-done');

    // Deleting the file asks first, then records a delete task and frees the storage.
    await row.getByRole('button', { name: '删除文件' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`${name} 将从存储中删除，删除后无法恢复。`).waitFor();
    await screenshots(page, 'file-sync-delete-confirm');
    await dialog.getByRole('button', { name: '确定' }).click();
    await page.locator(`tr[data-task="${started.id}"][data-status="deleted"]`).waitFor();
    expect(existsSync(path!)).toBe(false);
    const deletion = (await tasks(page)).find((t) => t.name === name && t.operation === 'delete');
    expect(deletion?.status).toBe('succeeded');
    await context.close();
  });

  it('shows the tasks in English', async () => {
    const context = await newContext(browser, { language: 'en_US' });
    await preferLanguage(context, 'en_US');
    const page = await context.newPage();
    await signIn(page, baseUrl, 'demo');
    await page.goto(`${baseUrl}/#/cdn/file-sync`);
    await page.getByRole('table', { name: 'File sync tasks' }).waitFor();
    await page
      .getByText(/Stopped at .*: choose the file again to resume/)
      .first()
      .waitFor();
    await screenshots(page, 'file-sync-en');
    await context.close();
  });
});

import { eq, and } from 'drizzle-orm';
import type { ContentKind } from '../../src/contract/rules/content';
import type { Db } from '../db/client';
import type { Account } from '../modules/account/service';
import { contentTasks } from '../db/schema';
import { LocalEdge } from '../modules/content/edge';
import { ContentWorker } from '../modules/content/worker';
import { applyPlan, seedUuid } from './plan';

const day = 86_400_000;

/** One past submission of the demo: its kind, URLs and when it was made. */
interface DemoTask {
  kind: ContentKind;
  urls: string[];
  daysAgo: number;
}

/**
 * The demo's refresh and prefetch records: a week of submissions of every kind on its active
 * domains (one through a wildcard domain), the last one this morning.
 */
const demoTasks: readonly DemoTask[] = [
  {
    kind: 'url',
    urls: [
      'https://www.demo-shop.com/index.html',
      'https://www.demo-shop.com/css/main.css',
      'https://www.demo-shop.com/js/app.js',
    ],
    daysAgo: 6.2,
  },
  { kind: 'dir', urls: ['https://img.demo-shop.com/banners/'], daysAgo: 5.1 },
  {
    kind: 'prefetch',
    urls: [
      'https://download.demo-shop.com/client/setup-2.4.0.exe',
      'https://download.demo-shop.com/client/setup-2.4.0.dmg',
    ],
    daysAgo: 3.4,
  },
  { kind: 'url', urls: ['https://a.static.demo-shop.com/logo.svg'], daysAgo: 2.3 },
  { kind: 'dir', urls: ['https://vod.demo-media.cn/hls/ep12/'], daysAgo: 1.1 },
  {
    kind: 'url',
    urls: [
      'https://news.demo-media.cn/',
      'https://news.demo-media.cn/2026/11/launch.html',
      'https://news.demo-media.cn/feed.xml',
      'https://news.demo-media.cn/sitemap.xml',
    ],
    daysAgo: 0.05,
  },
];

const taskId = (index: number) => seedUuid(`demo-seed.content.${index}`);

/** Whether the last demo task exists (older demo data gets the records at the next start). */
export async function demoContentSeeded(db: Db, accountId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: contentTasks.id })
    .from(contentTasks)
    .where(and(eq(contentTasks.accountId, accountId), eq(contentTasks.id, taskId(demoTasks.length - 1))));
  return row !== undefined;
}

/**
 * Submits the demo's tasks through the command executor like the user's, each at its time in the
 * past, and has the worker execute each a few minutes later through the bundled edge, as it would
 * have then. A task already there is left as it is (a resumed seed).
 */
export async function seedDemoContent(
  db: Db,
  account: Account,
  cnameSuffix: string,
  now: number,
): Promise<void> {
  const worker = new ContentWorker(db, new LocalEdge(db, 0));
  for (const [index, task] of demoTasks.entries()) {
    const id = taskId(index);
    const [existing] = await db
      .select({ version: contentTasks.version })
      .from(contentTasks)
      .where(and(eq(contentTasks.accountId, account.id), eq(contentTasks.id, id)));
    const versions = new Map(existing ? [[id, existing.version]] : []);
    await applyPlan(
      db,
      account,
      [
        [
          {
            name: 'content.submit',
            payload: { id, kind: task.kind, urls: task.urls },
            daysAgo: task.daysAgo,
          },
        ],
      ],
      { keyPrefix: `demo-seed.content.${index}`, versions, cnameSuffix, now },
    );
    const ranAt = new Date(now - task.daysAgo * day + 4 * 60_000);
    await worker.round(() => ranAt, account.id);
  }
}

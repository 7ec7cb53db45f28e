import { describe, expect, it } from 'vitest';
import type { ContentTask } from '../../../../src/contract/content';
import {
  anyUnfinished,
  filterContentRows,
  queuedUse,
  toContentRows,
} from '../../../../src/features/content/rows';
import { parseContentSearch } from '../../../../src/features/content/search';
import type { OutboxEntry, Projected } from '../../../../src/store';

const now = Date.parse('2026-11-26T04:00:00Z');
const day = 86_400_000;

function task(id: string, more: Partial<ContentTask> = {}): ContentTask {
  return {
    id,
    kind: 'url',
    urls: [{ url: `https://www.example.com/${id}.html`, status: 'success' }],
    status: 'success',
    attempts: 1,
    created_by: 'demo',
    created_at: new Date(now - day).toISOString(),
    updated_by: 'demo',
    updated_at: new Date(now - day).toISOString(),
    finished_at: new Date(now - day).toISOString(),
    version: 2,
    ...more,
  };
}

const entry = (state: OutboxEntry['state'], createdAt: number, error?: OutboxEntry['error']) =>
  ({ seq: 1, state, createdAt, ...(error ? { error } : {}) }) as OutboxEntry;

function projected(
  server: ContentTask | undefined,
  state?: ContentTask,
  pending: OutboxEntry[] = [],
): Projected<ContentTask> {
  const shown = state ?? server;
  return {
    id: shown!.id,
    state: shown,
    server,
    version: server?.version ?? 0,
    fetchedAt: server ? now : null,
    pending,
  };
}

describe('the records', () => {
  it('show the server’s tasks and the ones waiting here, newest first, without those past 30 days', () => {
    const rows = toContentRows(
      [
        projected(task('old', { created_at: new Date(now - 31 * day).toISOString() })),
        projected(task('yesterday')),
        projected(
          undefined,
          task('queued', { status: 'pending', urls: [{ url: 'https://a.example/x', status: 'pending' }] }),
          [entry('queued', now - 1000)],
        ),
      ],
      now,
    );
    expect(rows.map((r) => [r.id, r.queued])).toEqual([
      ['queued', 'queued'],
      ['yesterday', null],
    ]);
    expect(rows[0]!.submittedAt).toBe(now - 1000);
  });

  it('carry the server’s message for a refused submission', () => {
    const [row] = toContentRows(
      [
        projected(undefined, task('refused', { status: 'pending' }), [
          entry('rejected', now, { code: 40001, msg: 'x.example is not an accelerated domain', data: {} }),
        ]),
      ],
      now,
    );
    expect(row).toMatchObject({ queued: 'rejected', rejection: 'x.example is not an accelerated domain' });
  });

  it('filter by kind, state, part of a URL and days back', () => {
    const rows = toContentRows(
      [
        projected(
          task('a', { kind: 'dir', urls: [{ url: 'https://img.example.com/banners/', status: 'success' }] }),
        ),
        projected(
          task('b', {
            status: 'failure',
            urls: [{ url: 'https://www.example.com/B.html', status: 'failure' }],
          }),
        ),
        projected(task('c', { created_at: new Date(now - 10 * day).toISOString() })),
      ],
      now,
    );
    const ids = (search: Parameters<typeof filterContentRows>[1]) =>
      filterContentRows(rows, search, now).map((r) => r.id);
    expect(ids({})).toEqual(['a', 'b']);
    expect(ids({ range: 30 })).toEqual(['a', 'b', 'c']);
    expect(ids({ kind: 'dir' })).toEqual(['a']);
    expect(ids({ status: 'failure' })).toEqual(['b']);
    expect(ids({ keyword: 'b.HTML' })).toEqual(['b']);
  });

  it('are read again while the server has a task waiting or running, not for one waiting on this device', () => {
    const running = toContentRows([projected(task('r', { status: 'running', finished_at: null }))], now);
    expect(anyUnfinished(running)).toBe(true);
    const local = toContentRows(
      [projected(undefined, task('q', { status: 'pending' }), [entry('queued', now)])],
      now,
    );
    expect(anyUnfinished(local)).toBe(false);
  });

  it('count what waits on this device against the quota of its kind', () => {
    const pending = (id: string, kind: ContentTask['kind'], n: number) =>
      projected(
        undefined,
        task(id, {
          kind,
          status: 'pending',
          urls: Array.from({ length: n }, (_, i) => ({
            url: `https://e.example/${id}/${i}`,
            status: 'pending' as const,
          })),
        }),
        [entry('queued', now)],
      );
    const rows = toContentRows(
      [pending('a', 'url', 3), pending('b', 'prefetch', 2), projected(task('c'))],
      now,
    );
    expect(queuedUse(rows)).toEqual({ url: 3, dir: 0, prefetch: 2 });
  });
});

describe('the address of the screen', () => {
  it('keeps the valid tab and filters, and drops the defaults and the rest', () => {
    expect(
      parseContentSearch({
        tab: 'records',
        kind: 'dir',
        status: 'failure',
        range: '30',
        page: '2',
        size: '50',
      }),
    ).toEqual({
      tab: 'records',
      kind: 'dir',
      status: 'failure',
      range: 30,
      page: 2,
      size: 50,
    });
    expect(
      parseContentSearch({ tab: 'url', kind: 'x', status: 'done', range: '7', page: '0', size: '20' }),
    ).toEqual({});
    expect(parseContentSearch({ keyword: 123 })).toEqual({ keyword: '123' });
  });
});

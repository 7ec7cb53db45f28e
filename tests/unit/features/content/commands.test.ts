import { describe, expect, it } from 'vitest';
import { applyAny, Refusal } from '../../../../src/commands/command';
import { contentRetry } from '../../../../src/commands/content/retry';
import { contentSubmit } from '../../../../src/commands/content/submit';
import type { ContentFacts } from '../../../../src/commands/content/rules';
import type { ContentTask } from '../../../../src/contract/content';

const id = '0b8f7a52-4f1e-4c1a-9d55-2f0d8c1e7a10';
const now = '2026-11-26T04:00:00.000Z';
const facts = (more: Partial<ContentFacts> = {}): ContentFacts => ({ used: 0, unaccelerated: null, ...more });
const ctx = (f: ContentFacts | undefined) => ({ now, actor: 'demo', facts: f, settings: undefined });

function submit(current: ContentTask | undefined, payload: unknown, f: ContentFacts | undefined = facts()) {
  return applyAny(contentSubmit, { contentTask: current }, contentSubmit.payload.parse(payload), ctx(f)) as {
    contentTask: ContentTask;
  };
}
function retry(current: ContentTask | undefined, f: ContentFacts | undefined = facts()) {
  return applyAny(contentRetry, { contentTask: current }, { id }, ctx(f)) as { contentTask: ContentTask };
}
function refusal(run: () => unknown): { messageId: string; data?: unknown } {
  try {
    run();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('not refused');
}

const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://www.example.com/${i}.html`);
const finished = (statuses: ContentTask['status'][]): ContentTask => ({
  ...submit(undefined, { id, kind: 'url', urls: urls(statuses.length) }).contentTask,
  urls: statuses.map((status, i) => ({
    url: `https://www.example.com/${i}.html`,
    status,
    ...(status === 'failure' ? { message_id: 'content.edge.notAccelerated' } : {}),
  })),
  status: statuses.includes('failure') ? 'failure' : 'success',
  finished_at: now,
  version: 2,
});

describe('content.submit', () => {
  it('makes a task whose URLs all wait, by its author', () => {
    const { contentTask } = submit(undefined, { id, kind: 'prefetch', urls: urls(3) });
    expect(contentTask).toMatchObject({
      id,
      kind: 'prefetch',
      status: 'pending',
      attempts: 1,
      created_by: 'demo',
    });
    expect(contentTask.urls.map((u) => u.status)).toEqual(['pending', 'pending', 'pending']);
    expect(contentTask.finished_at).toBeNull();
  });

  it('refuses a task id already used', () => {
    const first = submit(undefined, { id, kind: 'url', urls: urls(1) }).contentTask;
    expect(refusal(() => submit(first, { id, kind: 'url', urls: urls(1) })).messageId).toBe(
      'content.task.exists',
    );
  });

  it('refuses the URL whose host is not an accelerated domain, naming it', () => {
    const f = facts({ unaccelerated: { index: 1, host: 'other.example' } });
    const refused = refusal(() => submit(undefined, { id, kind: 'url', urls: urls(2) }, f));
    expect(refused).toMatchObject({
      messageId: 'content.url.notAccelerated',
      data: { host: 'other.example' },
    });
  });

  // spec §9: refresh 1000 URLs a day; the boundary on the server's count of today's use.
  it.each([
    [998, 2, null],
    [999, 1, null],
    [999, 2, 'content.quota.exceeded'],
    [1000, 1, 'content.quota.exceeded'],
  ])('with %i used today, %i more URLs: %s', (used, count, expected) => {
    const run = () => submit(undefined, { id, kind: 'url', urls: urls(count) }, facts({ used }));
    if (expected === null) expect(run().contentTask.urls).toHaveLength(count);
    else expect(refusal(run)).toMatchObject({ messageId: expected, data: { remaining: 1000 - used } });
  });

  it('is predicted in the browser without facts (the server checks the quota and the domains)', () => {
    expect(
      submit(undefined, { id, kind: 'dir', urls: ['https://www.example.com/a/'] }, undefined).contentTask
        .status,
    ).toBe('pending');
  });
});

describe('content.retry', () => {
  it('runs the failed URLs again, keeping the ones that succeeded, one attempt more', () => {
    const { contentTask } = retry(finished(['success', 'failure', 'failure']));
    expect(contentTask.urls.map((u) => u.status)).toEqual(['success', 'pending', 'pending']);
    expect(contentTask.urls[1]).not.toHaveProperty('message_id');
    expect(contentTask).toMatchObject({ status: 'pending', attempts: 2, finished_at: null });
  });

  it('refuses a task not found, one still running, one without failures', () => {
    expect(refusal(() => retry(undefined)).messageId).toBe('content.task.notFound');
    const running = { ...finished(['failure']), status: 'running' as const, finished_at: null };
    expect(refusal(() => retry(running)).messageId).toBe('content.retry.unfinished');
    expect(refusal(() => retry(finished(['success']))).messageId).toBe('content.retry.nothingFailed');
  });

  it('counts the failed URLs against the quota', () => {
    const task = finished(['failure', 'failure']);
    expect(refusal(() => retry(task, facts({ used: 999 })))).toMatchObject({
      messageId: 'content.quota.exceeded',
      data: { remaining: 1 },
    });
    expect(retry(task, facts({ used: 998 })).contentTask.status).toBe('pending');
  });

  it('refuses when a failed URL’s domain is no longer accelerated', () => {
    const f = facts({ unaccelerated: { index: 0, host: 'www.example.com' } });
    expect(refusal(() => retry(finished(['failure']), f)).messageId).toBe('content.url.notAccelerated');
  });
});

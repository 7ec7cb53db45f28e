import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { ContentQuota, ContentTask } from '../../../src/contract/content';
import { contentTasks, contentUsage, domains } from '../../../server/db/schema';
import { findAccountByLogin } from '../../../server/modules/account/service';
import { LocalEdge, type ContentEdge } from '../../../server/modules/content/edge';
import { ContentWorker } from '../../../server/modules/content/worker';
import {
  call,
  cookieOf,
  describeServer,
  postLogin,
  redeem,
  redirectParams,
  signIn,
} from '../../support/server-harness';

interface Result {
  code: number;
  msg: string;
  data: { issues?: { path: string; message_id: string }[]; remaining?: number; max?: number; host?: string };
}

/**
 * Refresh and prefetch (spec §2 /cdn/content, §4, §5, §8, §9): tasks made through the outbox's
 * commands, checked again on the server (URL rules, accelerated domains, data permission, daily
 * and per-submission quotas), executed by the worker through the edge, retried when they failed.
 */
describeServer('refresh and prefetch', (h) => {
  const password = 'Sub#Pass2026';
  let demo: string;
  let demoId: number;
  /** The demo's active domains by name. */
  let domainIds: Map<string, string>;
  const worker = () => new ContentWorker(h().db, new LocalEdge(h().db, 0));
  /** Runs rounds until nothing waits. */
  const drain = async () => {
    while ((await worker().round()) > 0);
  };

  const push = async (
    token: string,
    actorId: number,
    name: string,
    payload: Record<string, unknown>,
    key = randomUUID(),
  ) => {
    const aggregate = String(payload.id);
    const { body } = await call<{ results: Result[] }>(h().app, 'POST', '/v3/sync/command/push', {
      token,
      language: 'en',
      body: {
        actor_id: actorId,
        commands: [
          {
            key,
            name,
            aggregate_id: aggregate,
            base_version: name === 'content.submit' ? 0 : 1,
            schema_version: 1,
            payload,
            origin: 'browser',
          },
        ],
      },
    });
    expect(body.code, JSON.stringify(body)).toBe(0);
    return body.data.results[0]!;
  };
  const submit = (kind: string, urls: string[], token = demo, actorId = demoId, id = randomUUID()) =>
    push(token, actorId, 'content.submit', { id, kind, urls }).then((result) => ({ result, id }));
  const records = async (token = demo, query: Record<string, string> = {}) =>
    (
      await call<{ lists: ContentTask[]; total: number; server_time: string }>(
        h().app,
        'GET',
        '/v3/content/task/lists',
        {
          token,
          query: { page_size: '500', ...query },
        },
      )
    ).body;
  const task = async (id: string, token = demo) => (await records(token)).data.lists.find((t) => t.id === id);
  const quota = async (token = demo) =>
    (await call<ContentQuota>(h().app, 'GET', '/v3/content/quota/detail', { token })).body.data;
  const urls = (host: string, n: number, dir = false) =>
    Array.from(
      { length: n },
      (_, i) => `https://${host}/${randomUUID().slice(0, 8)}-${i}${dir ? '/' : '.js'}`,
    );

  beforeAll(async () => {
    ({ token: demo } = await signIn(h().app, 'demo'));
    demoId = (await findAccountByLogin(h().db, 'demo'))!.id;
    const list = await call<{ lists: { id: string; domain: string; status: string }[] }>(
      h().app,
      'GET',
      '/v3/domain/domain/names',
      { token: demo },
    );
    domainIds = new Map(
      list.body.data.lists.filter((d) => d.status === 'active').map((d) => [d.domain, d.id]),
    );
    expect(domainIds.has('www.demo-shop.com')).toBe(true);
    await drain();
  });

  it('refreshes 3 URLs: pending, then executed by the worker, with the quota counted once', async () => {
    const before = await quota();
    const three = urls('www.demo-shop.com', 3);
    const key = randomUUID();
    const id = randomUUID();
    const first = await push(demo, demoId, 'content.submit', { id, kind: 'url', urls: three }, key);
    expect(first).toMatchObject({ code: 0, msg: 'Submitted.' });
    // The same command again (a replay): the same answer, nothing counted twice.
    expect((await push(demo, demoId, 'content.submit', { id, kind: 'url', urls: three }, key)).code).toBe(0);
    expect((await quota()).url.used).toBe(before.url.used + 3);

    const pending = await task(id);
    expect(pending).toMatchObject({
      kind: 'url',
      status: 'pending',
      attempts: 1,
      created_by: 'demo',
      finished_at: null,
    });
    expect(pending!.urls).toEqual(three.map((url) => ({ url, status: 'pending' })));
    const { server_time: since } = (await records()).data;

    let seenRunning: string | undefined;
    const watching: ContentEdge = {
      execute: async (job) => {
        seenRunning = (await task(id))?.status;
        return new LocalEdge(h().db, 0).execute(job);
      },
    };
    expect(await new ContentWorker(h().db, watching).round()).toBeGreaterThanOrEqual(1);
    expect(seenRunning).toBe('running');
    const done = await task(id);
    expect(done).toMatchObject({ status: 'success', version: 1 });
    expect(done!.urls.every((u) => u.status === 'success')).toBe(true);
    expect(Date.parse(done!.finished_at!)).toBeGreaterThanOrEqual(Date.parse(done!.created_at));
    // The worker's progress is a change the browser's next read brings.
    const changed = await records(demo, { updated_since: since });
    expect(changed.data.lists.map((t) => t.id)).toContain(id);
  });

  it('refuses a URL on a host that is not an accelerated domain of the account, at its line', async () => {
    const { result } = await submit('url', [
      'https://www.demo-shop.com/a.css',
      'https://www.not-ours.example/a.css',
    ]);
    expect(result).toMatchObject({
      code: 40905,
      msg: 'www.not-ours.example is not an accelerated domain of this account',
      data: { issues: [{ path: 'urls.1', message_id: 'content.url.notAccelerated' }] },
    });
    // A suspended domain is not accelerated; a wildcard domain serves the hosts below it.
    expect((await submit('url', ['https://video.demo-shop.com/a.mp4'])).result.code).toBe(40905);
    expect((await submit('url', ['https://a.b.static.demo-shop.com/x.png'])).result.code).toBe(0);
  });

  it('checks the URL rules again on the server (spec §5)', async () => {
    const cases: [string, string, string][] = [
      ['url', 'www.demo-shop.com/a.js', 'content.url.protocol'],
      ['url', 'https://www.demo-shop.com/图片.png', 'content.url.chinese'],
      ['url', 'https://*.demo-shop.com/a.js', 'content.url.wildcard'],
      ['dir', 'https://www.demo-shop.com/', 'content.dir.wholeSite'],
      ['dir', 'https://www.demo-shop.com/static', 'content.dir.slash'],
    ];
    for (const [kind, url, message] of cases) {
      const { result } = await submit(kind, [url]);
      expect(result, url).toMatchObject({
        code: 40001,
        data: { issues: [{ path: 'urls.0', message_id: message }] },
      });
    }
  });

  it('holds the per-submission limit (200/201 prefetch) and the daily quota (1000/1001 prefetch, 100/101 directories)', async () => {
    const host = 'img.demo-shop.com';
    const over = await submit('prefetch', urls(host, 201));
    expect(over.result).toMatchObject({
      code: 40001,
      msg: 'Too many URLs in one submission: at most 200',
      data: { issues: [{ path: 'urls', message_id: 'content.submit.tooMany' }] },
    });
    const used = (await quota()).prefetch.used;
    expect(used).toBe(0);
    for (let i = 0; i < 4; i++) expect((await submit('prefetch', urls(host, 200))).result.code).toBe(0);
    expect((await submit('prefetch', urls(host, 199))).result.code).toBe(0); // 999
    expect((await submit('prefetch', urls(host, 1))).result.code).toBe(0); // 1000
    const full = await submit('prefetch', urls(host, 1)); // 1001
    expect(full.result).toMatchObject({ code: 42203, data: { remaining: 0 } });
    expect(full.result.msg).toBe("Today's quota is not enough (0 left); contact support for more");
    expect((await quota()).prefetch).toEqual({ used: 1000, per_day: 1000, per_submit: 200 });

    expect((await submit('dir', urls(host, 99, true))).result.code).toBe(0);
    const two = await submit('dir', urls(host, 2, true));
    expect(two.result).toMatchObject({ code: 42203, data: { remaining: 1 } });
    expect((await submit('dir', urls(host, 1, true))).result.code).toBe(0);
    expect((await submit('dir', urls(host, 1, true))).result.code).toBe(42203);
  });

  it('fails the URLs of a domain suspended before the task ran, and retries them once it is back', async () => {
    const { id } = await submit('url', urls('api.demo-shop.com', 2));
    const domainId = domainIds.get('api.demo-shop.com')!;
    const setStatus = (status: 'active' | 'hung_up') =>
      h()
        .db.update(domains)
        .set({ status })
        .where(and(eq(domains.accountId, demoId), eq(domains.id, domainId)));
    await setStatus('hung_up');
    await drain();
    const failed = await task(id);
    expect(failed!.status).toBe('failure');
    expect(failed!.urls.map((u) => u.message_id)).toEqual([
      'content.edge.notAccelerated',
      'content.edge.notAccelerated',
    ]);
    await setStatus('active');

    const used = (await quota()).url.used;
    const retried = await push(demo, demoId, 'content.retry', { id });
    expect(retried.code, JSON.stringify(retried)).toBe(0);
    expect(await task(id)).toMatchObject({ status: 'pending', attempts: 2, finished_at: null, version: 2 });
    expect((await quota()).url.used).toBe(used + 2);
    // Not again while it waits.
    const busy = await call<{ results: Result[] }>(h().app, 'POST', '/v3/sync/command/push', {
      token: demo,
      language: 'en',
      body: {
        actor_id: demoId,
        commands: [
          {
            key: randomUUID(),
            name: 'content.retry',
            aggregate_id: id,
            base_version: 2,
            schema_version: 1,
            payload: { id },
            origin: 'browser',
          },
        ],
      },
    });
    expect(busy.body.data.results[0]).toMatchObject({
      code: 40905,
      data: { issues: [{ message_id: 'content.retry.unfinished' }] },
    });
    await drain();
    expect(await task(id)).toMatchObject({ status: 'success', attempts: 2 });
  });

  it('takes one task per account a round, and takes again a task whose worker died', async () => {
    await drain();
    const { id: a } = await submit('url', urls('cart.demo-shop.com', 1));
    const { id: b } = await submit('url', urls('cart.demo-shop.com', 1));
    expect(await worker().round()).toBe(1);
    expect((await task(a))!.status).toBe('success');
    expect((await task(b))!.status).toBe('pending');
    // A worker that claimed it and died: once its claim runs out, another takes it.
    const stuck: ContentEdge = { execute: () => new Promise(() => undefined) };
    void new ContentWorker(h().db, stuck).round();
    await expect.poll(async () => (await task(b))!.status).toBe('running');
    expect(await new ContentWorker(h().db, new LocalEdge(h().db, 0), { claimMs: 60_000 }).round()).toBe(0);
    const later = () => new Date(Date.now() + 120_000);
    expect(await new ContentWorker(h().db, new LocalEdge(h().db, 0), { claimMs: 60_000 }).round(later)).toBe(
      1,
    );
    expect((await task(b))!.status).toBe('success');
    const [row] = await h().db.select().from(contentTasks).where(eq(contentTasks.id, b));
    expect(row!.claimedAt).toBeNull();
  });

  it('keeps the claim of a task the edge is slow with, so that no other worker takes it meanwhile', async () => {
    await drain();
    const { id } = await submit('url', urls('cart.demo-shop.com', 1));
    const slow: ContentEdge = {
      execute: (job) => new Promise((done) => setTimeout(() => done(job.urls.map(() => null)), 1200)),
    };
    const first = new ContentWorker(h().db, slow, { claimMs: 300 }).round();
    await expect.poll(async () => (await task(id))!.status).toBe('running');
    // Well past the claim's 300 ms: renewed meanwhile, it is still the first worker's.
    await new Promise((done) => setTimeout(done, 700));
    expect(await new ContentWorker(h().db, new LocalEdge(h().db, 0), { claimMs: 300 }).round()).toBe(0);
    expect(await first).toBe(1);
    expect(await task(id)).toMatchObject({ status: 'success', attempts: 1 });
  });

  it('lets a sub-account refresh only its granted domains, and shows it only its own tasks', async () => {
    const granted = domainIds.get('shop.demo-shop.com')!;
    const made = await call<{ user: { id: number } }>(h().app, 'POST', '/v3/customer/customer/childAdd', {
      token: demo,
      body: {
        login: `demo-purge-${randomUUID().slice(0, 4)}`,
        password,
        confirm_password: password,
        menu_ids: [601],
        data: { domains: { all: false, ids: [granted] } },
      },
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    const login = (made.body.data as unknown as { user: { login: string } }).user.login;
    const response = await postLogin(h().app, login, password);
    const sub = (await redeem(h().app, redirectParams(response), cookieOf(response))).body.data.token;
    const subId = made.body.data.user.id;

    // A domain of the account not granted to it: data permission, as for any call naming it.
    const refused = await submit('url', ['https://cart.demo-shop.com/a.js'], sub, subId);
    expect(refused.result).toMatchObject({ code: 40301 });
    const { result, id } = await submit('url', ['https://shop.demo-shop.com/a.js'], sub, subId);
    expect(result.code).toBe(0);
    const seen = (await records(sub)).data;
    expect(seen.lists.map((t) => t.id)).toEqual([id]);
    expect((await records(demo)).data.lists.map((t) => t.id)).toContain(id);
    // A task of the main account on a domain not granted to it: it cannot retry it.
    const { id: theirs } = await submit('url', urls('cart.demo-shop.com', 1));
    const cart = domainIds.get('cart.demo-shop.com')!;
    const setCart = (status: 'active' | 'hung_up') =>
      h()
        .db.update(domains)
        .set({ status })
        .where(and(eq(domains.accountId, demoId), eq(domains.id, cart)));
    await setCart('hung_up');
    await drain();
    await setCart('active');
    expect((await task(theirs))!.status).toBe('failure');
    const other = await push(sub, subId, 'content.retry', { id: theirs });
    expect(other).toMatchObject({ code: 40301 });
    expect((await push(demo, demoId, 'content.retry', { id: theirs })).code).toBe(0);
  });

  it('keeps 30 days of records: older finished tasks and quota counts are purged, a waiting one stays', async () => {
    const { id: old } = await submit('url', urls('www.demo-shop.com', 1));
    const { id: older } = await submit('url', urls('www.demo-shop.com', 1));
    await drain();
    const { id: stuck } = await submit('url', urls('www.demo-shop.com', 1));
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    await h()
      .db.update(contentTasks)
      .set({ createdAt: longAgo })
      .where(inArray(contentTasks.id, [old, older, stuck]));
    await h().db.insert(contentUsage).values({ accountId: demoId, day: '2000-01-01', kind: 'url', used: 5 });
    expect(await worker().purge()).toBeGreaterThanOrEqual(2);
    const left = await h()
      .db.select({ id: contentTasks.id })
      .from(contentTasks)
      .where(inArray(contentTasks.id, [old, older, stuck]));
    expect(left.map((r) => r.id)).toEqual([stuck]);
    const usage = await h().db.select().from(contentUsage).where(eq(contentUsage.day, '2000-01-01'));
    expect(usage).toEqual([]);
    await drain();
  });

  it('filters the records by kind, state and URL, and refuses an account without the function', async () => {
    const { id, result } = await submit('url', [`https://seckill.demo-shop.com/${randomUUID()}.html`]);
    expect(result.code).toBe(0);
    const dirs = (await records(demo, { kind: 'dir' })).data.lists;
    expect(dirs.length).toBeGreaterThan(0);
    expect(dirs.every((t) => t.kind === 'dir')).toBe(true);
    expect((await records(demo, { keyword: 'SECKILL.demo-shop' })).data.lists.map((t) => t.id)).toEqual([id]);
    const done = (await records(demo, { status: 'success', kind: 'url' })).data.lists;
    expect(done.length).toBeGreaterThan(0);
    expect(done.map((t) => t.id)).not.toContain(id);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await records(demo, { start: later })).data.total).toBe(0);

    const analyst = (await signIn(h().app, 'demo-analyst')).token;
    const denied = await call(h().app, 'GET', '/v3/content/task/lists', { token: analyst });
    expect(denied.body.code).toBe(40301);
  });
});

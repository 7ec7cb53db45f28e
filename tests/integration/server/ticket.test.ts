import { and, eq, gt } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditEvents, tickets } from '../../../server/db/schema';
import { limits } from '../../../src/contract';
import type { TicketDetail, TicketEntry } from '../../../src/contract/ticket';
import {
  call,
  demoPassword,
  describeServer,
  multipart,
  operatorKey,
  pngBytes,
  signIn,
  type Envelope,
} from '../../support/server-harness';

type Lists = { lists: TicketEntry[]; total: number; open_max: number };

describeServer('tickets', (h) => {
  let demo: string;
  let demoId: number;

  const post = <T = TicketDetail>(token: string, path: string, body: unknown, language = 'en') =>
    call<T>(h().app, 'POST', `/v3/ticket/${path}`, { token, body, language }).then((r) => r.body);
  const upload = async (token: string, name = 'shot.png') => {
    const { payload, headers } = multipart(pngBytes, name);
    const response = await h().app.inject({
      method: 'POST',
      url: '/v3/suggestion/feedback/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}` },
    });
    const answer = response.json() as Envelope<{ id: string }>;
    expect(answer.code).toBe(0);
    return answer.data.id;
  };
  const picture = (token: string, id: string) =>
    h().app.inject({
      method: 'POST',
      url: '/v3/ticket/picture',
      payload: { id },
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });
  const operator = (body: Record<string, unknown>) =>
    h()
      .app.inject({
        method: 'POST',
        url: '/operator/ticket',
        payload: body,
        headers: { 'x-operator-key': operatorKey, 'accept-language': 'en' },
      })
      .then((r) => r.json() as Envelope<{ waiting: (TicketEntry & { account: string })[] }>);
  const addSub = async (login: string) => {
    const made = await call<{ user: { id: number } }>(h().app, 'POST', '/v3/customer/customer/childAdd', {
      token: demo,
      body: { login, password: demoPassword, confirm_password: demoPassword, menu_ids: [409], data: {} },
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    return { token: (await signIn(h().app, login)).token, id: made.body.data.user.id };
  };
  const ticket = (title: string, extra: Record<string, unknown> = {}) => ({
    category: 'domain',
    title,
    content: 'The origin answers 502 through the CDN.',
    ...extra,
  });

  beforeAll(async () => {
    ({ token: demo } = await signIn(h().app, 'demo'));
    demoId = (
      await call<{ user_id: number }>(h().app, 'GET', '/v3/customer/customer/loginInfo', { token: demo })
    ).body.data.user_id;
  });

  it('submits a ticket with pictures, lists it, and records it', async () => {
    const ids = [await upload(demo, 'a.png'), await upload(demo, 'b.png')];
    const made = await post(demo, 'create', ticket('502 on www', { image_ids: ids }));
    expect(made).toMatchObject({
      code: 0,
      msg: 'Ticket submitted. We will reply as soon as possible.',
      data: {
        category: 'domain',
        title: '502 on www',
        status: 'processing',
        creator: 'demo',
        message_count: 1,
      },
    });
    const [first] = made.data.messages;
    expect(first).toMatchObject({ from_support: false, author: 'demo' });
    expect(first!.pictures.map((p) => p.name)).toEqual(['a.png', 'b.png']);
    const served = await picture(demo, first!.pictures[0]!.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(pngBytes)).toBe(true);

    const lists = await post<Lists>(demo, 'lists', {});
    expect(lists.data.lists[0]).toMatchObject({ id: made.data.id, status: 'processing' });
    expect(lists.data.open_max).toBe(limits.ticket.openMax);
    const audit = await h().db.select().from(auditEvents).where(eq(auditEvents.action, 'ticket.create'));
    expect(audit.map((a) => a.target)).toContain(String(made.data.id));

    // A picture attached once cannot be attached again, to feedback or to another ticket.
    const again = await post(demo, 'create', ticket('again', { image_ids: [ids[0]] }));
    expect(again).toMatchObject({
      code: 40001,
      data: { issues: [{ message_id: 'feedback.images.invalid' }] },
    });
  });

  it('goes back and forth with support until it is closed', async () => {
    const made = (await post(demo, 'create', ticket('Cache rules', { category: 'other' }))).data;
    const waiting = await operator({ action: 'list' });
    expect(waiting.data.waiting.map((w) => w.id)).toContain(made.id);
    const replied = await operator({ action: 'reply', id: made.id, content: 'Which rule?' });
    expect(replied.code).toBe(0);
    expect(replied.data.waiting.map((w) => w.id)).not.toContain(made.id);

    let detail = (await post(demo, 'detail', { id: made.id })).data;
    expect(detail.status).toBe('replied');
    expect(detail.messages.at(-1)).toMatchObject({
      from_support: true,
      author: null,
      content: 'Which rule?',
    });

    const answer = await post(demo, 'reply', { id: made.id, content: 'The *.jpg rule.' }, 'zh-CN');
    expect(answer).toMatchObject({
      code: 0,
      msg: '回复已发送',
      data: { status: 'processing', message_count: 3 },
    });
    const closed = await post(demo, 'close', { id: made.id });
    expect(closed).toMatchObject({ code: 0, data: { status: 'closed' } });
    expect((await post(demo, 'close', { id: made.id })).data.status).toBe('closed');

    const late = await post(demo, 'reply', { id: made.id, content: 'One more thing' });
    expect(late).toMatchObject({
      code: 40906,
      msg: 'This ticket is closed and takes no more replies. If the problem remains, submit a new ticket.',
    });
    expect((await operator({ action: 'reply', id: made.id, content: 'late' })).code).toBe(40906);
    detail = (await post(demo, 'detail', { id: made.id })).data;
    expect(detail.messages).toHaveLength(3);
  });

  it('refuses bad input with the form’s words, and keeps the account’s tickets in progress bounded', async () => {
    const blank = await post(demo, 'create', { category: 'nope', title: ' ', content: '' });
    expect(blank.code).toBe(40001);
    const issues = (blank.data as unknown as { issues: { path: string; message_id: string }[] }).issues;
    expect(Object.fromEntries(issues.map((i) => [i.path, i.message_id]))).toEqual({
      category: 'ticket.category.required',
      title: 'feedback.title.required',
      content: 'ticket.content.required',
    });
    const long = await post(demo, 'create', ticket('x'.repeat(51)));
    expect(long).toMatchObject({ code: 40001, msg: 'The title can have at most 50 characters' });
    const control = await post(demo, 'reply', { id: 1, content: 'a\u202eb' });
    expect(control.code).toBe(40001);

    const open = await h()
      .db.select({ id: tickets.id, status: tickets.status })
      .from(tickets)
      .where(eq(tickets.accountId, demoId));
    const room = limits.ticket.openMax - open.filter((t) => t.status !== 'closed').length;
    // Submitted in parallel: the count holds under the account's lock.
    const answers = await Promise.all(
      Array.from({ length: room + 3 }, (_, i) => post(demo, 'create', ticket(`Parallel ${i}`))),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(room);
    const refused = answers.filter((a) => a.code !== 0);
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatchObject({
      code: 42203,
      msg: `At most ${limits.ticket.openMax} tickets can be in progress at a time. Close the ones that are solved first.`,
    });
    // Closing one makes room again.
    await post(demo, 'close', { id: answers.find((a) => a.code === 0)!.data.id });
    expect((await post(demo, 'create', ticket('After closing'))).code).toBe(0);

    // Submitting and closing at once is bounded by the day's count: here the account has
    // submitted its day's tickets (the ones above, and closed ones made to look submitted today).
    const today = await h()
      .db.select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.accountId, demoId), gt(tickets.createdAt, new Date(Date.now() - 86_400_000))));
    await h()
      .db.insert(tickets)
      .values(
        Array.from({ length: limits.ticket.perDayMax - today.length }, (_, i) => ({
          accountId: demoId,
          createdBy: demoId,
          category: 'other',
          title: `Closed ${i}`,
          status: 'closed',
          messageCount: 1,
        })),
      );
    for (const id of (await post<Lists>(demo, 'lists', {})).data.lists.map((t) => t.id))
      await post(demo, 'close', { id });
    expect(await post(demo, 'create', ticket('One too many'))).toMatchObject({
      code: 42203,
      msg: `An account can submit at most ${limits.ticket.perDayMax} tickets in 24 hours. Please try again later.`,
    });
    // A day later, the account may submit again.
    await h()
      .db.update(tickets)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(tickets.accountId, demoId));
    expect((await post(demo, 'create', ticket('Next day'))).code).toBe(0);
  });

  it('shows a sub-account its own tickets only, and another account none, by every call', async () => {
    const { token: sub, id: subId } = await addSub('ticketsub');
    const { token: otherSub } = await addSub('ticketsub2');
    const mainTicket = (await post<Lists>(demo, 'lists', {})).data;
    const mainIds = mainTicket.lists.map((t) => t.id);
    // Room for the sub-accounts' tickets: the main account closes its own.
    for (const id of mainIds) await post(demo, 'close', { id });

    const pictureId = await upload(sub);
    const own = await post(sub, 'create', ticket('Sub question', { image_ids: [pictureId] }));
    expect(own).toMatchObject({ code: 0, data: { creator: 'ticketsub' } });
    const subList = (await post<Lists>(sub, 'lists', {})).data;
    expect(subList.lists.map((t) => t.id)).toEqual([own.data.id]);
    expect(subList.total).toBe(1);

    // The main account sees the sub-account's ticket and may answer it.
    expect((await post<Lists>(demo, 'lists', {})).data.lists.map((t) => t.id)).toContain(own.data.id);
    expect((await post(demo, 'reply', { id: own.data.id, content: 'Added the logs.' })).code).toBe(0);

    // Another sub-account, and another account, see nothing of it.
    const { token: other } = await signIn(h().app, 'canvas');
    const servedPicture = own.data.messages[0]!.pictures[0]!.id;
    for (const token of [otherSub, other]) {
      expect((await post<Lists>(token, 'lists', {})).data.lists.map((t) => t.id)).not.toContain(own.data.id);
      for (const path of ['detail', 'reply', 'close']) {
        const answer = await post(token, path, { id: own.data.id, content: 'x' });
        expect(answer, `${path}`).toMatchObject({
          code: 40401,
          msg: 'The ticket does not exist, or you may not view it.',
        });
      }
      const served = await picture(token, servedPicture);
      expect(served.json()).toMatchObject({ code: 40401 });
    }
    // The sub-account does not see the main account's tickets either.
    for (const id of mainIds.slice(0, 3)) expect((await post(sub, 'detail', { id })).code).toBe(40401);
    expect((await picture(sub, servedPicture)).statusCode).toBe(200);
    // A feedback picture is no ticket's: not served here.
    const loose = await upload(demo);
    expect((await picture(demo, loose)).json()).toMatchObject({ code: 40401 });

    // The sub-account deleted, its ticket stays the account's, its submitter no longer named.
    const deleted = await call(h().app, 'POST', '/v3/customer/customer/childDelete', {
      token: demo,
      body: { user_id: subId },
    });
    expect(deleted.body.code, JSON.stringify(deleted.body)).toBe(0);
    const kept = await post(demo, 'detail', { id: own.data.id });
    expect(kept.data).toMatchObject({ creator: '--', message_count: 2 });
    expect(kept.data.messages[0]).toMatchObject({ author: null });
  });

  it('lets a read-only API token read tickets and nothing more; the operator key is required', async () => {
    const made = await call<{ secret: string }>(h().app, 'POST', '/v3/customer/token/create', {
      token: demo,
      body: { user_id: demoId, access: 'read' },
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    const readOnly = made.body.data.secret;
    expect((await post<Lists>(readOnly, 'lists', {})).code).toBe(0);
    const refused = await post(readOnly, 'create', ticket('From a script'));
    expect(refused.code).toBe(40301);
    const anonymous = await h().app.inject({ method: 'POST', url: '/v3/ticket/lists', payload: {} });
    expect(anonymous.json()).toMatchObject({ code: 44 });
    const noKey = await h().app.inject({
      method: 'POST',
      url: '/operator/ticket',
      payload: { action: 'list' },
    });
    expect(noKey.json()).toMatchObject({ code: 40301 });
  });
});

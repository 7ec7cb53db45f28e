import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accounts, auditEvents, feedback, feedbackImages } from '../../../server/db/schema';
import { dictionary, validateFeedback } from '../../../src/contract';
import {
  call,
  describeServer,
  multipart,
  pngBytes,
  signIn,
  type Envelope,
} from '../../support/server-harness';

const feedbackBody = (imageIds: string[]) => ({
  type: 'suggestion',
  product: 'cdn',
  title: 'Faster purge',
  content: 'Please make purge faster.',
  image_ids: imageIds,
});

describeServer('feedback', (h) => {
  const upload = async (token: string, bytes: Buffer, name: string, language = 'en') => {
    const { payload, headers } = multipart(bytes, name);
    const response = await h().app.inject({
      method: 'POST',
      url: '/v3/suggestion/feedback/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}`, 'accept-language': language },
    });
    return response.json() as Envelope<{ id: string; name: string; size: number; type: string }>;
  };

  it('stores a picture whose bytes are an image, whatever its name', async () => {
    const demo = await signIn(h().app, 'demo');
    const answer = await upload(demo.token, pngBytes, 'shot.jpg');
    expect(answer).toMatchObject({
      code: 0,
      data: { name: 'shot.jpg', size: pngBytes.length, type: 'image/png' },
    });
    const svg = await upload(
      demo.token,
      Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      'a.svg',
    );
    expect(svg.data.type).toBe('image/svg+xml');
    const [row] = await h().db.select().from(feedbackImages).where(eq(feedbackImages.id, answer.data.id));
    expect(row!.data).toBeNull();
    expect(row!.file).toMatch(/^feedback\/\d+\/[0-9a-f-]{36}\.png$/);
  });

  it('refuses other content (41501), files over 5 MB (41301), and requests without a file (40001)', async () => {
    const demo = await signIn(h().app, 'demo');
    const text = await upload(demo.token, Buffer.from('MZ this is not a picture'), 'evil.png');
    expect(text).toMatchObject({
      code: 41501,
      msg: 'Wrong file type: only jpg, png, gif and svg are supported.',
    });
    const big = Buffer.concat([pngBytes, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload(demo.token, big, 'big.png', 'zh-CN');
    expect(tooLarge).toMatchObject({ code: 41301, msg: '文件大小超过 5 MB' });
    const english = await upload(demo.token, big, 'big.png');
    expect(english.msg).toBe('File size exceeds 5 MB');
    const json = await call(h().app, 'POST', '/v3/suggestion/feedback/upload', {
      token: demo.token,
      body: { file: 'x' },
    });
    expect(json.body).toMatchObject({
      code: 40001,
      data: { issues: [{ path: 'file', message_id: 'feedback.images.required' }] },
    });
    const { payload, headers } = multipart(pngBytes, 'a.png', 'other');
    const wrongField = await h().app.inject({
      method: 'POST',
      url: '/v3/suggestion/feedback/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${demo.token}` },
    });
    expect(wrongField.json()).toMatchObject({ code: 40001 });
    const anonymous = await h().app.inject({
      method: 'POST',
      url: '/v3/suggestion/feedback/upload',
      ...multipart(pngBytes, 'a.png'),
    });
    expect(anonymous.json()).toMatchObject({ code: 44 });
  });

  it('adds feedback with this account’s unattached pictures and records it', async () => {
    const demo = await signIn(h().app, 'demo');
    const ids = [
      (await upload(demo.token, pngBytes, '1.png')).data.id,
      (await upload(demo.token, pngBytes, '2.png')).data.id,
    ];
    const added = await call<{ id: number }>(h().app, 'POST', '/v3/suggestion/feedback/add', {
      token: demo.token,
      body: feedbackBody(ids),
      language: 'en',
    });
    expect(added.body).toMatchObject({ code: 0, msg: 'Thank you for your feedback.' });
    const [stored] = await h().db.select().from(feedback).where(eq(feedback.id, added.body.data.id));
    expect(stored).toMatchObject({ title: 'Faster purge', type: 'suggestion' });
    const attached = await h()
      .db.select()
      .from(feedbackImages)
      .where(eq(feedbackImages.feedbackId, added.body.data.id));
    expect(attached).toHaveLength(2);
    const events = await h().db.select().from(auditEvents).where(eq(auditEvents.action, 'suggestion.add'));
    expect(events.some((e) => e.target === String(added.body.data.id))).toBe(true);
    // Pictures already attached cannot be reused.
    const reused = await call(h().app, 'POST', '/v3/suggestion/feedback/add', {
      token: demo.token,
      body: feedbackBody(ids),
    });
    expect(reused.body).toMatchObject({
      code: 40001,
      data: { issues: [{ path: 'image_ids', message_id: 'feedback.images.invalid' }] },
    });
    // Another account's picture is refused, and nothing is stored.
    const canvas = await signIn(h().app, 'canvas');
    const foreign = (await upload(canvas.token, pngBytes, 'c.png')).data.id;
    const before = (await h().db.select().from(feedback)).length;
    const stolen = await call(h().app, 'POST', '/v3/suggestion/feedback/add', {
      token: demo.token,
      body: feedbackBody([foreign]),
    });
    expect(stolen.body.code).toBe(40001);
    expect((await h().db.select().from(feedback)).length).toBe(before);
    const noPictures = await call(h().app, 'POST', '/v3/suggestion/feedback/add', {
      token: demo.token,
      body: { ...feedbackBody([]), image_ids: undefined },
    });
    expect(noPictures.body.code).toBe(0);
  });

  it('refuses more than five pictures (42201) and invalid fields (40001)', async () => {
    const demo = await signIn(h().app, 'demo');
    const six = Array.from({ length: 6 }, () => crypto.randomUUID());
    const tooMany = await call(h().app, 'POST', '/v3/suggestion/feedback/add', {
      token: demo.token,
      body: feedbackBody(six),
      language: 'zh-CN',
    });
    expect(tooMany.body).toMatchObject({ code: 42201, msg: '最多上传 5 张图片！' });
    const en = await call(h().app, 'POST', '/v3/suggestion/feedback/add', {
      token: demo.token,
      body: feedbackBody(six),
      language: 'en',
    });
    expect(en.body.msg).toBe('Upload up to 5 pictures!');
    const longTitle = await call(h().app, 'POST', '/v3/suggestion/feedback/add', {
      token: demo.token,
      body: { ...feedbackBody([]), title: 'x'.repeat(51) },
    });
    expect(longTitle.body).toMatchObject({ code: 40001, data: { issues: [{ path: 'title' }] } });
    const badType = await call(h().app, 'POST', '/v3/suggestion/feedback/add', {
      token: demo.token,
      body: { ...feedbackBody([]), type: 'praise' },
    });
    expect(badType.body).toMatchObject({ code: 40001, data: { issues: [{ path: 'type' }] } });
    const malformed = await h().app.inject({
      method: 'POST',
      url: '/v3/suggestion/feedback/add',
      payload: '{"type":',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${demo.token}` },
    });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.json()).toMatchObject({ code: 40001 });
  });

  it('answers invalid fields with the message ids of the browser’s feedback rule', async () => {
    const demo = await signIn(h().app, 'demo');
    const add = (changes: Record<string, unknown>, language = 'en') =>
      call(h().app, 'POST', '/v3/suggestion/feedback/add', {
        token: demo.token,
        body: { ...feedbackBody([]), ...changes },
        language,
      });
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { title: 'x'.repeat(51) },
        'title',
        'feedback.title.tooLong',
        'The title can have at most 50 characters',
      ],
      [
        { content: 'y'.repeat(1001) },
        'content',
        'feedback.content.tooLong',
        'The content can have at most 1000 characters',
      ],
      [{ type: 'praise' }, 'type', 'feedback.type.required', 'Choose a submission type'],
      [{ type: undefined }, 'type', 'feedback.type.required', 'Choose a submission type'],
      [{ product: 'mystery' }, 'product', 'feedback.product.required', 'Choose a product'],
      [{ product: '' }, 'product', 'feedback.product.required', 'Choose a product'],
      [{ title: '   ' }, 'title', 'feedback.title.required', 'Enter a title'],
      [{ content: undefined }, 'content', 'feedback.content.required', 'Describe your feedback'],
    ];
    for (const [changes, path, messageId, text] of cases) {
      const { body } = await add(changes);
      expect(body, messageId).toEqual({
        code: 40001,
        msg: text,
        data: { issues: [{ path, message_id: messageId }] },
      });
      // The same id validateFeedback gives the form.
      const draft = { ...feedbackBody([]), ...changes };
      const rule = validateFeedback({
        type: String(draft.type ?? ''),
        product: String(draft.product ?? ''),
        title: String(draft.title ?? ''),
        content: String(draft.content ?? ''),
        imageIds: [],
      });
      expect(rule[path]).toBe(messageId);
    }
    expect((await add({ title: 'x'.repeat(51) }, 'zh-CN')).body.msg).toBe('标题不能超过 50 个字符');
    // Characters are counted as the form counts them: 50 emoji are 50 characters.
    const emoji = await add({ title: '🚀'.repeat(50), content: '🚀'.repeat(1000) });
    expect(emoji.body.code).toBe(0);
    // Every product key of the dictionary is accepted.
    for (const product of Object.keys(dictionary.product ?? {}))
      expect((await add({ product })).body.code, product).toBe(0);
  });

  it('keeps at most 20 unattached pictures per account (42201) and deletes those older than 24 h', async () => {
    const canvas = await signIn(h().app, 'canvas');
    const [account] = await h().db.select().from(accounts).where(eq(accounts.login, 'canvas'));
    const pending = () =>
      h()
        .db.select({ id: feedbackImages.id })
        .from(feedbackImages)
        .where(and(eq(feedbackImages.accountId, account!.id), isNull(feedbackImages.feedbackId)));
    await h()
      .db.delete(feedbackImages)
      .where(and(eq(feedbackImages.accountId, account!.id), isNull(feedbackImages.feedbackId)));
    // Parallel uploads cannot pass the limit together.
    const answers = await Promise.all(
      Array.from({ length: 24 }, () => upload(canvas.token, pngBytes, 'p.png')),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(20);
    const refused = answers.filter((a) => a.code !== 0);
    expect(refused).toHaveLength(4);
    for (const a of refused)
      expect(a).toMatchObject({
        code: 42201,
        msg: 'Too many pictures waiting to be submitted; submit or remove some first.',
      });
    expect(await pending()).toHaveLength(20);
    const zh = await upload(canvas.token, pngBytes, 'p.png', 'zh-CN');
    expect(zh).toMatchObject({ code: 42201, msg: '待提交的图片过多，请先提交或移除部分图片。' });
    // Attaching pictures to feedback frees room.
    const ids = answers.filter((a) => a.code === 0).map((a) => a.data.id);
    const added = await call(h().app, 'POST', '/v3/suggestion/feedback/add', {
      token: canvas.token,
      body: feedbackBody(ids.slice(0, 2)),
    });
    expect(added.body.code).toBe(0);
    expect((await upload(canvas.token, pngBytes, 'p.png')).code).toBe(0);
    expect((await upload(canvas.token, pngBytes, 'p.png')).code).toBe(0);
    expect((await upload(canvas.token, pngBytes, 'p.png')).code).toBe(42201);
    // Unattached pictures older than 24 hours are deleted at the next upload; attached ones stay.
    const old = new Date(Date.now() - 25 * 3_600_000);
    await h()
      .db.update(feedbackImages)
      .set({ createdAt: old })
      .where(eq(feedbackImages.accountId, account!.id));
    const fresh = await upload(canvas.token, pngBytes, 'p.png');
    expect(fresh.code).toBe(0);
    expect((await pending()).map((r) => r.id)).toEqual([fresh.data.id]);
    const attached = await h()
      .db.select({ id: feedbackImages.id })
      .from(feedbackImages)
      .where(and(eq(feedbackImages.accountId, account!.id), isNotNull(feedbackImages.feedbackId)));
    expect(attached).toHaveLength(2);
  });
});

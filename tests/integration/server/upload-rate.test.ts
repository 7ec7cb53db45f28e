import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accounts, feedbackImages } from '../../../server/db/schema';
import { limits } from '../../../src/contract';
import { describeServer, multipart, pngBytes, signIn, type Envelope } from '../../support/server-harness';

/** Bytes that are no picture: refused by their content (41501). */
const notAPicture = (size = 32) => Buffer.concat([Buffer.from('MZ not a picture '), Buffer.alloc(size)]);

describeServer('feedback uploads: refused ones count toward the rate', (h) => {
  const upload = async (token: string, bytes: Buffer, name = 'shot.png') => {
    const { payload, headers } = multipart(bytes, name);
    const response = await h().app.inject({
      method: 'POST',
      url: '/v3/suggestion/feedback/upload',
      payload,
      headers: { ...headers, authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });
    return { response, body: response.json() as Envelope };
  };
  const picturesOf = async (login: string) => {
    const [account] = await h().db.select().from(accounts).where(eq(accounts.login, login));
    return h().db.select().from(feedbackImages).where(eq(feedbackImages.accountId, account!.id));
  };
  const expectRateLimited = ({ response, body }: Awaited<ReturnType<typeof upload>>) => {
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(body.code).toBe(42901);
  };

  it('answers the 31st upload in ten minutes with 42901 when the first 30 were refused', async () => {
    const { token } = await signIn(h().app, 'demo');
    for (let i = 0; i < limits.feedback.uploadsPerTenMinutes; i += 1)
      expect((await upload(token, notAPicture())).body.code, `upload ${i + 1}`).toBe(41501);
    expectRateLimited(await upload(token, notAPicture()));
    expectRateLimited(await upload(token, pngBytes));
    // The refusals took no place among the pictures waiting to be attached.
    expect(await picturesOf('demo')).toEqual([]);
  });

  it('counts every kind of refusal: files over 5 MB, and pictures with no room left', async () => {
    const { token } = await signIn(h().app, 'canvas');
    for (let i = 0; i < limits.feedback.pendingImagesMax; i += 1)
      expect((await upload(token, pngBytes)).body.code).toBe(0);
    const tooLarge = Buffer.concat([pngBytes, Buffer.alloc(limits.feedback.imageBytesMax)]);
    const refused = limits.feedback.uploadsPerTenMinutes - limits.feedback.pendingImagesMax;
    for (let i = 0; i < refused; i += 1) {
      const { body } = await upload(token, i % 2 === 0 ? tooLarge : pngBytes);
      expect(body.code).toBe(i % 2 === 0 ? 41301 : 42201);
    }
    expectRateLimited(await upload(token, pngBytes));
    expect(await picturesOf('canvas')).toHaveLength(limits.feedback.pendingImagesMax);
  });

  it('counts the bytes received by refused uploads toward the 100 MB of the day', async () => {
    const { token } = await signIn(h().app, 'newbie');
    const large = notAPicture(limits.feedback.imageBytesMax - 1024);
    const fit = Math.floor(limits.feedback.uploadBytesPerDay / large.length);
    for (let i = 0; i < fit; i += 1) expect((await upload(token, large)).body.code).toBe(41501);
    const over = await upload(token, large);
    expect(over.body).toMatchObject({
      code: 42203,
      msg: 'You can upload at most 100 MB of pictures in 24 hours, and have reached it. Please try again later.',
    });
    expect((await upload(token, pngBytes)).body.code).toBe(0);
  });
});

import { randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { expect, it } from 'vitest';
import { limits } from '../../../src/contract';
import { describeServer, signIn, type Envelope } from '../../support/server-harness';

/** A PNG of `size` bytes that is a well-formed picture: IHDR, one IDAT of random bytes, IEND. */
function pngOf(size: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2000, 0);
  header.writeUInt32BE(2000, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const fixed = signature.length + 12 + 13 + 12 + 12;
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', randomBytes(size - fixed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const percentile = (times: number[], p: number) => {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

describeServer('uploads cannot slow the server for others', (h) => {
  it('keeps another account’s reads fast while one uploads 5 MB pictures to its quota', async () => {
    const app = await h().appWith({ rateLimit: { perToken: 100_000, perAddress: 100_000 } });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const uploader = await signIn(app, 'demo');
    const reader = await signIn(app, 'canvas');
    const picture = pngOf(limits.feedback.imageBytesMax - 1024);

    let uploading = true;
    const upload = async (): Promise<Envelope<{ id: string }>> => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'screen.png');
      const response = await fetch(`${address}/v3/suggestion/feedback/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${uploader.token}`, 'accept-language': 'en' },
        body: form,
      });
      return (await response.json()) as Envelope<{ id: string }>;
    };
    const attach = (ids: string[]) =>
      fetch(`${address}/v3/suggestion/feedback/add`, {
        method: 'POST',
        headers: { authorization: `Bearer ${uploader.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'bug',
          product: 'cdn',
          title: 'Pictures',
          content: 'See',
          image_ids: ids,
        }),
      }).then((r) => r.json() as Promise<Envelope>);

    // The uploader: pictures in a loop, attached five at a time, until the quota refuses one.
    const uploads = (async () => {
      const answers: Envelope<{ id: string }>[] = [];
      let batch: string[] = [];
      try {
        for (let i = 0; i < 60; i += 1) {
          const answer = await upload();
          answers.push(answer);
          if (answer.code !== 0) break;
          batch.push(answer.data.id);
          if (batch.length === limits.feedback.imagesMax) {
            expect((await attach(batch)).code).toBe(0);
            batch = [];
          }
        }
      } finally {
        uploading = false;
      }
      return answers;
    })();

    // The other account: its reads, one after another, for as long as the uploads go on.
    const times: number[] = [];
    const reads = (async () => {
      const paths = [
        '/v3/customer/customer/loginInfo',
        '/v3/domain/domain/lists',
        '/v3/overview/domain/lists',
      ];
      for (let i = 0; uploading; i += 1) {
        const started = performance.now();
        const response = await fetch(`${address}${paths[i % paths.length]}`, {
          headers: { authorization: `Bearer ${reader.token}` },
        });
        expect(((await response.json()) as Envelope).code).toBe(0);
        times.push(performance.now() - started);
      }
    })();

    const [answers] = await Promise.all([uploads, reads]);
    await app.close();

    const stored = answers.filter((a) => a.code === 0).length;
    const last = answers.at(-1);
    // 100 MB a day at 5 MB a picture: the 21st is refused with the quota's message.
    expect(stored).toBe(Math.floor(limits.feedback.uploadBytesPerDay / picture.length));
    expect(last).toMatchObject({
      code: 42203,
      msg: 'You can upload at most 100 MB of pictures in 24 hours, and have reached it. Please try again later.',
    });
    expect(times.length).toBeGreaterThan(50);
    expect(percentile(times, 99)).toBeLessThanOrEqual(200);
  }, 180_000);
});

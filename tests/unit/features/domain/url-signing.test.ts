import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedUrl } from '../../../../src/features/domain/config/url-signing';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const base = {
  key: 'DemoKey2026',
  origin: 'http://video.example.com',
  path: '/video/a.mp4',
  now: 1_700_000_000,
};

describe('signed URLs of the URL authentication section', () => {
  it('type A: the timestamp, rand, uid and the hash of the path with them and the key', () => {
    expect(signedUrl({ ...base, type: 'A' })).toBe(
      `http://video.example.com/video/a.mp4?auth_key=1700000000-0-0-${md5('/video/a.mp4-1700000000-0-0-DemoKey2026')}`,
    );
    expect(signedUrl({ ...base, type: 'A', rand: 'r1', uid: '42' })).toContain('auth_key=1700000000-r1-42-');
  });

  it('type B: the minute in Beijing time, then the hash of key, minute and path', () => {
    // 1700000000 is 2023-11-14 22:13:20 UTC: 2023-11-15 06:13 in Beijing.
    expect(signedUrl({ ...base, type: 'B' })).toBe(
      `http://video.example.com/202311150613/${md5('DemoKey2026202311150613/video/a.mp4')}/video/a.mp4`,
    );
  });

  it('type C: the hash of key, path and the hexadecimal timestamp, then the timestamp', () => {
    const time = (1_700_000_000).toString(16);
    expect(signedUrl({ ...base, type: 'C' })).toBe(
      `http://video.example.com/${md5(`DemoKey2026/video/a.mp4${time}`)}/${time}/video/a.mp4`,
    );
  });

  it('adds the leading slash of a path given without one, and hashes non-ASCII paths as UTF-8', () => {
    expect(signedUrl({ ...base, type: 'C', path: 'a.mp4' })).toBe(
      signedUrl({ ...base, type: 'C', path: '/a.mp4' }),
    );
    const time = (1_700_000_000).toString(16);
    expect(signedUrl({ ...base, type: 'C', path: '/视频.mp4' })).toContain(
      md5(`DemoKey2026/视频.mp4${time}`),
    );
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignedUrl, signedUrl } from '../../../../src/features/domain/config/url-signing';

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

describe('checking a signed URL as the edge would', () => {
  const section = (type: 'A' | 'B' | 'C') => ({
    type,
    primary_key: 'DemoKey2026',
    backup_key: 'BackupKey2026',
    lifetime: 1800,
  });

  it('accepts a URL of each type signed with the primary or the backup key, until the signing time plus the lifetime', () => {
    for (const type of ['A', 'B', 'C'] as const) {
      for (const key of ['DemoKey2026', 'BackupKey2026']) {
        const url = signedUrl({ ...base, type, key });
        // Type B carries the minute only: it counts from the start of that minute.
        const signedAt = type === 'B' ? base.now - (base.now % 60) : base.now;
        expect(checkSignedUrl(url, section(type), base.now + 60)).toEqual({
          state: 'valid',
          type,
          until: (signedAt + 1800) * 1000,
        });
        expect(checkSignedUrl(url, section(type), signedAt + 1800)).toMatchObject({ state: 'valid' });
        expect(checkSignedUrl(url, section(type), signedAt + 1801)).toMatchObject({ state: 'expired', type });
      }
    }
  });

  it('says when the URL is signed in another type than the domain’s (algorithm mismatch)', () => {
    expect(checkSignedUrl(signedUrl({ ...base, type: 'A' }), section('C'), base.now)).toEqual({
      state: 'mismatch',
      type: 'A',
      expected: 'C',
    });
    expect(checkSignedUrl(signedUrl({ ...base, type: 'B' }), section('A'), base.now)).toMatchObject({
      state: 'mismatch',
      type: 'B',
    });
  });

  it('refuses another key, a changed path and a changed time; tells a URL with no signature', () => {
    expect(
      checkSignedUrl(signedUrl({ ...base, type: 'A', key: 'OtherKey99' }), section('A'), base.now),
    ).toEqual({
      state: 'signature',
      type: 'A',
    });
    const c = signedUrl({ ...base, type: 'C' });
    expect(checkSignedUrl(c.replace('/video/a.mp4', '/video/b.mp4'), section('C'), base.now)).toMatchObject({
      state: 'signature',
    });
    const a = signedUrl({ ...base, type: 'A' });
    expect(
      checkSignedUrl(a.replace('auth_key=1700000000', 'auth_key=1800000000'), section('A'), base.now),
    ).toMatchObject({
      state: 'signature',
    });
    for (const text of ['http://video.example.com/video/a.mp4', 'not a url', ''])
      expect(checkSignedUrl(text, section('A'), base.now)).toEqual({ state: 'unsigned' });
  });

  it('accepts a non-ASCII path as the browser sends it, percent-encoded', () => {
    const url = signedUrl({ ...base, type: 'C', path: '/视频.mp4' });
    expect(checkSignedUrl(new URL(url).href, section('C'), base.now)).toMatchObject({ state: 'valid' });
  });
});

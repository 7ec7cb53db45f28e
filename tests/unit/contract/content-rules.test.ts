import { describe, expect, it } from 'vitest';
import {
  contentHost,
  contentQuotaProblem,
  contentUrlProblem,
  readContentLines,
  type ContentKind,
} from '../../../src/contract/rules/content';

describe('a URL to refresh or prefetch (spec §5)', () => {
  it.each<[ContentKind, string, string | null]>([
    ['url', 'https://www.example.com/a.png', null],
    ['url', 'http://www.example.com/a.png?v=2', null],
    ['url', 'HTTPS://WWW.EXAMPLE.COM/', null],
    ['url', 'https://www.example.com:8443/a', null],
    ['url', 'www.example.com/a.png', 'content.url.protocol'],
    ['url', '//www.example.com/a.png', 'content.url.protocol'],
    ['url', 'ftp://www.example.com/a.png', 'content.url.protocol'],
    ['url', 'https://www.example.com/图片.png', 'content.url.chinese'],
    ['url', 'https://www.example.com/a？b', 'content.url.chinese'],
    ['url', 'https://www.example.com/%E5%9B%BE.png', null],
    ['url', 'https://*.example.com/a.png', 'content.url.wildcard'],
    ['url', 'https://www.example.com/*.png', null],
    ['url', 'https://www.exa mple.com/a', 'content.url.format'],
    ['url', 'https://user:pw@www.example.com/a', 'content.url.format'],
    ['url', 'https://', 'content.url.format'],
    ['url', `https://www.example.com/${'a'.repeat(1000)}`, null],
    ['url', `https://www.example.com/${'a'.repeat(1001)}`, 'content.url.tooLong'],
    ['dir', 'https://www.example.com/static/', null],
    ['dir', 'https://www.example.com/static', 'content.dir.slash'],
    ['dir', 'https://www.example.com/static/?v=1', 'content.dir.slash'],
    ['dir', 'https://www.example.com/', 'content.dir.wholeSite'],
    ['dir', 'https://www.example.com', 'content.dir.wholeSite'],
    ['prefetch', 'https://www.example.com/', null],
  ])('%s %s → %s', (kind, url, problem) => {
    expect(contentUrlProblem(kind, url)).toBe(problem);
  });

  it('reads one URL a line, skipping blank lines and refusing repeats, with line numbers', () => {
    const read = readContentLines(
      'url',
      ' https://a.example.com/1 \r\n\r\nhttps://a.example.com/1\nnot a url\nhttps://B.example.com/2',
    );
    expect(read.urls).toEqual(['https://a.example.com/1', 'https://B.example.com/2']);
    expect(read.problems).toEqual([
      { line: 3, messageId: 'content.url.duplicate' },
      { line: 4, messageId: 'content.url.protocol' },
    ]);
    expect(contentHost('https://B.example.com:8080/2')).toBe('b.example.com');
  });
});

describe('refresh and prefetch quotas (spec §9)', () => {
  it.each<[ContentKind, number, number, string | null]>([
    // Per day: refresh 1000 URLs and 100 directories, prefetch 1000.
    ['url', 1, 998, null],
    ['url', 1, 999, null],
    ['url', 1, 1000, 'content.quota.exceeded'],
    ['url', 2, 999, 'content.quota.exceeded'],
    ['dir', 1, 99, null],
    ['dir', 1, 100, 'content.quota.exceeded'],
    ['prefetch', 1, 999, null],
    ['prefetch', 1, 1000, 'content.quota.exceeded'],
    ['prefetch', 200, 800, null],
    ['prefetch', 200, 801, 'content.quota.exceeded'],
    // Per submission: prefetch 200; a refresh holds at most a day's quota.
    ['prefetch', 200, 0, null],
    ['prefetch', 201, 0, 'content.submit.tooMany'],
    ['url', 1000, 0, null],
    ['url', 1001, 0, 'content.submit.tooMany'],
    ['dir', 100, 0, null],
    ['dir', 101, 0, 'content.submit.tooMany'],
    ['url', 0, 0, 'content.submit.empty'],
  ])('%s: %d more after %d today → %s', (kind, count, used, problem) => {
    expect(contentQuotaProblem(kind, count, used)?.messageId ?? null).toBe(problem);
  });

  it('says how much is left, and the per-submission limit', () => {
    expect(contentQuotaProblem('prefetch', 200, 801)).toEqual({
      messageId: 'content.quota.exceeded',
      data: { remaining: 199 },
    });
    expect(contentQuotaProblem('prefetch', 201, 0)).toEqual({
      messageId: 'content.submit.tooMany',
      data: { max: 200 },
    });
  });
});

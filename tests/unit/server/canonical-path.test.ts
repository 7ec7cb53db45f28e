import { describe, expect, it } from 'vitest';
import { isCanonicalPath, pathOf } from '../../../server/http/request-guards';

describe('canonical request paths', () => {
  // Each range of unreserved characters, with its neighbours on both sides.
  it.each([
    ['%2C', ',', true],
    ['%2D', '-', false],
    ['%2E', '.', false],
    ['%2F', '/', false],
    ['%2f', '/', false],
    ['%3A', ':', true],
    ['%30', '0', false],
    ['%39', '9', false],
    ['%40', '@', true],
    ['%41', 'A', false],
    ['%5A', 'Z', false],
    ['%5B', '[', true],
    ['%5C', '\\', false],
    ['%5F', '_', false],
    ['%60', '`', true],
    ['%61', 'a', false],
    ['%7a', 'z', false],
    ['%7B', '{', true],
    ['%7E', '~', false],
    ['%25', '%', true],
    ['%20', ' ', true],
    ['%E4%B8%AD', '中', true],
  ])('%s (%s) in a path: canonical %s', (escape, _character, canonical) => {
    expect(isCanonicalPath(`/v3/cert/calendar/a${escape}b.ics`)).toBe(canonical);
  });

  it('judges the path of a target, not its query, and an absolute-form target by its path', () => {
    expect(pathOf('/v3/customer/customer/loginInfo?x=%76')).toBe('/v3/customer/customer/loginInfo');
    expect(pathOf('/v3/a#%76')).toBe('/v3/a');
    expect(pathOf('http://console.test/%763/a?b')).toBe('/%763/a');
    expect(pathOf('HTTPS://console.test:8443')).toBe('/');
    expect(pathOf('http://console.test?x')).toBe('/');
  });
});

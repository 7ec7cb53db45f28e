import { describe, expect, it } from 'vitest';
import { certCovers, expiringSoon, matchesExpiry } from '../../../src/contract/rules/cert';

describe('which domains a certificate covers', () => {
  it.each([
    [['*.a.com'], 'x.a.com', true],
    [['*.a.com'], 'a.com', false],
    [['*.a.com'], 'y.x.a.com', false],
    [['*.a.com'], 'X.A.COM', true],
    [['*.A.com'], 'x.a.com', true],
    [['a.com', 'www.a.com'], 'www.a.com', true],
    [['a.com', 'www.a.com'], 'img.a.com', false],
    [['www.a.com.'], 'www.a.com', true],
    [['*.a.com'], '*.a.com', true],
    [['*.a.com'], '*.x.a.com', false],
    [['x.a.com'], '*.a.com', false],
    [['*.a.com'], 'xa.com', false],
  ] as const)('%j covers %s: %s', (names, domain, covered) => {
    expect(certCovers(names, domain)).toBe(covered);
  });
});

describe('expiry (spec §4 filter, §9 thresholds)', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);
  it.each([
    [-1, ['expired']],
    [0, ['expired']],
    [3, ['in7', 'in30', 'unexpired']],
    [7, ['in7', 'in30', 'unexpired']],
    [7.01, ['in30', 'unexpired']],
    [30, ['in30', 'unexpired']],
    [31, ['unexpired']],
  ] as const)('ending in %d days matches %j', (days, filters) => {
    const matched = (['expired', 'in7', 'in30', 'unexpired'] as const).filter((f) =>
      matchesExpiry(f, inDays(days), now),
    );
    expect(matched).toEqual(filters);
  });
  it('expires soon under 5 days, not when expired', () => {
    expect(expiringSoon(inDays(4.9), now)).toBe(true);
    expect(expiringSoon(inDays(5), now)).toBe(false);
    expect(expiringSoon(inDays(-1), now)).toBe(false);
  });
});

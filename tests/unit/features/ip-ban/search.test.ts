import { describe, expect, it } from 'vitest';
import { parseIpBanSearch } from '../../../../src/features/ip-ban';

describe('the address of the ban list', () => {
  it('keeps valid values and drops defaults and anything else', () => {
    expect(
      parseIpBanSearch({
        keyword: '192.0.2',
        status: 'banned',
        family: 6,
        sort: 'expiry',
        page: 3,
        size: 50,
      }),
    ).toEqual({ keyword: '192.0.2', status: 'banned', family: '6', sort: 'expiry', page: 3, size: 50 });
    expect(
      parseIpBanSearch({ keyword: '  ', status: 'gone', family: '5', sort: 'newest', page: 1, size: 20 }),
    ).toEqual({});
    expect(parseIpBanSearch({ page: -2, size: 30, sort: 'id' })).toEqual({});
  });

  it('opens the ban dialog for ban=1 only', () => {
    expect(parseIpBanSearch({ ban: 1 })).toEqual({ ban: 1 });
    expect(parseIpBanSearch({ ban: '1' })).toEqual({ ban: 1 });
    for (const ban of [0, 2, 'yes', '1\u0000', 'x'.repeat(10_000), null, {}]) {
      expect(parseIpBanSearch({ ban })).toEqual({});
    }
  });

  it('reads a keyword the router parsed as a number', () => {
    expect(parseIpBanSearch({ keyword: 10 })).toEqual({ keyword: '10' });
  });
});

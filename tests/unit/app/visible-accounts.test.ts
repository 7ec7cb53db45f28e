import { describe, expect, it } from 'vitest';
import { visibleAccounts } from '../../../src/app/account-menu/visible-accounts';

const accounts = [
  { id: 1, account: 'channel' },
  ...Array.from({ length: 60 }, (_, i) => ({
    id: i + 2,
    account: `customer${String(i + 1).padStart(2, '0')}`,
  })),
];

describe('visibleAccounts (spec §2, §6, §9)', () => {
  it('shows at most 50 and says when capped', () => {
    const result = visibleAccounts(accounts, 1, '');
    expect(result.items).toHaveLength(50);
    expect(result.total).toBe(61);
    expect(result.capped).toBe(true);
  });

  it('puts the active account first even when it comes last', () => {
    const result = visibleAccounts(accounts, 61, '');
    expect(result.items[0]).toEqual({ id: 61, account: 'customer60' });
    expect(result.items[1]?.account).toBe('channel');
  });

  it('filters by name, case-insensitive, with no cap below 50', () => {
    const result = visibleAccounts(accounts, 1, 'CUSTOMER5');
    expect(result.items.map((a) => a.account)).toEqual([
      'customer50',
      'customer51',
      'customer52',
      'customer53',
      'customer54',
      'customer55',
      'customer56',
      'customer57',
      'customer58',
      'customer59',
    ]);
    expect(result.capped).toBe(false);
  });

  it('leaves out the active account when it does not match the search', () => {
    const result = visibleAccounts(accounts, 1, 'customer60');
    expect(result.items.map((a) => a.id)).toEqual([61]);
  });

  it('is exactly 50 without a note at the limit', () => {
    const fifty = accounts.slice(0, 50);
    expect(visibleAccounts(fifty, null, '').capped).toBe(false);
    expect(visibleAccounts(accounts.slice(0, 51), null, '').capped).toBe(true);
  });

  it('ignores surrounding spaces and finds nothing for an unknown name', () => {
    expect(visibleAccounts(accounts, 1, '  channel ').items).toEqual([{ id: 1, account: 'channel' }]);
    expect(visibleAccounts(accounts, 1, 'nobody').items).toEqual([]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { ipBanCommandViews } from '../../../../src/features/ip-ban/command-views';
import { activateEnglish, entry } from './fixtures';

beforeAll(activateEnglish);

const views = ipBanCommandViews;
const ban = { name: 'ipBan.ban', payload: { cidr: '192.0.2.1', reason: 'scraping', expires_at: null } };
const update = {
  name: 'ipBan.update',
  payload: { cidr: '192.0.2.0/24', reason: 'new reason', expires_at: '2099-01-01T00:00:00.000Z' },
};
const unban = { name: 'ipBan.unban', payload: { cidr: '2001:db8::/48' } };

describe('the IP-ban commands in the pending-changes panel', () => {
  it('name each edit in a line', () => {
    expect(views['ipBan.ban']?.describe(ban, i18n)).toBe('Ban 192.0.2.1');
    expect(views['ipBan.update']?.describe(update, i18n)).toBe('Change the ban of 192.0.2.0/24');
    expect(views['ipBan.unban']?.describe(unban, i18n)).toBe('Unban 2001:db8::/48');
  });

  it('compare the server’s entry with mine, field by field', () => {
    const server = entry('192.0.2.0/24', { reason: 'old reason' });
    expect(views['ipBan.update']?.compare(update, server, i18n)).toEqual([
      { label: 'Status', server: 'Banned', mine: 'Banned' },
      { label: 'Reason', server: 'old reason', mine: 'new reason' },
      { label: 'Expires', server: 'Never', mine: expect.stringMatching(/^2099-01-0[12] \d\d:\d\d:00$/) },
    ]);
    expect(views['ipBan.unban']?.compare(unban, entry('2001:db8::/48'), i18n)[0]).toEqual({
      label: 'Status',
      server: 'Banned',
      mine: 'Unbanned',
    });
  });

  it('say when the entry is not on the server', () => {
    expect(views['ipBan.ban']?.compare(ban, null, i18n)).toEqual([
      { label: 'Status', server: '(not on the server)', mine: 'Banned' },
      { label: 'Reason', server: '(not on the server)', mine: 'scraping' },
      { label: 'Expires', server: '(not on the server)', mine: 'Never' },
    ]);
    expect(views['ipBan.update']?.compare(update, null, i18n).map((f) => f.mine)).toEqual([
      '(not on the server)',
      '(not on the server)',
      '(not on the server)',
    ]);
  });

  it('offer an editor for bans and changes, and link to the entry in the list', () => {
    expect(views['ipBan.ban']?.Editor).toBeDefined();
    expect(views['ipBan.update']?.Editor).toBeDefined();
    expect(views['ipBan.unban']?.Editor).toBeUndefined();
    expect(views['ipBan.unban']?.href?.(unban)).toBe('#/cdn/ip-ban?keyword=2001%3Adb8%3A%3A%2F48');
  });
});

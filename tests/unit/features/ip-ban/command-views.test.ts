import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { lineText } from '../../../../src/commands/command';
import { callOf } from '../../../../src/commands/queue';
import { commandNamed } from '../../../../src/commands/registry';
import { ipBanCommandViews } from '../../../../src/features/ip-ban/command-views';
import { activateEnglish, entry } from './fixtures';

beforeAll(activateEnglish);

const views = ipBanCommandViews;
const ban = callOf('ipBan.ban', { cidr: '192.0.2.1', reason: 'scraping', expires_at: null });
const update = callOf('ipBan.update', {
  cidr: '192.0.2.0/24',
  reason: 'new reason',
  expires_at: '2099-01-01T00:00:00.000Z',
});
const unban = callOf('ipBan.unban', { cidr: '2001:db8::/48' });

describe('the IP-ban commands in the pending-changes panel', () => {
  it('name each edit in a line', () => {
    const line = (c: { name: string; payload: unknown }) =>
      lineText(commandNamed(c.name)!.describe(c.payload as never), i18n);
    expect(line(ban)).toBe('Ban 192.0.2.1');
    expect(line(update)).toBe('Change the ban of 192.0.2.0/24');
    expect(line(unban)).toBe('Unban 2001:db8::/48');
  });

  it('compare the server’s entry with mine, field by field', () => {
    const server = entry('192.0.2.0/24', { reason: 'old reason' });
    expect(views.ipBan.compare(update, server, i18n)).toEqual([
      { label: 'Status', server: 'Banned', mine: 'Banned' },
      { label: 'Reason', server: 'old reason', mine: 'new reason' },
      { label: 'Expires', server: 'Never', mine: expect.stringMatching(/^2099-01-0[12] \d\d:\d\d:00$/) },
    ]);
    expect(views.ipBan.compare(unban, entry('2001:db8::/48'), i18n)[0]).toEqual({
      label: 'Status',
      server: 'Banned',
      mine: 'Unbanned',
    });
  });

  it('say when the entry is not on the server', () => {
    expect(views.ipBan.compare(ban, null, i18n)).toEqual([
      { label: 'Status', server: '(not on the server)', mine: 'Banned' },
      { label: 'Reason', server: '(not on the server)', mine: 'scraping' },
      { label: 'Expires', server: '(not on the server)', mine: 'Never' },
    ]);
    expect(views.ipBan.compare(update, null, i18n).map((f) => f.mine)).toEqual([
      '(not on the server)',
      '(not on the server)',
      '(not on the server)',
    ]);
  });

  it('offer an editor for bans and changes, and link to the entry in the list', () => {
    expect(views.ipBan.Editor).toBeDefined();
    expect(views.ipBan.edits).toEqual(['ipBan.ban', 'ipBan.update']);
    expect(views.ipBan.href?.(unban)).toBe('#/cdn/ip-ban?keyword=2001%3Adb8%3A%3A%2F48');
  });
});

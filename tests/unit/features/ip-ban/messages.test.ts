import { describe, expect, it } from 'vitest';
import { t } from '../../../../server/i18n/messages';
import { ipBanRuleMessages } from '../../../../src/features/ip-ban/ip-ban-messages';

describe('the IP-ban rule messages', () => {
  it('are what the server says under the same ids (one text, in the catalogs)', () => {
    expect(Object.keys(ipBanRuleMessages)).toEqual(
      expect.arrayContaining(['ipBan.rule.format', 'ipBan.rule.overlapsEntry']),
    );
    for (const [id, descriptor] of Object.entries(ipBanRuleMessages))
      expect(t(id, 'en_US'), id).toBe(descriptor.message);
  });

  it('carry their own id', () => {
    for (const [id, descriptor] of Object.entries(ipBanRuleMessages)) expect(descriptor.id).toBe(id);
  });
});

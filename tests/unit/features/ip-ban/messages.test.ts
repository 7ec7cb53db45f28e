import { describe, expect, it } from 'vitest';
import { messages } from '../../../../server/i18n/messages';
import { ipBanRuleMessages } from '../../../../src/features/ip-ban/ip-ban-messages';

describe('the IP-ban rule messages', () => {
  it('say in English exactly what the server says for the ids both use', () => {
    const shared = Object.keys(ipBanRuleMessages).filter((id) => id in messages);
    expect(shared).toEqual(expect.arrayContaining(['ipBan.rule.format', 'ipBan.rule.overlapsEntry']));
    for (const id of shared) {
      const serverText = messages[id as keyof typeof messages].en_US;
      expect(ipBanRuleMessages[id as keyof typeof ipBanRuleMessages].message, id).toBe(serverText);
    }
  });

  it('carry their own id', () => {
    for (const [id, descriptor] of Object.entries(ipBanRuleMessages)) expect(descriptor.id).toBe(id);
  });
});

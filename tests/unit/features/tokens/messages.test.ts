import { describe, expect, it } from 'vitest';
import { t as serverText } from '../../../../server/i18n/messages';
import { poParts } from '../../../support/po';
import { firstLoadMessages, tokenRuleMessages } from '../../../../src/features/tokens/token-messages';

const catalog = (locale: 'zh_CN' | 'en_US', part: string) => poParts(locale).get(`${part}.po`)!;

describe('the token screen’s messages', () => {
  it('are what the server says under the same ids (one text)', () => {
    expect(Object.keys(tokenRuleMessages)).toEqual(
      expect.arrayContaining(['token.apiDisabled', 'token.expiry.past', 'token.domains.required']),
    );
    for (const [id, descriptor] of Object.entries(tokenRuleMessages))
      expect(serverText(id, 'en_US'), id).toBe(descriptor.message);
  });

  it('find the messages they share with other screens in those catalogs, in both languages', () => {
    // Named by id only (not copied into tokens.po): renamed there, they would show as bare ids here.
    // The address rules are IP blocking's (its part loads with the token screen), the rest the first load's.
    for (const locale of ['zh_CN', 'en_US'] as const) {
      const first = catalog(locale, 'messages');
      const ipBan = catalog(locale, 'ip-ban');
      for (const descriptor of Object.values(firstLoadMessages)) {
        const found = (descriptor.id.startsWith('ipBan.') ? ipBan : first).get(descriptor.id);
        expect(found, `${locale} ${descriptor.id}`).toBeTruthy();
        if (locale === 'en_US') expect(found).toBe(descriptor.message);
      }
    }
  });

  it('carry their own id', () => {
    for (const [id, descriptor] of Object.entries(tokenRuleMessages)) expect(descriptor.id).toBe(id);
  });

  it('say the spec’s limit message with its number (spec §8, §9)', () => {
    expect(catalog('en_US', 'tokens').get('token.list.limit')).toContain(
      'Only supports the creation of up to # tokens. If you need to create a new token, please delete the unnecessary tokens first.',
    );
    expect(catalog('zh_CN', 'tokens').get('token.list.limit')).toBe(
      '{max, plural, other {最多支持创建 # 个 API 令牌，如需新建，请先删除不需要的令牌}}',
    );
  });
});

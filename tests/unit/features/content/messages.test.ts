import { describe, expect, it } from 'vitest';
import { t as serverText } from '../../../../server/i18n/messages';
import { contentRuleMessages } from '../../../../src/features/content/content-messages';
import { contentUrlProblem, contentQuotaProblem, contentKinds } from '../../../../src/contract/rules/content';

describe('the refresh and prefetch messages', () => {
  it('are what the server says under the same ids (one text)', () => {
    for (const [id, descriptor] of Object.entries(contentRuleMessages)) {
      expect(descriptor.id, id).toBe(id);
      expect(serverText(id, 'en_US'), id).toBe(descriptor.message);
    }
  });

  it('have a text for every problem the rules name', () => {
    const ids = new Set<string>();
    const samples = [
      'ftp://a',
      'https://*.a.com/x',
      'https://a.com/中',
      'https://a.com/',
      'https://a.com/b',
      'https://a b',
    ];
    for (const kind of contentKinds) for (const url of samples) ids.add(contentUrlProblem(kind, url) ?? '');
    ids.add(contentQuotaProblem('url', 0, 0)?.messageId ?? '');
    ids.add(contentQuotaProblem('url', 1001, 0)?.messageId ?? '');
    ids.add(contentQuotaProblem('url', 2, 999)?.messageId ?? '');
    ids.delete('');
    for (const id of ids) expect(contentRuleMessages, id).toHaveProperty([id]);
  });
});

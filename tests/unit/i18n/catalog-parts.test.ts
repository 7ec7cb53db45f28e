import { describe, expect, it } from 'vitest';
import { activateLanguage, i18n, loadCatalogPart } from '../../../src/i18n';

describe('a part of the catalog', () => {
  it('joins the active catalog without a change event, which would draw the whole console again', async () => {
    await activateLanguage('zh_CN');
    expect(i18n._('domain.action.configure')).toBe('domain.action.configure');
    let changes = 0;
    const stop = i18n.on('change', () => changes++);
    try {
      await loadCatalogPart('domain');
    } finally {
      stop();
    }
    expect(changes).toBe(0);
    expect(i18n._('domain.action.configure')).toBe('编辑配置');
  });
});

import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import type { Language } from '../contract';

/** Intl rejects underscores (STACK-NOTES): catalogs use zh_CN/en_US, Intl gets the BCP-47 tag. */
export const bcp47: Record<Language, string> = { zh_CN: 'zh-CN', en_US: 'en-US' };

async function loadCatalog(locale: Language): Promise<Messages> {
  const { messages } = await import(`./locales/${locale}/messages.po`);
  return messages;
}

/** Loads the catalog of `locale` and makes it the active one. */
export async function activateLanguage(locale: Language): Promise<void> {
  const messages = await loadCatalog(locale);
  i18n.load(locale, messages);
  i18n.activate(locale, [bcp47[locale]]);
  document.documentElement.lang = bcp47[locale];
}

export { i18n };

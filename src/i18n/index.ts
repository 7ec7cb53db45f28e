import { i18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { bcp47, defaultLanguage, type Language } from '../contract';
// The default language's catalog ships with the first load: the first paint never waits for it.
import { messages as defaultMessages } from './locales/zh_CN/messages.po';

async function loadCatalog(locale: Language): Promise<Messages> {
  if (locale === defaultLanguage) return defaultMessages;
  const { messages } = await import('./locales/en_US/messages.po');
  return messages;
}

function activate(locale: Language, messages: Messages): void {
  i18n.load(locale, messages);
  i18n.activate(locale, [bcp47[locale]]);
  document.documentElement.lang = bcp47[locale];
}

let activated: Promise<Language> | null = null;

/**
 * Makes `locale` the active language: at once for the default language, after its catalog has
 * loaded for the other (started as early as the page starts, see app/early-start). Changing the
 * language reloads the page (spec §1), so a page has one.
 */
export function activateLanguage(locale: Language): Promise<void> {
  if (locale === defaultLanguage) {
    activate(locale, defaultMessages);
    activated = Promise.resolve(locale);
  } else activated = loadCatalog(locale).then((messages) => (activate(locale, messages), locale));
  return activated.then(() => undefined);
}

/**
 * The parts of the catalogs that are not in the first load: each goes with the screens that use
 * it (lingui.config.ts says which source folders each holds).
 */
const parts = {
  domain: {
    zh_CN: () => import('./locales/zh_CN/domain.po'),
    en_US: () => import('./locales/en_US/domain.po'),
  },
  domainConfig: {
    zh_CN: () => import('./locales/zh_CN/domain-config.po'),
    en_US: () => import('./locales/en_US/domain-config.po'),
  },
  ipBan: {
    zh_CN: () => import('./locales/zh_CN/ip-ban.po'),
    en_US: () => import('./locales/en_US/ip-ban.po'),
  },
  cert: {
    zh_CN: () => import('./locales/zh_CN/cert.po'),
    en_US: () => import('./locales/en_US/cert.po'),
  },
  statistics: {
    zh_CN: () => import('./locales/zh_CN/statistics.po'),
    en_US: () => import('./locales/en_US/statistics.po'),
  },
  tokens: {
    zh_CN: () => import('./locales/zh_CN/tokens.po'),
    en_US: () => import('./locales/en_US/tokens.po'),
  },
  users: {
    zh_CN: () => import('./locales/zh_CN/users.po'),
    en_US: () => import('./locales/en_US/users.po'),
  },
  operations: {
    zh_CN: () => import('./locales/zh_CN/operations.po'),
    en_US: () => import('./locales/en_US/operations.po'),
  },
  auditLog: {
    zh_CN: () => import('./locales/zh_CN/audit-log.po'),
    en_US: () => import('./locales/en_US/audit-log.po'),
  },
  commands: {
    zh_CN: () => import('./locales/zh_CN/commands.po'),
    en_US: () => import('./locales/en_US/commands.po'),
  },
  support: {
    zh_CN: () => import('./locales/zh_CN/support.po'),
    en_US: () => import('./locales/en_US/support.po'),
  },
} satisfies Record<string, Record<Language, () => Promise<{ messages: Messages }>>>;
export type CatalogPart = keyof typeof parts;
const loading = new Map<CatalogPart, Promise<void>>();

/**
 * Adds a part of the active language's catalog; a screen's chunk waits for it with its code.
 *
 * The part's messages join the active catalog without `i18n.load`, whose change event would draw
 * again every mounted component that translates (the whole shell) for messages none of them
 * shows: only the screens that wait for the part use them.
 */
export function loadCatalogPart(part: CatalogPart): Promise<void> {
  let loaded = loading.get(part);
  if (!loaded) {
    loaded = (activated ?? Promise.resolve(defaultLanguage)).then(async (locale) => {
      const { messages } = await parts[part][locale]();
      if (i18n.locale === locale) Object.assign(i18n.messages, messages);
      else i18n.load(locale, messages);
    });
    // A failed load (offline before the part was cached) is tried again next time.
    loaded.catch(() => loading.delete(part));
    loading.set(part, loaded);
  }
  return loaded;
}

export { i18n };

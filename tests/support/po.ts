import { readCatalogParts } from '../../server/i18n/catalog';

type Locale = 'zh_CN' | 'en_US';

/** Every part of both languages' catalogs, read as the server reads them (Lingui's `.po` format). */
const parts: Record<Locale, Map<string, Map<string, string>>> = {
  zh_CN: await readCatalogParts('zh_CN'),
  en_US: await readCatalogParts('en_US'),
};

/** Each part of a language's catalog by its file name: msgid → msgstr (empty when untranslated). */
export function poParts(locale: Locale): Map<string, Map<string, string>> {
  return parts[locale];
}

/** msgid → msgstr of a language's whole catalog: every part of it (`zh_CN`, `en_US`). */
export function parsePo(locale: Locale): Map<string, string> {
  const merged = new Map<string, string>();
  for (const part of parts[locale].values()) for (const [id, text] of part) merged.set(id, text);
  return merged;
}

import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parsePoText } from '../../server/i18n/catalog';

const locales = resolve(__dirname, '../../src/i18n/locales');

/** Each part of a language's catalog by its file name: msgid → msgstr. */
export function poParts(locale: 'zh_CN' | 'en_US'): Map<string, Map<string, string>> {
  const folder = resolve(locales, locale);
  return new Map(
    readdirSync(folder)
      .filter((f) => f.endsWith('.po'))
      .map((file) => [file, parsePoText(readFileSync(resolve(folder, file), 'utf8'))]),
  );
}

/** msgid → msgstr of a language's whole catalog: every part of it (`zh_CN`, `en_US`). */
export function parsePo(locale: 'zh_CN' | 'en_US'): Map<string, string> {
  const folder = resolve(locales, locale);
  const merged = new Map<string, string>();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.po')))
    for (const [id, text] of parsePoText(readFileSync(resolve(folder, file), 'utf8'))) merged.set(id, text);
  return merged;
}

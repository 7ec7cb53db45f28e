import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatter } from '@lingui/format-po';
import type { Language } from '../../src/contract';

/** The project's root: two folders above this file's. */
const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** The folder of a language's catalog: its parts are the first load's and the screens' own. */
export const catalogFolder = (language: Language): string => join(root, 'src', 'i18n', 'locales', language);

const po = formatter();

/**
 * msgid → translation of one `.po` catalog part, read by Lingui's own `.po` format (the one the
 * extraction writes and the browser build compiles); an untranslated entry has an empty text.
 */
export async function readCatalogPart(path: string, language: Language): Promise<Map<string, string>> {
  const catalog = await po.parse(readFileSync(path, 'utf8'), {
    locale: language,
    sourceLocale: 'en_US',
    filename: path,
  });
  const texts = new Map<string, string>();
  for (const [id, entry] of Object.entries(catalog ?? {}))
    if (!entry.obsolete) texts.set(id, entry.translation ?? '');
  return texts;
}

/** Each part of a language's catalog by its file name (`messages.po`, `domain.po`, …). */
export async function readCatalogParts(language: Language): Promise<Map<string, Map<string, string>>> {
  const folder = catalogFolder(language);
  const files = readdirSync(folder).filter((file) => file.endsWith('.po'));
  const parts = await Promise.all(files.map((file) => readCatalogPart(join(folder, file), language)));
  return new Map(files.map((file, i) => [file, parts[i]!]));
}

/** A language's whole catalog: every part's translated texts (ids are unique across parts). */
async function readCatalog(language: Language): Promise<Map<string, string>> {
  const merged = new Map<string, string>();
  for (const part of (await readCatalogParts(language)).values())
    for (const [id, text] of part) if (text) merged.set(id, text);
  return merged;
}

/**
 * The console's catalogs, read once when the server starts: the rules of the forms and of the
 * command modules have their texts there once, for the browser and for the server alike.
 */
export const catalogs: Readonly<Record<Language, ReadonlyMap<string, string>>> = {
  zh_CN: await readCatalog('zh_CN'),
  en_US: await readCatalog('en_US'),
};

/** The console's catalog text of a message id, as written (its placeholders not filled in). */
export function catalogText(id: string, language: Language): string | undefined {
  return catalogs[language].get(id);
}

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Language } from '../../src/contract';

/** msgid → msgstr of a .po catalog text (single-line and continued strings). */
export function parsePoText(text: string): Map<string, string> {
  const entries = new Map<string, string>();
  const unquote = (s: string) => JSON.parse(s) as string;
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((l) => !l.startsWith('#'));
    let field: 'id' | 'str' | null = null;
    let id = '';
    let str = '';
    for (const line of lines) {
      if (line.startsWith('msgid ')) {
        field = 'id';
        id = unquote(line.slice(6));
      } else if (line.startsWith('msgstr ')) {
        field = 'str';
        str = unquote(line.slice(7));
      } else if (line.startsWith('"') && field === 'id') id += unquote(line);
      else if (line.startsWith('"') && field === 'str') str += unquote(line);
    }
    if (field !== null && id !== '') entries.set(id, str);
  }
  return entries;
}

const catalogs = new Map<Language, Map<string, string>>();

/** The project's root: two folders above this file's. */
const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/**
 * The console's catalog text of a message id: the rules of the forms and of the command modules
 * have their texts there once, for the browser and for the server's `msg` alike.
 */
export function catalogText(id: string, language: Language): string | undefined {
  let catalog = catalogs.get(language);
  if (!catalog) {
    // Every part of the language's catalog (the first load's and the screens' own).
    const folder = join(root, 'src', 'i18n', 'locales', language);
    catalog = new Map<string, string>();
    for (const file of existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.po')) : [])
      for (const [id, text] of parsePoText(readFileSync(join(folder, file), 'utf8')))
        if (text) catalog.set(id, text);
    catalogs.set(language, catalog);
  }
  const text = catalog.get(id);
  return text ? text : undefined;
}

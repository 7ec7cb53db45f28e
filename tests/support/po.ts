import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** msgid → msgstr of a .po catalog (single-line and continued strings). */
export function parsePo(path: string): Map<string, string> {
  const text = readFileSync(resolve(__dirname, '../../src/i18n/locales', path), 'utf8');
  const entries = new Map<string, string>();
  const unquote = (s: string) => JSON.parse(s) as string;
  const blocks = text.split(/\n\s*\n/);
  for (const block of blocks) {
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

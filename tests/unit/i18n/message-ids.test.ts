import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogText } from '../../../server/i18n/catalog';
import { messages } from '../../../server/i18n/messages';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(path) ? [path] : [];
  });

/**
 * The message ids the code names: the contract's validation messages (any dotted id in a string,
 * issue paths aside), the server's refusals and texts (`new AppError(code, 'id')`, `t('id')`), and
 * the screens' own checks (`message_id: 'id'`, `issue: 'id'`, `show(field, 'id')`); the screens'
 * texts are Lingui's, extracted into the catalogs by their ids.
 */
function namedIds(): Map<string, string> {
  const ids = new Map<string, string>();
  for (const file of sources('src/contract')) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(path: )?'([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)'/g))
      if (!m[1]) ids.set(m[2]!, file);
  }
  for (const file of sources('src').filter((f) => !f.startsWith(join('src', 'contract')))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /(?:message_id|issue)\s*[:=]\s*\{?([^'\n]*?)'([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)+)'/g,
    ))
      if (!m[1]!.endsWith('.get(')) ids.set(m[2]!, file);
    for (const m of text.matchAll(/\bshow\(\s*'[^']*',\s*'([^']+)'/g)) ids.set(m[1]!, file);
  }
  for (const file of sources('server')) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/new AppError\(\s*[\w.]+,\s*'([^']+)'/g)) ids.set(m[1]!, file);
    for (const m of text.matchAll(/\bt\(\s*'([^']+)'/g)) ids.set(m[1]!, file);
  }
  return ids;
}

describe('message ids', () => {
  it('every id the contract and the server name has a text in both languages', () => {
    const ids = namedIds();
    expect(ids.size).toBeGreaterThan(200);
    const missing: string[] = [];
    for (const [id, file] of ids)
      for (const language of ['zh_CN', 'en_US'] as const) {
        const text = catalogText(id, language);
        if (!text?.trim()) missing.push(`${language} ${id} (${file})`);
      }
    expect(missing).toEqual([]);
  });

  it('the server counts in English through an ICU plural, never as "{count} things"', () => {
    const bareCount = /\{\w+\} (?:new )?(?!is\b|was\b|has\b)[a-z]+s\b/i;
    const bare = Object.entries(messages)
      .filter(([, text]) => !/, plural,/.test(text.message) && bareCount.test(text.message))
      .map(([id]) => id);
    expect(bare).toEqual([]);
  });
});

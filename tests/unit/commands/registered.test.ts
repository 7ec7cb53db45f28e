import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../../src/commands/registry';
import { loadCommandViews } from '../../../src/app/sync/command-views';
import { actionLabels } from '../../../src/features/audit-log/labels';
import { catalogText } from '../../../server/i18n/catalog';
import { isMessageId, messages } from '../../../server/i18n/messages';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(path) ? [path] : [];
  });

const textOf = (id: string, language: 'zh_CN' | 'en_US') =>
  isMessageId(id) ? messages[id][language] : catalogText(id, language);

/**
 * What a registered command needs beyond its module, so that one forgotten is a failing test, not
 * a silent gap: its view in the pending-changes panel, its name in the audit log, and a text in
 * both languages for every refusal its rules give.
 */
describe('every registered command', () => {
  const names = Object.keys(commands);

  it('has a view in the pending-changes panel', async () => {
    const views = await loadCommandViews();
    expect(names.length).toBeGreaterThan(30);
    expect(names.filter((name) => !Object.hasOwn(views, name))).toEqual([]);
    // And no view is left of a command that is gone.
    expect(Object.keys(views).filter((name) => !Object.hasOwn(commands, name))).toEqual([]);
  });

  it('has its name in the audit log', () => {
    expect(names.filter((name) => !Object.hasOwn(actionLabels, name))).toEqual([]);
  });

  it('refuses with messages that exist in both languages', () => {
    const ids = new Map<string, string>();
    for (const file of sources('src/commands')) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/new Refusal\(\s*'([^']+)'/g)) ids.set(m[1]!, file);
      // Ids written out as constants (`messageId = 'alarm.policy.notFound'`, a table of refusals).
      for (const m of text.matchAll(/'([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+){1,3})'/g))
        if (/\.(?:rule|notFound|nameTaken|limit|inUse|missing)\b/.test(m[1]!)) ids.set(m[1]!, file);
      // An id put together at run time could not be checked here.
      expect(text, file).not.toMatch(/new Refusal\(\s*`/);
    }
    expect(ids.size).toBeGreaterThan(20);
    const missing = [...ids]
      .flatMap(([id, file]) =>
        (['zh_CN', 'en_US'] as const).map((language) =>
          textOf(id, language)?.trim() ? null : `${language} ${id} (${file})`,
        ),
      )
      .filter((line) => line !== null);
    expect(missing).toEqual([]);
  });
});

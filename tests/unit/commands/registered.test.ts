import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from '../../../src/commands/registry';
import type { MessageDescriptor } from '@lingui/core';
import { loadCommandViews } from '../../../src/app/sync/command-views';
import { doneId, type AnyCommand, type Line } from '../../../src/commands/command';
import { catalogText } from '../../../server/i18n/catalog';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(path) ? [path] : [];
  });

/** Payloads that take each branch of a command's line (the others read any payload). */
const payloadSamples: Record<string, object[]> = {
  'content.submit': [
    { kind: 'url', urls: [] },
    { kind: 'dir', urls: [] },
    { kind: 'prefetch', urls: [] },
  ],
  ...Object.fromEntries(
    Object.values(commands)
      .filter((module) => module.name.endsWith('.set'))
      .map((module) => [module.name, [{ id: 'x' }, { id: 'x', reverted_from: 2 }]]),
  ),
};

const textOf = (id: string, language: 'zh_CN' | 'en_US') => catalogText(id, language);

/** Every message a line of a command may use: its own and the messages among its values. */
const messagesOf = (line: Line): MessageDescriptor[] => [
  line.message,
  ...Object.values(line.values ?? {}).filter(
    (value): value is MessageDescriptor => typeof value === 'object',
  ),
];

/**
 * What a registered command needs beyond its module, so that one forgotten is a failing test, not
 * a silent gap. Its audit name and its line in the pending changes are fields of the module (a
 * module without them does not compile, nor a kind without a view: `KindViews`); here, that their
 * texts are in both catalogs, and that every refusal its rules give has a text in both languages.
 */
describe('every registered command', () => {
  const names = Object.keys(commands);

  it('has a view of its kind in the pending-changes panel', async () => {
    const views = await loadCommandViews();
    const kinds = new Set(Object.values(commands).map((module) => module.primary));
    expect(names.length).toBeGreaterThan(30);
    expect([...kinds].filter((kind) => !Object.hasOwn(views, kind))).toEqual([]);
    // And no view is left of a kind no command is based on.
    expect(Object.keys(views).filter((kind) => !kinds.has(kind as never))).toEqual([]);
  });

  it('has its audit name and its pending line in both languages', () => {
    const missing: string[] = [];
    for (const module of Object.values(commands) as AnyCommand[]) {
      // A command that shares another's server side names a registered one.
      if (module.factsOf) expect(Object.hasOwn(commands, module.factsOf), module.name).toBe(true);
      // The audit log's export reads the name by this id (server/modules/audit/export.ts).
      expect(module.label.id).toBe(`auditLog.action.${module.name}`);
      const samples = payloadSamples[module.name] ?? [{}];
      const ids = [module.label, ...samples.flatMap((p) => messagesOf(module.describe(p as never)))].map(
        (m) => m.id,
      );
      for (const id of [...ids, doneId(module)])
        for (const language of ['zh_CN', 'en_US'] as const)
          if (!textOf(id, language)?.trim()) missing.push(`${language} ${id} (${module.name})`);
    }
    expect(missing).toEqual([]);
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

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { commands } from '../../../../src/commands/registry';
import { auditSources } from '../../../../src/contract/users';
import { actionLabel, actionLabels, sourceLabels } from '../../../../src/features/audit-log/labels';
import { messages as english } from '../../../../src/i18n/locales/en_US/audit-log.po';
import { messages as chinese } from '../../../../src/i18n/locales/zh_CN/audit-log.po';
import { messages as englishCommands } from '../../../../src/i18n/locales/en_US/commands.po';
import { messages as chineseCommands } from '../../../../src/i18n/locales/zh_CN/commands.po';
import { actionName } from '../../../../server/modules/audit/export';

// The commands' names are in their own catalog part, which the audit log loads with its own.
const en = setupI18n({
  locale: 'en_US',
  locales: ['en-US'],
  messages: { en_US: { ...english, ...englishCommands } },
});
const zh = setupI18n({
  locale: 'zh_CN',
  locales: ['zh-CN'],
  messages: { zh_CN: { ...chinese, ...chineseCommands } },
});

/** The actions the server's modules write with `appendAudit` (the commands write their own names). */
function serverActions(): string[] {
  const root = resolve(__dirname, '../../../../server');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (path.endsWith('.ts')) files.push(path);
    }
  };
  walk(root);
  const actions = new Set<string>();
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    // The first `action` of each call (its argument spans a few lines, with calls of its own).
    for (const call of source.matchAll(/appendAudit\(/g)) {
      const action = /action: '([^']+)'/.exec(source.slice(call.index, call.index + 600));
      if (action) actions.add(action[1]!);
    }
  }
  return [...actions].sort();
}

describe('the names of the audited actions', () => {
  it('name every command and every action the server records', () => {
    const server = serverActions();
    expect(server).toEqual(expect.arrayContaining(['childAdd', 'customer.update', 'signIn', 'tokenCreate']));
    const unnamed = [...Object.keys(commands), ...server].filter(
      (action) => !Object.hasOwn(actionLabels, action),
    );
    expect(unnamed).toEqual([]);
  });

  it('are the catalog texts `auditLog.action.<action>`, which the exported file reads too', () => {
    for (const [action, label] of Object.entries(actionLabels)) {
      expect(label.id).toBe(`auditLog.action.${action}`);
      expect(actionName(action, 'en_US')).toBe(en._(label));
      expect(actionName(action, 'zh_CN')).toBe(zh._(label));
    }
  });

  it('read in both languages, and keep an unknown action as it was recorded', () => {
    expect(actionLabel(en, 'childAdd')).toBe('Created a sub-account');
    expect(actionLabel(zh, 'childAdd')).toBe('创建子账号');
    expect(actionLabel(zh, 'domain.hangUp')).toBe('挂起域名');
    expect(actionLabel(en, 'ipBan.update')).toBe('Changed an IP ban');
    expect(actionLabel(en, 'edgeKey.rotate')).toBe('edgeKey.rotate');
    expect(actionLabel(zh, 'toString')).toBe('toString');
    expect(actionName('edgeKey.rotate', 'zh_CN')).toBe('edgeKey.rotate');
    const english = Object.values(actionLabels).map((label) => en._(label));
    const chineseNames = Object.values(actionLabels).map((label) => zh._(label));
    // Each action its own name, in each language.
    expect(new Set(english).size).toBe(english.length);
    expect(new Set(chineseNames).size).toBe(chineseNames.length);
    expect(chineseNames.filter((name) => !/[\u4e00-\u9fff]/.test(name))).toEqual([]);
  });

  it('say each source in words', () => {
    expect(auditSources.map((source) => en._(sourceLabels[source]))).toEqual([
      'Console',
      'Console (synced later)',
      'API',
      'Platform operator',
    ]);
    expect(auditSources.map((source) => zh._(sourceLabels[source]))).toEqual([
      '控制台',
      '控制台（稍后同步）',
      'API',
      '平台运营',
    ]);
  });
});

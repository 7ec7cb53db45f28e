import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as englishAuditLog } from '../../../src/i18n/locales/en_US/audit-log.po';
import { messages as englishCert } from '../../../src/i18n/locales/en_US/cert.po';
import { messages as englishConfig } from '../../../src/i18n/locales/en_US/domain-config.po';
import { messages as englishDomain } from '../../../src/i18n/locales/en_US/domain.po';
import { messages as englishIpBan } from '../../../src/i18n/locales/en_US/ip-ban.po';
import { messages as english } from '../../../src/i18n/locales/en_US/messages.po';
import { messages as englishOperations } from '../../../src/i18n/locales/en_US/operations.po';
import { messages as englishStatistics } from '../../../src/i18n/locales/en_US/statistics.po';
import { messages as englishTokens } from '../../../src/i18n/locales/en_US/tokens.po';
import { messages as englishUsers } from '../../../src/i18n/locales/en_US/users.po';
import { messages as englishSupport } from '../../../src/i18n/locales/en_US/support.po';
import { messages as chineseAuditLog } from '../../../src/i18n/locales/zh_CN/audit-log.po';
import { messages as chineseCert } from '../../../src/i18n/locales/zh_CN/cert.po';
import { messages as chineseConfig } from '../../../src/i18n/locales/zh_CN/domain-config.po';
import { messages as chineseDomain } from '../../../src/i18n/locales/zh_CN/domain.po';
import { messages as chineseIpBan } from '../../../src/i18n/locales/zh_CN/ip-ban.po';
import { messages as chineseOperations } from '../../../src/i18n/locales/zh_CN/operations.po';
import { messages as chineseStatistics } from '../../../src/i18n/locales/zh_CN/statistics.po';
import { messages as chineseTokens } from '../../../src/i18n/locales/zh_CN/tokens.po';
import { messages as chineseUsers } from '../../../src/i18n/locales/zh_CN/users.po';
import { messages as chineseSupport } from '../../../src/i18n/locales/zh_CN/support.po';
import { messages as chinese } from '../../../src/i18n/locales/zh_CN/messages.po';
import { messages as chineseCommands } from '../../../src/i18n/locales/zh_CN/commands.po';
import { messages as englishCommands } from '../../../src/i18n/locales/en_US/commands.po';
import { messages as englishServer } from '../../../src/i18n/locales/en_US/server.po';
import { messages as chineseServer } from '../../../src/i18n/locales/zh_CN/server.po';
import { parsePo } from '../../support/po';

/** A number followed by a plural noun: "1 domains", "1 new domains" (verbs such as "is" aside). */
const onePlural = /\b1 (?:new )?(?!is\b|was\b|has\b)[a-z]+s\b/i;
/** A placeholder followed by a plural noun in a message without a plural: "{count} domains". */
const bareCount = /\{\w+\} (?:new )?(?!is\b|was\b|has\b)[a-z]+s\b/i;

describe('counted things', () => {
  const source = parsePo('en_US');

  it('are counted through an ICU plural in English, never as "{count} domains"', () => {
    const bare = [...source].filter(([, text]) => !/, plural,/.test(text) && bareCount.test(text));
    expect(bare.map(([id]) => id)).toEqual([]);
  });

  it('read "1 domain", never "1 domains", and keep their number in Chinese', () => {
    const en = setupI18n({
      locale: 'en_US',
      locales: ['en-US'],
      messages: {
        en_US: {
          ...english,
          ...englishDomain,
          ...englishConfig,
          ...englishIpBan,
          ...englishCert,
          ...englishStatistics,
          ...englishUsers,
          ...englishTokens,
          ...englishAuditLog,
          ...englishOperations,
          ...englishSupport,
          ...englishCommands,
          ...englishServer,
        },
      },
    });
    const zh = setupI18n({
      locale: 'zh_CN',
      locales: ['zh-CN'],
      messages: {
        zh_CN: {
          ...chinese,
          ...chineseDomain,
          ...chineseConfig,
          ...chineseIpBan,
          ...chineseCert,
          ...chineseStatistics,
          ...chineseUsers,
          ...chineseTokens,
          ...chineseAuditLog,
          ...chineseOperations,
          ...chineseSupport,
          ...chineseCommands,
          ...chineseServer,
        },
      },
    });
    const wrong: string[] = [];
    let counted = 0;
    for (const [id, text] of source) {
      const counts = [...text.matchAll(/\{(\w+), plural,/g)].map((m) => m[1]);
      if (counts.length === 0) continue;
      counted += 1;
      const names = [...text.matchAll(/\{(\w+)[,}]/g)].map((m) => m[1] as string);
      const values = Object.fromEntries(names.map((name) => [name, counts.includes(name) ? 1 : 'x']));
      const said = en._(id, values);
      if (onePlural.test(said)) wrong.push(`${id}: ${said}`);
      if (!/1/.test(zh._(id, values))) wrong.push(`${id} (zh_CN): ${zh._(id, values)}`);
    }
    expect(counted).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});

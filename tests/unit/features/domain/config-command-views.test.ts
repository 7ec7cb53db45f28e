import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { lineText } from '../../../../src/commands/command';
import { commands } from '../../../../src/commands/registry';
import { parsedCall } from '../../../support/outbox';
import { domainCommandViews } from '../../../../src/features/domain/command-views';
import { messages as commandMessages } from '../../../../src/i18n/locales/en_US/commands.po';
import { messages as configMessages } from '../../../../src/i18n/locales/en_US/domain-config.po';
import { messages } from '../../../../src/i18n/locales/en_US/messages.po';
import { messages as domainMessages } from '../../../../src/i18n/locales/en_US/domain.po';

const i18n = setupI18n({
  locale: 'en_US',
  locales: ['en-US'],
  messages: { en_US: { ...messages, ...domainMessages, ...configMessages, ...commandMessages } },
});
const id = '6f1f6c5e-4a43-4c1b-9c1e-2b8d7f0a1b2c';
const rule = (content: string, ttl: number) => ({
  type: 'suffix' as const,
  content,
  ttl,
  priority: 10,
  ignore_no_cache: false,
  follow_origin: false,
  ignore_case: false,
  query: 'keep' as const,
});

describe('the pending-changes views of the configuration commands', () => {
  it('name the section and the domain, and a revert its version', () => {
    const view = domainCommandViews.domainCache;
    const command = parsedCall('domainCache.set', {
      id,
      content: { rules: [] },
      shown_as: 'www.example.com',
    });
    const line = (payload: object) => lineText(commands['domainCache.set'].describe(payload as never), i18n);
    expect(line(command.payload)).toBe('Change the cache rules of www.example.com');
    expect(line({ ...command.payload, reverted_from: 3 })).toBe(
      'Revert the cache rules of www.example.com to version 3',
    );
    expect(view.href?.(command)).toBe(`#/cdn/domain/detail?id=${id}&section=cache`);
  });

  it('show a conflict field by field: the server’s section beside the edit', () => {
    const view = domainCommandViews.domainCache;
    const mine = parsedCall('domainCache.set', { id, content: { rules: [rule('jpg', 600)] } });
    const server = {
      id,
      version: 2,
      updated_by: 'other',
      updated_at: '',
      rules: [rule('jpg', 3600), rule('css', 60)],
    };
    expect(view.compare(mine, server, i18n)).toEqual([
      { label: 'Rules #1 · Cache time', server: '1 hour', mine: '10 minutes' },
      {
        label: 'Rules #2',
        server: expect.stringContaining('Content: css') as string,
        mine: '—',
      },
    ]);
    // A section the server never had: compared with its defaults.
    expect(view.compare(mine, null, i18n)).toEqual([
      { label: 'Rules #1', server: '—', mine: expect.stringContaining('Content: jpg') as string },
    ]);
  });

  it('show the origins an edit changes', () => {
    const view = domainCommandViews.domain;
    const origin = { type: 'ip' as const, address: '192.0.2.1', port: 80, level: 10, weight: 10 };
    const command = parsedCall('domain.setOrigins', {
      id,
      origins: [{ ...origin, port: 8080 }],
      shown_as: 'a.example.com',
    });
    expect(lineText(commands['domain.setOrigins'].describe(command.payload as never), i18n)).toBe(
      'Change the origins of a.example.com',
    );
    expect(view.href?.(command)).toBe(`#/cdn/domain/detail?id=${id}&section=origin`);
    const before = parsedCall('domain.setOrigins', { id, origins: [origin] }).payload.origins;
    expect(view.compare(command, { domain: 'a.example.com', origins: before }, i18n)).toEqual([
      { label: 'Origin #1 · Port', server: '80', mine: '8080' },
    ]);
  });
});

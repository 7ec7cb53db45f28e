import { describe, expect, it } from 'vitest';
import { isKnownMessage, isMessageId, messages, t } from '../../../server/i18n/messages';
import { parsePo, poParts } from '../../support/po';

describe('server messages', () => {
  it.each(Object.keys(messages))(
    '%s has a text in both languages, in the server part of the catalogs',
    (id) => {
      const zh = poParts('zh_CN').get('server.po')?.get(id) ?? '';
      const en = poParts('en_US').get('server.po')?.get(id) ?? '';
      expect(zh.trim()).not.toBe('');
      expect(en).toBe(messages[id as keyof typeof messages].message);
      expect(zh).toMatch(/[\u4e00-\u9fff]|^CDN|^English$/);
      expect(t(id, 'zh_CN')).toBe(zh);
    },
  );

  it('keeps the spec texts exactly', () => {
    expect(t('feedback.images.tooMany', 'en_US')).toBe('Upload up to 5 pictures!');
    expect(t('feedback.images.tooLarge', 'en_US')).toBe('File size exceeds 5 MB');
    expect(t('feedback.images.tooLarge', 'zh_CN')).toBe('文件大小超过 5 MB');
    expect(t('openService.opened', 'en_US')).toBe('Service opened successfully!');
    expect(t('portal.login.failed', 'zh_CN')).toBe('用户名或密码错误。');
  });

  it('asks for the real-name authentication as the console does', () => {
    const catalogs = { zh_CN: parsePo('zh_CN'), en_US: parsePo('en_US') };
    for (const language of ['zh_CN', 'en_US'] as const)
      expect(t('openService.realNameRequired', language)).toBe(
        catalogs[language].get('openService.realName.prompt'),
      );
    expect(t('openService.realNameRequired', 'en_US')).toBe(
      'Your account is not real-name verified. Verify now?',
    );
  });

  it('names a domain action and state in the glossary words (suspend / resume)', () => {
    expect(t('domain.rule.invalidTransition', 'en_US', { status: 'hung_up', action: 'hangUp' })).toBe(
      'The domain is “Suspended” and cannot be suspended',
    );
    expect(t('domain.rule.invalidTransition', 'en_US', { status: 'active', action: 'recover' })).toBe(
      'The domain is “Active” and cannot be resumed',
    );
    expect(t('domain.rule.invalidTransition', 'zh_CN', { status: 'hung_up', action: 'hangUp' })).toBe(
      '域名状态为“已挂起”，无法挂起',
    );
  });

  it('falls back to the generic text for unknown ids', () => {
    expect(isMessageId('no.such.id')).toBe(false);
    expect(t('no.such.id', 'en_US')).toBe(messages['common.invalid'].message);
  });

  it("says every text from the catalogs, the server's own (in their part only) and the console's", () => {
    const elsewhere = [...poParts('en_US')]
      .filter(([file]) => file !== 'server.po')
      .flatMap(([file, part]) =>
        Object.keys(messages)
          .filter((id) => part.has(id))
          .map((id) => `${id}: ${file}`),
      );
    expect(elsewhere).toEqual([]);
    const catalogs = { zh_CN: parsePo('zh_CN'), en_US: parsePo('en_US') };
    for (const id of [
      'feedback.images.badType',
      'feedback.title.tooLong',
      'domain.name.required',
      'common.ok',
    ])
      for (const language of ['zh_CN', 'en_US'] as const)
        expect(t(id, language), `${language} ${id}`).toBe(catalogs[language].get(id));
  });

  it('answers a validation message as its id when it has a text, whatever its number of parts', () => {
    for (const id of ['domainConfig.number', 'cert.upload.tooLarge', 'common.invalid', 'cert.name.required'])
      expect(isKnownMessage(id), id).toBe(true);
    for (const text of ['Invalid input', 'area.screen.unknown', undefined])
      expect(isKnownMessage(text), String(text)).toBe(false);
  });

  it('fills the plural forms of a catalog text in both languages', () => {
    expect(t('cert.inUse', 'en_US', { count: 2 })).toMatch(/^The certificate is used by 2 domains\./);
    expect(t('cert.inUse', 'en_US', { count: 1 })).toMatch(/^The certificate is used by 1 domain\./);
    expect(t('cert.inUse', 'zh_CN', { count: 2 })).toMatch(/^该证书正被 2 个域名使用/);
  });
});

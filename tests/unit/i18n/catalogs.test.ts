import { describe, expect, it } from 'vitest';
import { parsePo } from '../../support/po';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogs', () => {
  const zh = parsePo('zh_CN/messages.po');
  const en = parsePo('en_US/messages.po');

  it('hold messages', () => {
    expect(zh.size).toBeGreaterThan(100);
  });

  it('have the same ids in both languages', () => {
    expect([...zh.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('translate every message in both languages', () => {
    const untranslated = [
      ...[...zh].filter(([, s]) => s.trim() === '').map(([id]) => `zh_CN ${id}`),
      ...[...en].filter(([, s]) => s.trim() === '').map(([id]) => `en_US ${id}`),
    ];
    expect(untranslated).toEqual([]);
  });

  it('keep the placeholders of the English text in the Chinese one', () => {
    const broken = [...en].filter(
      ([id, s]) => JSON.stringify(placeholders(s)) !== JSON.stringify(placeholders(zh.get(id) ?? '')),
    );
    expect(broken.map(([id]) => id)).toEqual([]);
  });

  it('use ids of the form <area>.<key>, <area>.<screen>.<key> or <area>.<screen>.<part>.<key>', () => {
    const bad = [...en.keys()].filter((id) => !/^[a-z][A-Za-z]*(\.[a-zA-Z][A-Za-z0-9]*){1,3}$/.test(id));
    expect(bad).toEqual([]);
  });

  it('say the spec messages exactly (spec §5, §8)', () => {
    expect(en.get('openService.agreement.required')).toBe(
      'Please tick "I have read and agree CDN Service Agreement all content"',
    );
    expect(zh.get('openService.agreement.required')).toBe('请勾选“我已阅读并同意《CDN 服务协议》全部内容”');
    expect(en.get('feedback.images.tooMany')).toBe('Upload up to 5 pictures!');
    expect(en.get('feedback.images.tooLarge')).toBe('File size exceeds 5M');
    expect(en.get('openService.result.opened')).toBe('Service opened successfully!');
    expect(zh.get('common.error.network')).toBe('网络错误');
  });
});

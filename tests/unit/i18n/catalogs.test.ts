import { describe, expect, it } from 'vitest';
import { parsePo, poParts } from '../../support/po';

/**
 * The arguments of an ICU message, each once, sorted: `{name}` as `name`, a choice as
 * `name:plural` (or `select`, `selectordinal`) followed by the arguments of its branches. English
 * repeats an argument in each plural form where Chinese has the `other` form only, so each name
 * counts once; a choice without an `other` form, or an unbalanced brace, is a broken message.
 */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`${why} at ${at} in: ${message}`);
  };
  const skipSpace = () => {
    while (/\s/.test(message[at] ?? '')) at += 1;
  };
  const word = () => {
    skipSpace();
    const start = at;
    while (/[\w=]/.test(message[at] ?? '')) at += 1;
    if (at === start) fail('a name expected');
    return message.slice(start, at);
  };
  // Text up to the closing brace of the enclosing branch (or the end at the top level).
  const text = (inBranch: boolean) => {
    while (at < message.length) {
      const c = message[at];
      if (c === '}') {
        if (!inBranch) fail('an unmatched }');
        return;
      }
      if (c === '{') argument();
      else at += 1;
    }
    if (inBranch) fail('an unclosed branch');
  };
  const argument = () => {
    at += 1; // {
    const name = word();
    skipSpace();
    if (message[at] === '}') {
      at += 1;
      found.add(name);
      return;
    }
    if (message[at] !== ',') fail('"," or "}" expected');
    at += 1;
    const type = word();
    found.add(`${name}:${type}`);
    if (!['plural', 'select', 'selectordinal'].includes(type)) {
      const end = message.indexOf('}', at);
      if (end < 0) fail('an unclosed argument');
      at = end + 1;
      return;
    }
    skipSpace();
    if (message[at] !== ',') fail('"," expected');
    at += 1;
    const forms: string[] = [];
    for (;;) {
      skipSpace();
      if (message[at] === '}') break;
      forms.push(word());
      skipSpace();
      if (message[at] !== '{') fail('"{" expected');
      at += 1;
      text(true);
      at += 1; // }
    }
    at += 1;
    if (!forms.includes('other')) fail(`${name} has no "other" form`);
  };
  text(false);
  return [...found].sort();
}

describe('message catalogs', () => {
  const zh = parsePo('zh_CN');
  const en = parsePo('en_US');

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

  it('translate every message in each part, also one another part holds too', () => {
    // A part loads on its own (and over the first load's messages): an empty text there would win.
    const untranslated = (['zh_CN', 'en_US'] as const).flatMap((locale) =>
      [...poParts(locale)].flatMap(([file, part]) =>
        [...part].filter(([, s]) => s.trim() === '').map(([id]) => `${locale}/${file} ${id}`),
      ),
    );
    expect(untranslated).toEqual([]);
  });

  it('keep the placeholders of the English text in the Chinese one', () => {
    const broken = [...en].filter(
      ([id, s]) => JSON.stringify(placeholders(s)) !== JSON.stringify(placeholders(zh.get(id) ?? '')),
    );
    expect(broken.map(([id]) => id)).toEqual([]);
  });

  it('name their placeholders ({name}, never {0})', () => {
    const positional = [...en, ...zh].filter(([, s]) => placeholders(s).some((p) => /^\d/.test(p)));
    expect(positional.map(([id]) => id)).toEqual([]);
  });

  it('give English plurals a "one" form and Chinese ones the "other" form only', () => {
    const plural = /\{\w+, plural,/;
    const englishOne = [...en].filter(([, s]) => plural.test(s) && !/\bone \{/.test(s));
    const chineseOne = [...zh].filter(([, s]) => plural.test(s) && /\b(zero|one|two|few|many) \{/.test(s));
    expect(englishOne.map(([id]) => id)).toEqual([]);
    expect(chineseOne.map(([id]) => id)).toEqual([]);
  });

  it('use ids of the form <area>.<key>, <area>.<screen>.<key> or <area>.<screen>.<part>.<key>', () => {
    const bad = [...en.keys()].filter((id) => !/^[a-z][A-Za-z]*(\.[a-zA-Z][A-Za-z0-9]*){1,3}$/.test(id));
    expect(bad).toEqual([]);
  });

  it('say the spec messages, with the wording corrected where the spec is garbled (spec §5, §8)', () => {
    expect(en.get('openService.agreement.required')).toBe(
      'Please tick "I have read and agree to all of the CDN Service Agreement"',
    );
    expect(zh.get('openService.agreement.required')).toBe('请勾选“我已阅读并同意《CDN 服务协议》全部内容”');
    expect(en.get('feedback.images.tooMany')).toBe('Upload up to 5 pictures!');
    expect(en.get('feedback.images.tooLarge')).toBe('File size exceeds 5 MB');
    expect(zh.get('feedback.images.tooLarge')).toBe('文件大小超过 5 MB');
    expect(en.get('openService.result.opened')).toBe('Service opened successfully!');
    expect(zh.get('common.error.network')).toBe('网络异常，请稍后重试');
    expect(en.get('common.error.network')).toBe('Network error. Please try again later.');
  });
});

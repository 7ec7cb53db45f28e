import { defaultLanguage, type Language } from '../../src/contract';

/** Maps one language tag to a supported language: zh-CN/zh_CN/zh* → zh_CN, en* → en_US. */
export function languageOfTag(tag: string | undefined | null): Language | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase().replace('_', '-');
  if (lower === 'zh' || lower.startsWith('zh-')) return 'zh_CN';
  if (lower === 'en' || lower.startsWith('en-')) return 'en_US';
  return null;
}

/** The caller's language from an Accept-Language header, by quality; default zh_CN. */
export function languageFromAcceptLanguage(header: string | undefined): Language {
  if (!header) return defaultLanguage;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((x) => x.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { tag } of ranked) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return defaultLanguage;
}

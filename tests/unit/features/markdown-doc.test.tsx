import { describe, expect, it } from 'vitest';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { MarkdownDoc } from '../../../src/ui/markdown-doc';
import {
  helpSectionHref,
  sectionIdPattern,
  sectionOf,
  slugify,
  tableOfContents,
} from '../../../src/ui/markdown-sections';

const doc = [
  '# Help',
  '## Signing in {#sign-in}',
  'text',
  '### Signing out',
  '## Opening the service {#open-service}',
  '### CDN Service Agreement {#agreement}',
  '1. terms',
  '## Feedback {#feedback}',
  '```',
  '## not a heading',
  '```',
].join('\n');

describe('help and billing documents', () => {
  it('give headings stable anchors, explicit or derived', () => {
    expect(slugify('Signing in {#sign-in}')).toBe('sign-in');
    expect(slugify('Signing out')).toBe('signing-out');
    expect(slugify('退出登录')).toBe('退出登录');
  });

  it('list ## and ### headings for the table of contents, outside code', () => {
    expect(tableOfContents(doc).map((e) => `${e.depth}:${e.id}:${e.text}`)).toEqual([
      '2:sign-in:Signing in',
      '3:signing-out:Signing out',
      '2:open-service:Opening the service',
      '3:agreement:CDN Service Agreement',
      '2:feedback:Feedback',
    ]);
  });

  it('cut out the agreement section up to the next heading of its level or above', () => {
    expect(sectionOf(doc, 'agreement')).toBe('1. terms');
    expect(sectionOf(doc, 'missing')).toBeNull();
  });

  it('link help sections by an address the hash router can open in a new tab', () => {
    expect(helpSectionHref('agreement')).toBe('#/cdn/help?section=agreement');
  });

  it('give every shipped heading an explicit anchor the help route accepts, the same in both languages', async () => {
    const { readFileSync } = await import('node:fs');
    for (const name of ['help', 'billing']) {
      const ids = (['zh_CN', 'en_US'] as const).map((lang) =>
        tableOfContents(readFileSync(`public/documents/${name}.${lang}.md`, 'utf8')).map((e) => e.id),
      );
      for (const id of ids[0] ?? []) expect(id, `${name}: ${id}`).toMatch(sectionIdPattern);
      expect(ids[0], name).toEqual(ids[1]);
    }
  });

  it('ship a help document with the agreement anchor and billing documents with a tier table, in both languages', async () => {
    const { readFileSync } = await import('node:fs');
    for (const lang of ['zh_CN', 'en_US']) {
      const help = readFileSync(`public/documents/help.${lang}.md`, 'utf8');
      expect(sectionOf(help, 'agreement')?.length ?? 0).toBeGreaterThan(200);
      const billing = readFileSync(`public/documents/billing.${lang}.md`, 'utf8');
      const { container, unmount } = render(
        <ChakraProvider value={defaultSystem}>
          <MarkdownDoc source={billing} />
        </ChakraProvider>,
      );
      // The tier table renders as a real table: a header row and at least three tiers.
      const rows = container.querySelectorAll('table tr');
      expect(rows.length).toBeGreaterThanOrEqual(4);
      expect(container.querySelector('table th')?.textContent).toMatch(/traffic|流量/i);
      expect(container.innerHTML).not.toContain('|---');
      unmount();
    }
  });
});

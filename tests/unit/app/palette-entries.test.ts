import { describe, expect, it } from 'vitest';
import { matchEntries, screenEntries, type PaletteEntry } from '../../../src/app/palette/palette-entries';

const entries: PaletteEntry[] = [
  { key: 'action:ban', group: 'actions', label: 'Ban an IP address', href: '#/cdn/ip-ban?ban=1' },
  { key: 'screen:/cdn/ip-ban', group: 'screens', label: 'IP blocking', href: '#/cdn/ip-ban' },
  { key: 'screen:/cdn/cert', group: 'screens', label: 'Certificates', href: '#/cdn/cert' },
  ...Array.from({ length: 8 }, (_, i) => ({
    key: `domain:${i}`,
    group: 'domains' as const,
    label: `www${i}.demo-media.cn`,
    href: `#/cdn/domain/detail?id=${i}`,
  })),
  {
    key: 'certificate:1',
    group: 'certificates',
    label: 'media-2026',
    detail: '*.demo-media.cn, demo-media.cn',
    href: '#/cdn/cert?keyword=media-2026',
  },
];

describe('the command palette entries', () => {
  it('shows the actions and screens when nothing is typed, and no records', () => {
    expect(matchEntries(entries, '  ').map((e) => e.key)).toEqual([
      'action:ban',
      'screen:/cdn/ip-ban',
      'screen:/cdn/cert',
    ]);
  });

  it('finds every word typed, in any case, in the label or the detail, in group order', () => {
    expect(matchEntries(entries, 'IP ban').map((e) => e.key)).toEqual(['action:ban']);
    expect(matchEntries(entries, 'CERT').map((e) => e.key)).toEqual(['screen:/cdn/cert']);
    expect(matchEntries(entries, '*.demo-media').map((e) => e.key)).toEqual(['certificate:1']);
  });

  it('shows at most six records of a group', () => {
    const found = matchEntries(entries, 'demo-media');
    expect(found.filter((e) => e.group === 'domains')).toHaveLength(6);
    expect(found.at(-1)?.key).toBe('certificate:1');
  });

  it('gives the screens of the menu, a group by its links', () => {
    const label = (name: string) => name.toUpperCase();
    expect(
      screenEntries(
        [
          { id: 1, name: 'overview', path: '/cdn/dashboard', children: [] },
          {
            id: 2,
            name: 'tools',
            path: '/cdn/utils',
            children: [
              { id: 3, name: 'ip_query', path: '/cdn/utils/ipinquiry', children: [] },
              { id: 4, name: 'ip_ban', path: '/cdn/ip-ban', children: [] },
            ],
          },
        ],
        label,
      ).map((e) => [e.label, e.href]),
    ).toEqual([
      ['OVERVIEW', '#/cdn/dashboard'],
      ['IP_QUERY', '#/cdn/utils/ipinquiry'],
      ['IP_BAN', '#/cdn/ip-ban'],
    ]);
  });
});

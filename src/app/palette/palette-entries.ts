import type { MenuNode } from '../menu/build-menu';

/** The groups of the palette, in the order they are shown. */
export const paletteGroups = [
  'actions',
  'screens',
  'domains',
  'certificates',
  'subAccounts',
  'alarmPolicies',
] as const;
export type PaletteGroup = (typeof paletteGroups)[number];

/** One thing the palette can go to: a screen, an action's screen, or a record's. */
export interface PaletteEntry {
  key: string;
  group: PaletteGroup;
  label: string;
  /** Beside the label: what the record is (a domain's status, a certificate's names). */
  detail?: string;
  /** The console address to open (`#/cdn/...`). */
  href: string;
}

/** The screens of the left menu the user has, as entries (groups give their links, not themselves). */
export function screenEntries(nodes: readonly MenuNode[], label: (name: string) => string): PaletteEntry[] {
  return nodes.flatMap((node) =>
    (node.children.length > 0 ? node.children : [node]).map((leaf) => ({
      key: `screen:${leaf.path}`,
      group: 'screens' as const,
      label: label(leaf.name),
      href: `#${leaf.path}`,
    })),
  );
}

/** How many entries of a group of records are shown for one query. */
const perGroup = 6;

/**
 * The entries that match what is typed, in group order: every word typed is found in the label
 * or the detail, in any case. Nothing typed shows the actions and the screens; records are found
 * by name only.
 */
export function matchEntries(entries: readonly PaletteEntry[], query: string): PaletteEntry[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const shown: PaletteEntry[] = [];
  for (const group of paletteGroups) {
    const records = group !== 'actions' && group !== 'screens';
    if (records && words.length === 0) continue;
    const found = entries.filter(
      (e) =>
        e.group === group &&
        words.every((w) => `${e.label} ${e.detail ?? ''}`.toLocaleLowerCase().includes(w)),
    );
    shown.push(...(records ? found.slice(0, perGroup) : found));
  }
  return shown;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { menuDefinitions } from '../../../../src/contract/menu';
import {
  buildMenuTree,
  groupState,
  menuIdsOf,
  tickAll,
  tickCount,
  tickedOf,
  tickedOfAuthItems,
  tickGroup,
  tickItem,
  type MenuGroup,
} from '../../../../src/features/users/menu-tree';

/** The main account's whole menu, as the boot call gives it. */
const fullMenu = menuDefinitions.map(({ menu_id, name, parent_id }) => ({ menu_id, name, parent_id }));
const tree = buildMenuTree(fullMenu);
const group = (name: string): MenuGroup => {
  const found = tree.find((g) => g.name === name);
  if (!found) throw new Error(name);
  return found;
};
const leaves = tree.flatMap((g) => g.children.map((c) => c.id));

describe('the function permission tree', () => {
  it('offers the main account’s menu without the main-only items (spec §6)', () => {
    const ids = tree.flatMap((g) => [g.id, ...g.children.map((c) => c.id)]);
    for (const mainOnly of menuDefinitions.filter((m) => m.mainOnly))
      expect(ids).not.toContain(mainOnly.menu_id);
    // The user group has only main-only items: it is not offered at all.
    expect(tree.map((g) => g.name)).not.toContain('user');
    expect(tree.map((g) => g.name)).toEqual([
      'overview',
      'domain',
      'cert',
      'statistics',
      'log',
      'content',
      'tools',
      'alarm',
      'resource',
    ]);
  });

  it('offers only what the main account has: a group without an item is left out', () => {
    const menu = fullMenu.filter((m) => [100, 101, 400, 401, 402, 700].includes(m.menu_id));
    const small = buildMenuTree(menu);
    expect(small.map((g) => [g.id, g.children.map((c) => c.id)])).toEqual([
      [100, [101]],
      [400, [401, 402]],
    ]);
  });

  it('drops an item whose group is missing, as the left menu does', () => {
    expect(buildMenuTree(fullMenu.filter((m) => m.menu_id !== 400)).map((g) => g.id)).not.toContain(400);
    expect(tickedOf(buildMenuTree(fullMenu.filter((m) => m.menu_id !== 400)), [401])).toEqual(new Set());
  });

  it('draws a group that is one page as one box (overview, certificates), and a real group with its items', () => {
    expect(group('overview').single).toBe(true);
    expect(group('cert').single).toBe(true);
    expect(group('domain').single).toBe(false);
    expect(group('statistics').single).toBe(false);
  });

  it('ticks every item of a group with its box, and unticks them all', () => {
    const statistics = group('statistics');
    const on = tickGroup(statistics, new Set([201]), true);
    expect([...on].sort()).toEqual([201, ...statistics.children.map((c) => c.id)].sort());
    expect(groupState(statistics, on)).toBe('checked');
    const off = tickGroup(statistics, on, false);
    expect([...off]).toEqual([201]);
    expect(groupState(statistics, off)).toBe('unchecked');
  });

  it('shows a group partly ticked when some of its items are, and ticked when all are', () => {
    const tools = group('tools');
    const one = tickItem(new Set(), 701, true);
    expect(groupState(tools, one)).toBe('indeterminate');
    const both = tickItem(one, 702, true);
    expect(groupState(tools, both)).toBe('checked');
    expect(groupState(tools, tickItem(both, 701, false))).toBe('indeterminate');
  });

  it('sends each ticked item with its group, in ascending order', () => {
    expect(menuIdsOf(tree, new Set([702, 401, 403]))).toEqual([400, 401, 403, 700, 702]);
    expect(menuIdsOf(tree, new Set())).toEqual([]);
    expect(menuIdsOf(tree, tickAll(tree, true))).toEqual(
      fullMenu
        .filter((m) => !menuDefinitions.find((d) => d.menu_id === m.menu_id)?.mainOnly)
        .map((m) => m.menu_id)
        .sort((a, b) => a - b),
    );
  });

  it('reads an authority list: a checked item is ticked, a group checked alone brings nothing', () => {
    const auths = fullMenu
      .filter((m) => !menuDefinitions.find((d) => d.menu_id === m.menu_id)?.mainOnly)
      .map((m) => ({ ...m, checked: [201, 400, 700, 702].includes(m.menu_id) }));
    const authTree = buildMenuTree(auths);
    const ticked = tickedOfAuthItems(authTree, auths);
    expect([...ticked].sort()).toEqual([201, 702]);
    expect(groupState(group('statistics'), ticked)).toBe('unchecked');
    expect(menuIdsOf(authTree, ticked)).toEqual([200, 201, 700, 702]);
  });

  it('counts what is ticked among what is offered', () => {
    expect(tickCount(tree, new Set([201, 1001]))).toEqual({ ticked: 1, offered: leaves.length });
  });

  it('keeps groups and items consistent whatever is ticked, in any order', () => {
    const step = fc.oneof(
      fc.record({ group: fc.constantFrom(...tree), on: fc.boolean() }),
      fc.record({ item: fc.constantFrom(...leaves), on: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let ticked = new Set<number>();
        for (const s of steps)
          ticked = 'group' in s ? tickGroup(s.group, ticked, s.on) : tickItem(ticked, s.item, s.on);
        const sent = menuIdsOf(tree, ticked);
        const sentSet = new Set(sent);
        for (const g of tree) {
          const chosen = g.children.filter((c) => ticked.has(c.id)).length;
          // A group is sent exactly when one of its items is, and its box says how many are.
          expect(sentSet.has(g.id)).toBe(chosen > 0);
          expect(groupState(g, ticked)).toBe(
            chosen === 0 ? 'unchecked' : chosen === g.children.length ? 'checked' : 'indeterminate',
          );
        }
        // Read back, what was sent ticks the same items.
        expect(tickedOf(tree, sent)).toEqual(ticked);
      }),
    );
  });
});

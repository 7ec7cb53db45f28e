import { menuDefinitions } from '../../contract/menu';
import type { AuthItem } from '../../contract/users';

/**
 * Function permission (spec §6) as a tree of the main account's menu: its groups, each with the
 * items a sub-account may be given. What is ticked is kept as the set of ticked items; a group's
 * box only shows them (all ticked, some, none), so the two never disagree.
 */

export interface MenuLeaf {
  id: number;
  /** The server item name; keys the label (the left menu's words). */
  name: string;
}

export interface MenuGroup {
  id: number;
  name: string;
  children: MenuLeaf[];
  /**
   * The group is one page (the left menu shows it as a single item, spec §2): one box stands for
   * the group and its item.
   */
  single: boolean;
}

export type TickState = 'checked' | 'unchecked' | 'indeterminate';

const pathOf = new Map(menuDefinitions.map((m) => [m.menu_id, m.path]));
const mainOnly = new Set(menuDefinitions.filter((m) => m.mainOnly).map((m) => m.menu_id));

/**
 * The tree of the items offered, in their order: main-only items are never offered (spec §6), a
 * group without an item offered is left out, and an item whose group is missing too (as the menu
 * drops them).
 */
export function buildMenuTree(
  items: readonly Pick<AuthItem, 'menu_id' | 'name' | 'parent_id'>[],
): MenuGroup[] {
  const offered = items.filter((item) => !mainOnly.has(item.menu_id));
  const groups: MenuGroup[] = [];
  for (const top of offered) {
    if (top.parent_id !== 0) continue;
    const children = offered
      .filter((item) => item.parent_id === top.menu_id)
      .map((item) => ({ id: item.menu_id, name: item.name }));
    const first = children[0];
    if (!first) continue;
    const single = children.length === 1 && pathOf.get(first.id) === pathOf.get(top.menu_id);
    groups.push({ id: top.menu_id, name: top.name, children, single });
  }
  return groups;
}

const leafIds = (tree: readonly MenuGroup[]) => new Set(tree.flatMap((g) => g.children.map((c) => c.id)));

/**
 * The ticked items of the tree from menu ids as stored or answered: the items among them that the
 * tree offers. A group given alone brings nothing, as on the server (it has no page of its own).
 */
export function tickedOf(tree: readonly MenuGroup[], menuIds: Iterable<number>): Set<number> {
  const leaves = leafIds(tree);
  return new Set([...menuIds].filter((id) => leaves.has(id)));
}

/** The ticked items of an authority list (spec §3 Sub-user authority item). */
export const tickedOfAuthItems = (tree: readonly MenuGroup[], items: readonly AuthItem[]) =>
  tickedOf(
    tree,
    items.filter((item) => item.checked).map((item) => item.menu_id),
  );

/** How a group's box shows: every item ticked, some, or none. */
export function groupState(group: MenuGroup, ticked: ReadonlySet<number>): TickState {
  const count = group.children.filter((c) => ticked.has(c.id)).length;
  if (count === 0) return 'unchecked';
  return count === group.children.length ? 'checked' : 'indeterminate';
}

/** Ticking a group ticks all its items; unticking it unticks them all. */
export function tickGroup(group: MenuGroup, ticked: ReadonlySet<number>, on: boolean): Set<number> {
  const next = new Set(ticked);
  for (const child of group.children) {
    if (on) next.add(child.id);
    else next.delete(child.id);
  }
  return next;
}

/** Ticks or unticks one item (its group's box follows). */
export function tickItem(ticked: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(ticked);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** Ticks every item of the tree, or none. */
export const tickAll = (tree: readonly MenuGroup[], on: boolean): Set<number> =>
  on ? leafIds(tree) : new Set();

/**
 * The menu ids to send (childAdd, childAuthUpdate): the ticked items and the group of each, once,
 * in ascending order, as the server keeps them.
 */
export function menuIdsOf(tree: readonly MenuGroup[], ticked: ReadonlySet<number>): number[] {
  const ids = new Set<number>();
  for (const group of tree) {
    const chosen = group.children.filter((c) => ticked.has(c.id));
    if (chosen.length === 0) continue;
    ids.add(group.id);
    for (const child of chosen) ids.add(child.id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** How many of the tree's items are ticked, and how many it offers. */
export function tickCount(tree: readonly MenuGroup[], ticked: ReadonlySet<number>) {
  const leaves = leafIds(tree);
  return { ticked: [...ticked].filter((id) => leaves.has(id)).length, offered: leaves.size };
}

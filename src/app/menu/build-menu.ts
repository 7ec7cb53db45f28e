import type { MenuItem } from '../../contract';

/** One entry of the left menu: a link (`path`) or a group of links (`children`). */
export interface MenuNode {
  id: number;
  /** The server item name; keys the label. */
  name: string;
  path: string;
  children: MenuNode[];
}

/**
 * The left menu from the server's granted items (spec §2 menu rules), in the server's order:
 * - top-level items (parent_id 0) without children are dropped;
 * - a group whose first child has the group's own path becomes a single item (that child);
 * - children whose group is missing are dropped.
 */
export function buildMenu(items: readonly MenuItem[]): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const top of items) {
    if (top.parent_id !== 0) continue;
    const children = items.filter((i) => i.parent_id === top.menu_id);
    const first = children[0];
    if (!first) continue;
    if (first.path === top.path) {
      nodes.push({ id: first.menu_id, name: first.name, path: first.path, children: [] });
      continue;
    }
    nodes.push({
      id: top.menu_id,
      name: top.name,
      path: top.path,
      children: children.map((c) => ({ id: c.menu_id, name: c.name, path: c.path, children: [] })),
    });
  }
  return nodes;
}

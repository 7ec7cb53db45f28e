import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ChevronDownIcon, ChevronRightIcon } from '../../ui/icons';
import { routeOfMenuPath } from '../guard';
import type { MenuNode } from '../menu/build-menu';
import { menuLabels } from '../menu/menu-labels';

/** A screen of the left menu; the one shown is marked as the current page. */
export function MenuLink({
  node,
  selected,
  onNavigate,
}: {
  node: MenuNode;
  selected: boolean;
  onNavigate?: () => void;
}) {
  const { i18n } = useLingui();
  const label = menuLabels[node.name];
  return (
    <a
      href={`#${routeOfMenuPath(node.path)}`}
      aria-current={selected ? 'page' : undefined}
      onClick={onNavigate}
    >
      {label ? i18n._(label) : node.name}
    </a>
  );
}

/** A group of the left menu, open at first, folded and unfolded by its heading. */
export function MenuGroup({
  node,
  selected,
  onNavigate,
}: {
  node: MenuNode;
  selected: string | null;
  onNavigate?: () => void;
}) {
  const { i18n } = useLingui();
  const containsSelected = node.children.some((c) => c.path === selected);
  const [open, setOpen] = useState(true);
  const label = menuLabels[node.name];
  const listId = `menu-group-${node.id}`;
  return (
    <>
      <button
        type="button"
        data-selected={containsSelected ? '' : undefined}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {label ? i18n._(label) : node.name}
        {open ? <ChevronDownIcon size={14} /> : <ChevronRightIcon size={14} />}
      </button>
      <ul id={listId} hidden={!open}>
        {node.children.map((child) => (
          <li key={child.id}>
            <MenuLink node={child} selected={child.path === selected} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </>
  );
}

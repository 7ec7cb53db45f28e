import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { memo, useEffect, useMemo, useState } from 'react';
import { limits, menuPathForRoute } from '../../contract';
import type { MenuItem } from '../../contract';
import { ChevronDownIcon, ChevronRightIcon } from '../../ui/icons';
import { routeOfMenuPath } from '../guard';
import { buildMenu } from '../menu/build-menu';
import type { MenuNode } from '../menu/build-menu';
import { menuLabels } from '../menu/menu-labels';

/** The selected menu path follows the address, applied after 50 ms (spec §9). */
function useSelectedPath(pathname: string): string | null {
  const [selected, setSelected] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSelected(menuPathForRoute(pathname)), limits.menuSelectDelayMs);
    return () => clearTimeout(timer);
  }, [pathname]);
  return selected;
}

/** What the menu's links and group buttons share. */
const menuItemCss = { paddingInline: '3', borderRadius: 'md', fontSize: 'sm', color: 'fg' } as const;

/**
 * The menu's look, once for the whole menu: its items are plain elements. A styled component per
 * item (about forty) made every drawing of the shell compute and hash their styles again.
 */
const menuCss = {
  '& ul': { listStyleType: 'none', display: 'flex', flexDirection: 'column', gap: '1' },
  '& ul ul': { gap: '0.5', marginTop: '0.5' },
  '& a': { ...menuItemCss, display: 'block', paddingBlock: '2', textDecoration: 'none' },
  '& ul ul a': { paddingInlineStart: '8' },
  '& a:hover': { bg: 'bg.muted' },
  '& a[aria-current=page]': { bg: 'blue.subtle', color: 'blue.fg', fontWeight: 'semibold' },
  '& a:focus-visible, & button:focus-visible': {
    outline: '2px solid',
    outlineColor: 'blue.focusRing',
    outlineOffset: '2px',
  },
  '& button': {
    ...menuItemCss,
    display: 'flex',
    width: 'full',
    alignItems: 'center',
    justifyContent: 'space-between',
    height: '8',
    fontWeight: 'medium',
    cursor: 'pointer',
  },
  '& button:hover': { bg: 'bg.muted' },
  '& button[data-selected]': { fontWeight: 'semibold' },
} as const;

function MenuLink({
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

function MenuGroup({
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

/**
 * The left menu built from the server's grants (spec §2 menu rules). Drawn again only when the
 * menu or the address changes, not with every change of the shell.
 */
export const LeftMenu = memo(function LeftMenu({
  items,
  pathname,
  onNavigate,
}: {
  items: readonly MenuItem[];
  pathname: string;
  onNavigate?: () => void;
}) {
  const { t } = useLingui();
  const nodes = useMemo(() => buildMenu(items), [items]);
  const selected = useSelectedPath(pathname);
  return (
    <Box as="nav" aria-label={t({ id: 'shell.menu.label', message: 'Main menu' })} p="2" css={menuCss}>
      <ul>
        {nodes.map((node) => (
          <li key={node.id}>
            {node.children.length > 0 ? (
              <MenuGroup node={node} selected={selected} onNavigate={onNavigate} />
            ) : (
              <MenuLink node={node} selected={node.path === selected} onNavigate={onNavigate} />
            )}
          </li>
        ))}
      </ul>
    </Box>
  );
});

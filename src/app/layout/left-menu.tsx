import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { memo, useEffect, useMemo, useState } from 'react';
import { limits, menuPathForRoute } from '../../contract';
import type { MenuItem } from '../../contract';
import { buildMenu } from '../menu/build-menu';
import { MenuLink, MenuGroup } from './menu-group';

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

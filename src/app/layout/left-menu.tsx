import { Box, Button, Link, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
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

function MenuLink({
  node,
  selected,
  nested,
  onNavigate,
}: {
  node: MenuNode;
  selected: boolean;
  nested: boolean;
  onNavigate?: () => void;
}) {
  const { i18n } = useLingui();
  const label = menuLabels[node.name];
  return (
    <Link
      href={`#${routeOfMenuPath(node.path)}`}
      display="block"
      px="3"
      ps={nested ? '8' : '3'}
      py="2"
      borderRadius="md"
      fontSize="sm"
      textDecoration="none"
      aria-current={selected ? 'page' : undefined}
      bg={selected ? 'blue.subtle' : undefined}
      color={selected ? 'blue.fg' : 'fg'}
      fontWeight={selected ? 'semibold' : 'normal'}
      _hover={{ bg: selected ? 'blue.subtle' : 'bg.muted', textDecoration: 'none' }}
      onClick={onNavigate}
    >
      {label ? i18n._(label) : node.name}
    </Link>
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
    <Box>
      <Button
        variant="ghost"
        size="sm"
        width="full"
        justifyContent="space-between"
        fontWeight={containsSelected ? 'semibold' : 'medium'}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {label ? i18n._(label) : node.name}
        {open ? <ChevronDownIcon size={14} /> : <ChevronRightIcon size={14} />}
      </Button>
      <Stack as="ul" id={listId} gap="0.5" listStyleType="none" hidden={!open} mt="0.5">
        {node.children.map((child) => (
          <li key={child.id}>
            <MenuLink node={child} selected={child.path === selected} nested onNavigate={onNavigate} />
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** The left menu built from the server's grants (spec §2 menu rules). */
export function LeftMenu({
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
    <Box as="nav" aria-label={t({ id: 'shell.menu.label', message: 'Main menu' })} p="2">
      <Stack as="ul" gap="1" listStyleType="none">
        {nodes.map((node) => (
          <li key={node.id}>
            {node.children.length > 0 ? (
              <MenuGroup node={node} selected={selected} onNavigate={onNavigate} />
            ) : (
              <MenuLink
                node={node}
                selected={node.path === selected}
                nested={false}
                onNavigate={onNavigate}
              />
            )}
          </li>
        ))}
      </Stack>
    </Box>
  );
}

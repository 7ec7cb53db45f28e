import { Box, Flex } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { preloadToaster } from '../../ui/toaster';
import { useAppState } from '../../ui/app-state';
import { ScreenSkeleton } from '../../ui/screen-skeleton';
import { LeftMenu } from './left-menu';
import { OfflineBanner } from './offline-banner';
import { TopBar } from './top-bar';

// The drawer's code (Chakra's dialog, focus trap and scroll lock) comes when it is first opened.
const MenuDrawer = lazy(() => import('./menu-drawer').then((m) => ({ default: m.MenuDrawer })));
// The command palette's code comes when it is first opened (Ctrl-K, ⌘-K or its button).
const CommandPalette = lazy(() =>
  import('../palette/command-palette').then((m) => ({ default: m.CommandPalette })),
);

/** Ctrl-K (⌘-K on a Mac) opens the palette wherever the focus is. */
const isPaletteKey = (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

/** spec §2: the left menu is hidden on help, suggestion and open-service (and on tickets, beside feedback). */
const withoutMenu = [
  '/cdn/help',
  '/cdn/suggestion',
  '/cdn/ticket',
  '/cdn/ticket/detail',
  '/cdn/open-service',
];

/** Top bar, left menu and content; at tablet width (< 1024px) the menu becomes a drawer. */
export function AppLayout() {
  const { t, i18n } = useLingui();
  const { menu, offlineSince, serviceOpen } = useAppState();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Kept once opened, so that it closes with its animation.
  const [drawerUsed, setDrawerUsed] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [paletteUsed, setPaletteUsed] = useState(false);
  const openPalette = useCallback(() => {
    setPaletteUsed(true);
    setPaletteOpen(true);
  }, []);
  useEffect(() => {
    if (!serviceOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isPaletteKey(e)) return;
      e.preventDefault();
      openPalette();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [serviceOpen, openPalette]);
  useEffect(preloadToaster, []);
  const title = useMatches({
    select: (matches) => matches.findLast((m) => m.staticData.title)?.staticData.title,
  });
  const product = t({ id: 'shell.product.name', message: 'CDN Console' });
  useEffect(() => {
    // WCAG 2.4.2: each screen names itself in the title bar and the tab.
    document.title = title ? `${i18n._(title)} · ${product}` : product;
  }, [title, i18n, product]);
  const showMenu = serviceOpen && !withoutMenu.includes(pathname);
  const loading = <ScreenSkeleton label={t({ id: 'shell.loading', message: 'Loading…' })} />;

  return (
    <Flex direction="column" minH="100vh" bg="bg.subtle">
      <a
        href="#main-content"
        className="skip-link"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        {t({ id: 'shell.skipToContent', message: 'Skip to content' })}
      </a>
      <TopBar
        onOpenPalette={serviceOpen ? openPalette : undefined}
        showMenuToggle={showMenu}
        onToggleMenu={() => {
          setDrawerUsed(true);
          setDrawerOpen((o) => !o);
        }}
      />
      {offlineSince !== null ? <OfflineBanner savedAt={offlineSince} /> : null}
      <Flex flex="1" align="stretch">
        {showMenu ? (
          <Box
            as="aside"
            w="220px"
            flexShrink={0}
            bg="bg"
            borderEndWidth="1px"
            hideBelow="lg"
            position="sticky"
            top="56px"
            alignSelf="flex-start"
            maxH="calc(100vh - 56px)"
            overflowY="auto"
          >
            <LeftMenu items={menu} pathname={pathname} />
          </Box>
        ) : null}
        <Box
          as="main"
          id="main-content"
          tabIndex={-1}
          flex="1"
          minW="0"
          p={{ base: '3', md: '6' }}
          outline="none"
        >
          <Suspense fallback={loading}>
            <Outlet />
          </Suspense>
        </Box>
      </Flex>
      {paletteUsed ? (
        <Suspense fallback={null}>
          <CommandPalette open={paletteOpen} onOpenChange={setPaletteOpen} />
        </Suspense>
      ) : null}
      {showMenu && drawerUsed ? (
        <Suspense fallback={null}>
          <MenuDrawer open={drawerOpen} onOpenChange={setDrawerOpen} items={menu} pathname={pathname} />
        </Suspense>
      ) : null}
    </Flex>
  );
}

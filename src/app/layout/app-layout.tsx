import { Box, Flex } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Outlet, useMatches, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { preloadToaster } from '../../ui/toaster';
import { useAppState } from '../../ui/app-state';
import { ScreenSkeleton } from '../../ui/screen-skeleton';
import { LeftMenu } from './left-menu';
import { OfflineBanner } from './offline-banner';
import { TopBar } from './top-bar';

// The drawer's code (Chakra's dialog, focus trap and scroll lock) comes when it is first opened.
const MenuDrawer = lazy(() => import('./menu-drawer').then((m) => ({ default: m.MenuDrawer })));

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
      {showMenu && drawerUsed ? (
        <Suspense fallback={null}>
          <MenuDrawer open={drawerOpen} onOpenChange={setDrawerOpen} items={menu} pathname={pathname} />
        </Suspense>
      ) : null}
    </Flex>
  );
}

import { Box, Button, Flex, HStack, IconButton, Link, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useAppState } from '../../ui/app-state';
import { BookIcon, ChatIcon, CloudIcon, LogoIcon, MenuIcon, SearchIcon, TicketIcon } from '../../ui/icons';
import { SyncIndicator } from '../sync/sync-indicator';
import { DeferredMenu } from './deferred-menu';
import {
  AccountTrigger,
  barButton,
  ColorModeTrigger,
  LanguageTrigger,
  ProductsTrigger,
  UserTrigger,
} from './menu-triggers';
import { BarLink } from './bar-link';

// The menus' code comes when first wanted (see DeferredMenu); their buttons are drawn at once.
const loadProducts = () => import('./products-menu').then((m) => m.ProductsMenu);
const loadLanguages = () => import('./language-switch').then((m) => m.LanguageSwitch);
const loadColorModes = () => import('./color-mode-switch').then((m) => m.ColorModeSwitch);
const loadAccounts = () => import('../account-menu/account-menu').then((m) => m.AccountMenu);
const loadUser = () => import('./user-menu').then((m) => m.UserMenu);

/** Where the portal's support pages live when the service is not open (served by the server). */
const portalSupport = '/portal/support';

/** spec §2 top bar. `onToggleMenu` is given when the left menu is a drawer (tablet width). */
export function TopBar({
  onToggleMenu,
  onOpenPalette,
  showMenuToggle,
}: {
  onToggleMenu: () => void;
  /** Opens the command palette; absent where there is nothing to go to (service not open). */
  onOpenPalette?: () => void;
  showMenuToggle: boolean;
}) {
  const { t } = useLingui();
  const { serviceOpen, cwn, loginInfo } = useAppState();
  const help = serviceOpen ? '#/cdn/help' : `${portalSupport}#help`;
  const feedback = serviceOpen ? '#/cdn/suggestion' : `${portalSupport}#feedback`;
  const tickets = serviceOpen ? '#/cdn/ticket' : `${portalSupport}#tickets`;
  return (
    <Flex
      as="header"
      h="56px"
      px={{ base: '2', md: '4' }}
      align="center"
      gap={{ base: '1', lg: '2' }}
      bg="gray.900"
      color="white"
      position="sticky"
      top="0"
      zIndex="docked"
    >
      {showMenuToggle ? (
        <IconButton
          variant="ghost"
          size="sm"
          color="inherit"
          _hover={{ bg: 'whiteAlpha.200' }}
          aria-label={t({ id: 'shell.topbar.toggleMenu', message: 'Show or hide the menu' })}
          onClick={onToggleMenu}
          hideFrom="lg"
        >
          <MenuIcon />
        </IconButton>
      ) : null}
      <Link
        href={serviceOpen ? '#/cdn/dashboard' : '#/cdn/open-service'}
        color="inherit"
        textDecoration="none"
        _hover={{ textDecoration: 'none' }}
        // Named at every width: below desktop width the bar shows the logo alone, to keep its room
        // for the buttons.
        aria-label={t({ id: 'shell.product.name', message: 'CDN Console' })}
      >
        <HStack gap="2">
          <LogoIcon size={22} />
          <Text fontWeight="bold" whiteSpace="nowrap" hideBelow="lg">
            {t({ id: 'shell.product.name', message: 'CDN Console' })}
          </Text>
        </HStack>
      </Link>
      {serviceOpen ? (
        <BarLink href="#/cdn/dashboard" label={t({ id: 'shell.topbar.overview', message: 'Overview' })} />
      ) : null}
      <DeferredMenu load={loadProducts} trigger={<ProductsTrigger />} />
      <Box flex="1" />
      {onOpenPalette ? (
        <Button
          {...barButton}
          onClick={onOpenPalette}
          aria-keyshortcuts="Control+K Meta+K"
          aria-label={t({ id: 'shell.topbar.paletteLabel', message: 'Go to… (Ctrl+K)' })}
        >
          <SearchIcon size={16} />
          <Box as="span" display={{ base: 'none', '2xl': 'inline' }}>
            {t({ id: 'shell.topbar.palette', message: 'Go to…' })}
          </Box>
        </Button>
      ) : null}
      <HStack gap="0" as="nav" aria-label={t({ id: 'shell.topbar.links', message: 'Help and support' })}>
        {cwn.has_cwn && cwn.cwn_link ? (
          <BarLink
            href={cwn.cwn_link}
            icon={<CloudIcon size={16} />}
            external
            label={t({ id: 'shell.topbar.storage', message: 'Cloud storage' })}
          />
        ) : null}
        <BarLink
          href={tickets}
          icon={<TicketIcon size={16} />}
          label={t({ id: 'shell.topbar.tickets', message: 'Tickets' })}
        />
        <BarLink
          href={help}
          icon={<BookIcon size={16} />}
          label={t({ id: 'shell.topbar.help', message: 'Help docs' })}
        />
        <BarLink
          href={feedback}
          icon={<ChatIcon size={16} />}
          label={t({ id: 'shell.topbar.feedback', message: 'Feedback' })}
        />
      </HStack>
      <SyncIndicator />
      <DeferredMenu load={loadColorModes} trigger={<ColorModeTrigger />} />
      <DeferredMenu load={loadLanguages} trigger={<LanguageTrigger />} />
      {loginInfo ? <DeferredMenu load={loadAccounts} trigger={<AccountTrigger />} /> : null}
      <DeferredMenu load={loadUser} trigger={<UserTrigger />} />
    </Flex>
  );
}

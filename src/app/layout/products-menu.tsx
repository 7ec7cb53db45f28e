import { Box, Grid, Heading, Popover, Portal, Stack } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ComponentType } from 'react';
import {
  BoltIcon,
  BookIcon,
  BroadcastIcon,
  ChatIcon,
  CloudIcon,
  CodeIcon,
  FireIcon,
  FunctionIcon,
  GlobeIcon,
  HeadsetIcon,
  ImageIcon,
  LockIcon,
  NetworkIcon,
  PlayIcon,
  ServerIcon,
  ShieldIcon,
  TerminalIcon,
  TicketIcon,
  VideoIcon,
} from '../../ui/icons';
import { ProductsTrigger } from './menu-triggers';

type GroupKey = 'network' | 'media' | 'security' | 'developer' | 'support';

/** spec §1, §2: the provider's catalogue, shown only as icons, in five groups. */
const groups: { key: GroupKey; label: MessageDescriptor }[] = [
  { key: 'network', label: msg({ id: 'shell.products.network', message: 'Network' }) },
  { key: 'media', label: msg({ id: 'shell.products.media', message: 'Media' }) },
  { key: 'security', label: msg({ id: 'shell.products.security', message: 'Security' }) },
  { key: 'developer', label: msg({ id: 'shell.products.developer', message: 'Developer engine' }) },
  { key: 'support', label: msg({ id: 'shell.products.support', message: 'Service and support' }) },
];

/** Each product: its group, its name (whose id also keys its tile) and its icon, in display order. */
const products: [GroupKey, MessageDescriptor, ComponentType<{ size?: number }>][] = [
  ['network', msg({ id: 'shell.products.cdn', message: 'CDN' }), GlobeIcon],
  ['network', msg({ id: 'shell.products.dcdn', message: 'Dynamic acceleration' }), BoltIcon],
  ['network', msg({ id: 'shell.products.dns', message: 'Smart DNS' }), NetworkIcon],
  ['media', msg({ id: 'shell.products.live', message: 'Live streaming' }), BroadcastIcon],
  ['media', msg({ id: 'shell.products.vod', message: 'Video on demand' }), VideoIcon],
  ['media', msg({ id: 'shell.products.image', message: 'Image processing' }), ImageIcon],
  ['media', msg({ id: 'shell.products.player', message: 'Player SDK' }), PlayIcon],
  ['security', msg({ id: 'shell.products.waf', message: 'Web application firewall' }), ShieldIcon],
  ['security', msg({ id: 'shell.products.ddos', message: 'DDoS protection' }), FireIcon],
  ['security', msg({ id: 'shell.products.ssl', message: 'SSL certificates' }), LockIcon],
  ['developer', msg({ id: 'shell.products.edge', message: 'Edge computing' }), ServerIcon],
  ['developer', msg({ id: 'shell.products.functions', message: 'Edge functions' }), FunctionIcon],
  ['developer', msg({ id: 'shell.products.openapi', message: 'Open API' }), CodeIcon],
  ['developer', msg({ id: 'shell.products.storage', message: 'Object storage' }), CloudIcon],
  ['developer', msg({ id: 'shell.products.cli', message: 'Command-line tool' }), TerminalIcon],
  ['support', msg({ id: 'shell.products.docs', message: 'Documentation center' }), BookIcon],
  ['support', msg({ id: 'shell.products.tickets', message: 'Ticket system' }), TicketIcon],
  ['support', msg({ id: 'shell.products.consulting', message: 'Pre-sales consulting' }), ChatIcon],
  ['support', msg({ id: 'shell.products.service', message: 'Technical support' }), HeadsetIcon],
];

/** The products mega-menu of the top bar: five groups of icon tiles, each named for assistive technology. */
export function ProductsMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <Popover.Root
      positioning={{ placement: 'bottom-start' }}
      lazyMount
      unmountOnExit
      defaultOpen={defaultOpen}
    >
      <Popover.Trigger asChild>
        <ProductsTrigger />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: '92vw', md: '740px' }} maxW="92vw">
            <Popover.Body>
              <Popover.Title srOnly>{t({ id: 'shell.topbar.products', message: 'Products' })}</Popover.Title>
              <Grid templateColumns={{ base: '1fr', md: 'repeat(5, 1fr)' }} gap="4">
                {groups.map((group) => (
                  <Stack key={group.key} gap="2" role="group" aria-labelledby={`products-${group.key}`}>
                    <Heading as="h3" size="xs" id={`products-${group.key}`} color="fg.muted">
                      {i18n._(group.label)}
                    </Heading>
                    <Grid templateColumns="repeat(3, 36px)" gap="2">
                      {products
                        .filter(([groupKey]) => groupKey === group.key)
                        .map(([, label, Icon]) => (
                          <Box
                            key={label.id}
                            role="img"
                            aria-label={i18n._(label)}
                            title={i18n._(label)}
                            w="36px"
                            h="36px"
                            display="flex"
                            alignItems="center"
                            justifyContent="center"
                            borderRadius="md"
                            bg="blue.subtle"
                            color="blue.fg"
                          >
                            <Icon size={20} />
                          </Box>
                        ))}
                    </Grid>
                  </Stack>
                ))}
              </Grid>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

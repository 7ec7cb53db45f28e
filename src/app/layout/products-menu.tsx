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

interface Product {
  key: string;
  label: MessageDescriptor;
  Icon: ComponentType<{ size?: number }>;
}

interface ProductGroup {
  key: string;
  label: MessageDescriptor;
  products: Product[];
}

/** spec §1, §2: the provider's catalogue, shown only as icons, in five groups. */
const groups: ProductGroup[] = [
  {
    key: 'network',
    label: msg({ id: 'shell.products.network', message: 'Network' }),
    products: [
      { key: 'cdn', label: msg({ id: 'shell.products.cdn', message: 'CDN' }), Icon: GlobeIcon },
      {
        key: 'dcdn',
        label: msg({ id: 'shell.products.dcdn', message: 'Dynamic acceleration' }),
        Icon: BoltIcon,
      },
      { key: 'dns', label: msg({ id: 'shell.products.dns', message: 'Smart DNS' }), Icon: NetworkIcon },
    ],
  },
  {
    key: 'media',
    label: msg({ id: 'shell.products.media', message: 'Media' }),
    products: [
      {
        key: 'live',
        label: msg({ id: 'shell.products.live', message: 'Live streaming' }),
        Icon: BroadcastIcon,
      },
      { key: 'vod', label: msg({ id: 'shell.products.vod', message: 'Video on demand' }), Icon: VideoIcon },
      {
        key: 'image',
        label: msg({ id: 'shell.products.image', message: 'Image processing' }),
        Icon: ImageIcon,
      },
      { key: 'player', label: msg({ id: 'shell.products.player', message: 'Player SDK' }), Icon: PlayIcon },
    ],
  },
  {
    key: 'security',
    label: msg({ id: 'shell.products.security', message: 'Security' }),
    products: [
      {
        key: 'waf',
        label: msg({ id: 'shell.products.waf', message: 'Web application firewall' }),
        Icon: ShieldIcon,
      },
      { key: 'ddos', label: msg({ id: 'shell.products.ddos', message: 'DDoS protection' }), Icon: FireIcon },
      { key: 'ssl', label: msg({ id: 'shell.products.ssl', message: 'SSL certificates' }), Icon: LockIcon },
    ],
  },
  {
    key: 'developer',
    label: msg({ id: 'shell.products.developer', message: 'Developer engine' }),
    products: [
      { key: 'edge', label: msg({ id: 'shell.products.edge', message: 'Edge computing' }), Icon: ServerIcon },
      {
        key: 'functions',
        label: msg({ id: 'shell.products.functions', message: 'Edge functions' }),
        Icon: FunctionIcon,
      },
      { key: 'openapi', label: msg({ id: 'shell.products.openapi', message: 'Open API' }), Icon: CodeIcon },
      {
        key: 'storage',
        label: msg({ id: 'shell.products.storage', message: 'Object storage' }),
        Icon: CloudIcon,
      },
      {
        key: 'cli',
        label: msg({ id: 'shell.products.cli', message: 'Command-line tool' }),
        Icon: TerminalIcon,
      },
    ],
  },
  {
    key: 'support',
    label: msg({ id: 'shell.products.support', message: 'Service and support' }),
    products: [
      {
        key: 'docs',
        label: msg({ id: 'shell.products.docs', message: 'Documentation center' }),
        Icon: BookIcon,
      },
      {
        key: 'tickets',
        label: msg({ id: 'shell.products.tickets', message: 'Ticket system' }),
        Icon: TicketIcon,
      },
      {
        key: 'consulting',
        label: msg({ id: 'shell.products.consulting', message: 'Pre-sales consulting' }),
        Icon: ChatIcon,
      },
      {
        key: 'service',
        label: msg({ id: 'shell.products.service', message: 'Technical support' }),
        Icon: HeadsetIcon,
      },
    ],
  },
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
                      {group.products.map(({ key, label, Icon }) => (
                        <Box
                          key={key}
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

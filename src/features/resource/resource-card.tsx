import { Card, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ResourceKind, ResourceUse } from '../../contract/resource';
import { QuotaBar } from './quota-bar';

const resourceLabels: Record<ResourceKind, MessageDescriptor> = {
  domains: msg({ id: 'resource.kind.domains', message: 'Accelerated domains' }),
  domainGroups: msg({ id: 'resource.kind.domainGroups', message: 'Domain groups' }),
  certificates: msg({ id: 'resource.kind.certificates', message: 'Certificates' }),
  ipBans: msg({ id: 'resource.kind.ipBans', message: 'IP bans in force' }),
  subAccounts: msg({ id: 'resource.kind.subAccounts', message: 'Sub-accounts' }),
  tokens: msg({ id: 'resource.kind.tokens', message: 'API tokens' }),
};

/** Where each resource is managed. */
const resourceScreens: Record<ResourceKind, string> = {
  domains: '#/cdn/domain/list',
  domainGroups: '#/cdn/domain/list',
  certificates: '#/cdn/cert',
  ipBans: '#/cdn/ip-ban',
  subAccounts: '#/cdn/user/list',
  tokens: '#/cdn/token-manage',
};

export function ResourceCard({ item }: { item: ResourceUse }) {
  const { t, i18n } = useLingui();
  const label = i18n._(resourceLabels[item.kind]);
  const used = i18n.number(item.used);
  const max = i18n.number(item.max);
  const left = Math.max(0, item.max - item.used);
  return (
    <Card.Root size="sm" variant="outline" data-resource={item.kind}>
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" align="baseline">
            <Heading as="h3" size="sm">
              {label}
            </Heading>
            <Link href={resourceScreens[item.kind]} fontSize="sm" colorPalette="blue">
              {t({ id: 'resource.manage', message: 'Manage' })}
            </Link>
          </HStack>
          <Text fontSize="2xl" fontWeight="semibold">
            {t({ id: 'resource.usedOf', message: `${ph({ used })} / ${ph({ max })}` })}
          </Text>
          <QuotaBar used={item.used} max={item.max} label={label} />
          <Text fontSize="sm" color={left === 0 ? 'fg.error' : 'fg.muted'}>
            {left === 0
              ? t({ id: 'resource.full', message: 'Quota reached: nothing more can be added.' })
              : t({ id: 'resource.left', message: `${ph({ left: i18n.number(left) })} more can be added` })}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

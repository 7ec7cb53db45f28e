import { Card, HStack, Heading, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ContentKind } from '../../contract/rules/content';
import type { ResourceKind, ResourceUse } from '../../contract/resource';
import { useCall, useReadsStatus, withReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';
import { ListPage } from '../../ui/list-page';
import { ListTable, type ListColumn } from '../../ui/list-table';
import { UsageBar } from '../../ui/usage-bar';
import { useOnline } from '../../ui/use-online';

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

const contentLabels: Record<ContentKind, MessageDescriptor> = {
  url: msg({ id: 'resource.content.url', message: 'URL refresh' }),
  dir: msg({ id: 'resource.content.dir', message: 'Directory refresh' }),
  prefetch: msg({ id: 'resource.content.prefetch', message: 'Prefetch' }),
};

/** The bar's colour: blue, orange from 80 %, red when full. */
const paletteOf = (used: number, max: number) =>
  used >= max ? 'red' : used >= max * 0.8 ? 'orange' : 'blue';

function QuotaBar({ used, max, label }: { used: number; max: number; label: string }) {
  const { i18n } = useLingui();
  const share = max > 0 ? Math.min(100, (used / max) * 100) : 100;
  return (
    <UsageBar
      value={share}
      palette={paletteOf(used, max)}
      label={label}
      valueText={i18n.number(share / 100, { style: 'percent', maximumFractionDigits: 1 })}
    />
  );
}

function ResourceCard({ item }: { item: ResourceUse }) {
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

/**
 * Resource quota (spec §2 /cdn/resource-config): each quota the server enforces on the account
 * and what it uses, and today's refresh and prefetch quotas. Kept on the device for offline use.
 */
function ResourceBody() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const reads = useReadsStatus(online);
  const read = useCall('resourceQuota', undefined);
  const title = t({ id: 'resource.screen.title', message: 'Resource quota' });
  const columns: ListColumn[] = [
    { header: t({ id: 'resource.daily.col.kind', message: 'Type' }) },
    { header: t({ id: 'resource.daily.col.used', message: 'Used today' }), minW: '180px' },
    { header: t({ id: 'resource.daily.col.left', message: 'Remaining' }), textAlign: 'end' },
    { header: t({ id: 'resource.daily.col.perSubmit', message: 'Per submission' }), textAlign: 'end' },
  ];
  const kinds: ContentKind[] = ['url', 'dir', 'prefetch'];

  return (
    <ListPage
      title={title}
      intro={t({
        id: 'resource.screen.intro',
        message:
          'The quotas of your account and how much of each is used. To raise a quota, please contact your account manager.',
      })}
      reads={reads}
      read={read}
      neverRead={{
        loading: t({ id: 'resource.loading', message: 'Loading the quotas…' }),
        failedTitle: t({ id: 'resource.failed', message: 'The quotas could not be loaded.' }),
        offlineTitle: t({
          id: 'resource.offlineTitle',
          message: 'The quotas have not been loaded on this device yet.',
        }),
        offlineHint: t({
          id: 'resource.offlineHint',
          message: 'Connect to the internet once to load them; they are then kept for offline use.',
        }),
      }}
    >
      {({ resources, content }) => (
        <>
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3" as="section" aria-label={title}>
            {resources.map((item) => (
              <ResourceCard key={item.kind} item={item} />
            ))}
          </SimpleGrid>
          <Card.Root variant="outline" as="section" aria-labelledby="resource-daily">
            <Card.Header>
              <Stack gap="1">
                <Heading as="h2" size="md" id="resource-daily">
                  {t({ id: 'resource.daily.title', message: 'Refresh and prefetch today' })}
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  {t({
                    id: 'resource.daily.intro',
                    message: `Daily quotas are counted per day in UTC+8 and start again at midnight. Today: ${ph({ day: content.day })}.`,
                  })}
                </Text>
              </Stack>
            </Card.Header>
            <Card.Body>
              <ListTable columns={columns} labelledBy="resource-daily" framed={false}>
                {kinds.map((kind) => {
                  const q = content[kind];
                  const label = i18n._(contentLabels[kind]);
                  return (
                    <Table.Row key={kind} data-content-quota={kind}>
                      <Table.Cell whiteSpace="nowrap">
                        <Link href="#/cdn/content" colorPalette="blue">
                          {label}
                        </Link>
                      </Table.Cell>
                      <Table.Cell>
                        <Stack gap="1">
                          <QuotaBar used={q.used} max={q.per_day} label={label} />
                          <Text fontSize="xs" color="fg.muted">
                            {t({
                              id: 'resource.usedOf',
                              message: `${ph({ used: i18n.number(q.used) })} / ${ph({ max: i18n.number(q.per_day) })}`,
                            })}
                          </Text>
                        </Stack>
                      </Table.Cell>
                      <Table.Cell textAlign="end">{i18n.number(Math.max(0, q.per_day - q.used))}</Table.Cell>
                      <Table.Cell textAlign="end">{i18n.number(q.per_submit)}</Table.Cell>
                    </Table.Row>
                  );
                })}
              </ListTable>
            </Card.Body>
          </Card.Root>
        </>
      )}
    </ListPage>
  );
}

export const ResourceScreen = withReads(ResourceBody, useReadAccounts);

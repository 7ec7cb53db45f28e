import { Card, Heading, Link, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ContentKind } from '../../contract/rules/content';
import { useCall, useReadsStatus, withReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';
import { ListPage } from '../../ui/list-page';
import { ListTable, type ListColumn } from '../../ui/list-table';
import { useOnline } from '../../ui/use-online';
import { QuotaBar } from './quota-bar';
import { ResourceCard } from './resource-card';

const contentLabels: Record<ContentKind, MessageDescriptor> = {
  url: msg({ id: 'resource.content.url', message: 'URL refresh' }),
  dir: msg({ id: 'resource.content.dir', message: 'Directory refresh' }),
  prefetch: msg({ id: 'resource.content.prefetch', message: 'Prefetch' }),
};

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
        what: t({ id: 'resource.what', message: 'the quotas' }),
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

import { Box, Heading, Link, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { dictLabel, useAppState } from '../../ui/app-state';
import type { DashboardData } from './use-dashboard-data';
import { FigureLink } from './figure-link';
import { FiguresSkeleton } from './figures-skeleton';
import { PartError } from './part-error';
import { Section } from './section';

export function DomainsCard({ data, onRetry }: { data: DashboardData; onRetry: () => void }) {
  const { t } = useLingui();
  const { dict } = useAppState();
  const title = t({ id: 'dashboard.domains.title', message: 'Accelerated domains' });
  if (data.domains.status !== 'ready') {
    return (
      // The content's id (tests and the benchmark wait for it) only once the figures or their failure show.
      <Section
        title={title}
        id={data.domains.status === 'failed' ? 'dashboard-domains' : 'dashboard-domains-loading'}
      >
        {data.domains.status === 'failed' ? <PartError onRetry={onRetry} /> : <FiguresSkeleton />}
      </Section>
    );
  }
  const domains = data.domains.value;
  const { types } = data;
  if (domains.total === 0) {
    return (
      <Section title={title} id="dashboard-domains">
        <Stack gap="2">
          <Text>{t({ id: 'dashboard.domains.empty', message: 'No accelerated domain yet.' })}</Text>
          <Text color="fg.muted" fontSize="sm">
            {t({
              id: 'dashboard.domains.emptyHint',
              message:
                'Once domains are added to this account, their counts by status and by service type appear here.',
            })}
          </Text>
          <Link href="#/cdn/domain/create" colorPalette="blue" fontSize="sm">
            {t({ id: 'dashboard.domains.create', message: 'Create domain' })}
          </Link>
        </Stack>
      </Section>
    );
  }
  // Both live states always show, so a zero reads as such; each figure opens the list filtered.
  const statuses = (['active', 'hung_up'] as const).map(
    (status) => [status, domains.by_status[status] ?? 0] as const,
  );
  const typeRows = types.status === 'ready' ? types.value.lists.filter((row) => row.count > 0) : [];
  return (
    <Section title={title} id="dashboard-domains">
      <Stack gap="5">
        <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
          <Stat.Root>
            <Stat.Label>{t({ id: 'dashboard.domains.total', message: 'Total' })}</Stat.Label>
            <Stat.ValueText>
              <FigureLink href="#/cdn/domain/list">{domains.total}</FigureLink>
            </Stat.ValueText>
          </Stat.Root>
          {statuses.map(([status, count]) => (
            <Stat.Root key={status}>
              <Stat.Label>{dictLabel(dict, 'domain_status', status)}</Stat.Label>
              <Stat.ValueText>
                <FigureLink href={`#/cdn/domain/list?status=${status}`}>{count}</FigureLink>
              </Stat.ValueText>
            </Stat.Root>
          ))}
        </SimpleGrid>
        <Box>
          <Heading as="h3" size="sm" mb="2">
            {t({ id: 'dashboard.domains.byType', message: 'By service type' })}
          </Heading>
          {types.status === 'failed' ? (
            <PartError onRetry={onRetry} />
          ) : types.status === 'loading' ? (
            <FiguresSkeleton />
          ) : typeRows.length === 0 ? (
            <Text color="fg.muted">
              {t({ id: 'dashboard.domains.noTypes', message: 'No service type in use.' })}
            </Text>
          ) : (
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
              {typeRows.map((row) => (
                <Stat.Root key={row.type}>
                  <Stat.Label>{dictLabel(dict, 'service_type', row.type)}</Stat.Label>
                  <Stat.ValueText>
                    <FigureLink href={`#/cdn/domain/list?type=${encodeURIComponent(row.type)}`}>
                      {row.count}
                    </FigureLink>
                  </Stat.ValueText>
                </Stat.Root>
              ))}
            </SimpleGrid>
          )}
        </Box>
      </Stack>
    </Section>
  );
}

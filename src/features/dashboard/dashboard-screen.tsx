import {
  Badge,
  Box,
  Button,
  Card,
  DataList,
  Heading,
  Link,
  HStack,
  SimpleGrid,
  Skeleton,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { loadCertExpiryCard } from '../cert';
import { loadTrafficCard } from '../statistics';
import { loadPackageCard } from '../traffic-package';
import { useReadsStatus, withReads } from '../../sync/reads';
import { dictLabel, useAppState, useIdentityUser, useReadAccounts } from '../../ui/app-state';
import { StoredListStatus } from '../../ui/stored-list-status';
import { useOnline } from '../../ui/use-online';
import { useDashboardData } from './use-dashboard-data';
import type { DashboardData } from './use-dashboard-data';

const CertExpiryCard = lazy(() => loadCertExpiryCard().then((m) => ({ default: m.CertExpiryCard })));
const PackageCard = lazy(() => loadPackageCard().then((m) => ({ default: m.PackageCard })));
const TrafficCard = lazy(() => loadTrafficCard().then((m) => ({ default: m.TrafficCard })));

/**
 * True once the overview's own figures have painted (the frame after the one that drew them: two
 * animation frames), and with `idle` once the browser is idle too: the cards after the figures
 * load then, so their code and texts never delay the first screen. The traffic card, the widest
 * of them, comes at the paint; the certificates' and packages' cards, which open stores of their
 * own, when the browser is idle.
 */
function useAfterFirstPaint(ready: boolean, idle: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready || after) return;
    let waiting = 0;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        frame = 0;
        if (!idle) setAfter(true);
        else
          waiting =
            typeof requestIdleCallback === 'function'
              ? requestIdleCallback(() => setAfter(true), { timeout: 2000 })
              : window.setTimeout(() => setAfter(true), 200);
      });
    });
    return () => {
      if (frame) cancelAnimationFrame(frame);
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(waiting);
      else window.clearTimeout(waiting);
    };
  }, [ready, after, idle]);
  return after;
}

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function PartError({ onRetry }: { onRetry: () => void }) {
  const { t } = useLingui();
  return (
    <Stack gap="2" align="flex-start" role="alert">
      <Text color="fg.error">
        {t({ id: 'dashboard.overview.loadFailed', message: 'This part could not be loaded.' })}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        {t({ id: 'common.action.retry', message: 'Retry' })}
      </Button>
    </Stack>
  );
}

/** The place of a part not read yet: the shape of what comes, no sentence. */
function RowsSkeleton({ rows }: { rows: number }) {
  return (
    <Stack gap="3" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        <HStack key={i} gap="6">
          <Skeleton height="4" width="28" />
          <Skeleton height="4" flex="1" maxW="48" />
        </HStack>
      ))}
    </Stack>
  );
}

function FiguresSkeleton() {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Stack key={i} gap="2">
          <Skeleton height="4" width="16" />
          <Skeleton height="8" width="12" />
        </Stack>
      ))}
    </SimpleGrid>
  );
}

function AccountCard({ data, onRetry }: { data: DashboardData; onRetry: () => void }) {
  const { t } = useLingui();
  const { dict, isChannel } = useAppState();
  const user = useIdentityUser();
  const { customers } = data;
  const title = t({ id: 'dashboard.account.title', message: 'Account' });
  if (data.account.status !== 'ready') {
    return (
      <Section title={title} id="dashboard-account">
        {data.account.status === 'failed' ? <PartError onRetry={onRetry} /> : <RowsSkeleton rows={4} />}
      </Section>
    );
  }
  const account = data.account.value;
  const kind =
    account.kind === 'main'
      ? t({ id: 'dashboard.account.main', message: 'Main account' })
      : t({ id: 'dashboard.account.sub', message: 'Sub-account' });
  const rows: { label: string; value: ReactNode }[] = [
    { label: t({ id: 'dashboard.account.name', message: 'Account name' }), value: account.login },
    {
      label: t({ id: 'dashboard.account.status', message: 'Service status' }),
      value: (
        <Badge colorPalette={account.service_status === 'open' ? 'green' : 'orange'}>
          {dictLabel(dict, 'service_status', account.service_status)}
        </Badge>
      ),
    },
    {
      label: t({ id: 'dashboard.account.balance', message: 'Balance' }),
      value: user?.balance ?? account.balance,
    },
    {
      label: t({ id: 'dashboard.account.type', message: 'Account type' }),
      value: (
        <HStack gap="2">
          <span>{kind}</span>
          {isChannel ? (
            <Badge colorPalette="purple">
              {t({ id: 'dashboard.account.channel', message: 'Channel account' })}
            </Badge>
          ) : null}
        </HStack>
      ),
    },
  ];
  if (isChannel && customers?.status === 'ready') {
    rows.push({
      label: t({ id: 'dashboard.account.customers', message: 'Customer accounts' }),
      value: String(customers.value),
    });
  }
  return (
    <Section title={title} id="dashboard-account">
      <DataList.Root orientation="horizontal">
        {rows.map((row) => (
          <DataList.Item key={row.label}>
            <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
            <DataList.ItemValue>{row.value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Section>
  );
}

/** A figure that opens the domain list showing what it counts. */
function FigureLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} color="inherit" _hover={{ color: 'blue.600', textDecoration: 'underline' }}>
      {children}
    </Link>
  );
}

function DomainsCard({ data, onRetry }: { data: DashboardData; onRetry: () => void }) {
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

/** The overview (spec §2): the account, the domain counts, today's traffic against yesterday's and the certificates' expiries and the traffic packages. */
function Overview() {
  const { t } = useLingui();
  const { isChannel, menu } = useAppState();
  const { data, reload } = useDashboardData(isChannel);
  const reads = useReadsStatus(useOnline());
  const figuresShown = data.domains.status !== 'loading';
  const showTraffic = useAfterFirstPaint(figuresShown, false);
  const showLater = useAfterFirstPaint(figuresShown, true);
  return (
    <Stack gap="5" maxW="1200px" mx="auto">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t({ id: 'dashboard.overview.title', message: 'Overview' })}
        </Heading>
        <HStack gap="3">
          <StoredListStatus list={reads} />
        </HStack>
      </HStack>
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5" alignItems="start">
        <AccountCard data={data} onRetry={reload} />
        <DomainsCard data={data} onRetry={reload} />
        {showTraffic ? (
          <Suspense fallback={<Box aria-busy="true" />}>
            <TrafficCard />
          </Suspense>
        ) : (
          <Box aria-busy="true" />
        )}
        {showLater ? (
          <Suspense fallback={<Box aria-busy="true" />}>
            <CertExpiryCard />
            {menu.some((m) => m.path === '/cdn/traffic-package') ? <PackageCard /> : null}
          </Suspense>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The overview (spec §2): the account, the domain counts, today's traffic against yesterday's and
 * the certificates' expiries and the traffic packages. What the device holds shows at once.
 */
export const DashboardScreen = withReads(Overview, useReadAccounts);

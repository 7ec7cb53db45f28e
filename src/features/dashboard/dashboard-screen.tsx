import { Box, Heading, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useState } from 'react';
import { loadCertExpiryCard } from '../cert';
import { loadTrafficCard } from '../statistics';
import { loadPackageCard } from '../traffic-package';
import { useReadsStatus, withReads } from '../../sync/reads';
import { useAppState, useReadAccounts } from '../../ui/app-state';
import { StoredListStatus } from '../../ui/stored-list-status';
import { useOnline } from '../../ui/use-online';
import { useDashboardData } from './use-dashboard-data';
import { AccountCard } from './account-card';
import { DomainsCard } from './domains-card';

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

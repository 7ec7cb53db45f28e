import { Box, Card, Heading, HStack, Link, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { api } from '../../api';
import { ReadsProvider, useRead } from '../../sync/reads';
import { dictLabel, useAppState } from '../../ui/app-state';
import { formatDateTime } from '../../ui/format';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { change, formatValue, signedPercent, summaryFigures, type Unit } from './metrics';
import { ReadState } from './parts';
import { statsDayStart } from './range';
import { useReadAccounts } from './stats-screen';

const TrendChart = lazy(() => import('./charts').then((m) => ({ default: m.TrendChart })));

const dayMs = 86_400_000;

/**
 * The overview's traffic (spec §2 dashboard content): bandwidth peak, flow, hit rate and QPS peak
 * of today against yesterday, the last 24 hours' bandwidth, and the billing mode.
 */
export function TrafficCard() {
  return (
    <ReadsProvider accounts={useReadAccounts()}>
      <TrafficBody />
    </ReadsProvider>
  );
}

function TrafficBody() {
  const { t, i18n } = useLingui();
  const { dict } = useAppState();
  const online = useOnline();
  const now = useNow(60_000);
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const today = statsDayStart(now);
  const day = (start: number) => ({
    all: true,
    domain_ids: [],
    start: new Date(start).toISOString(),
    end: new Date(start + dayMs).toISOString(),
    granularity: 5 as const,
    compare: true,
  });
  const todayBody = day(today);
  // Today, with yesterday as its previous period: one call answers both.
  const read = useRead(
    ['traffic', 'series', todayBody],
    () => api.call('trafficSeries', todayBody, { quiet: true }),
    {
      refetchInterval: 10_000,
    },
  );
  const hourStart = Math.floor(now / 3_600_000) * 3_600_000;
  const lastDay = {
    all: true,
    domain_ids: [],
    start: new Date(hourStart - 23 * 3_600_000).toISOString(),
    end: new Date(hourStart + 3_600_000).toISOString(),
    granularity: 5 as const,
    compare: false,
  };
  const trend = useRead(
    ['traffic', 'series', lastDay],
    () => api.call('trafficSeries', lastDay, { quiet: true }),
    {
      refetchInterval: 60_000,
    },
  );
  const data = read.data;
  const billing = dictLabel(dict, 'billing_mode', 'flow');
  const figure = (
    label: string,
    value: number,
    before: number | undefined,
    unit: Unit,
    at?: string | null,
  ) => {
    const delta = before === undefined ? null : change(value, before);
    return {
      label,
      value: formatValue(value, unit, locale),
      delta,
      shift: delta === null ? '' : signedPercent(delta),
      at,
    };
  };
  const figures = data
    ? [
        figure(
          t({ id: 'stats.figure.peakBandwidth', message: 'Peak bandwidth' }),
          data.summary.peak_bps,
          data.previous?.summary.peak_bps,
          'bps',
          data.summary.peak_at,
        ),
        figure(
          t({ id: 'stats.figure.totalFlow', message: 'Total flow' }),
          data.summary.bytes,
          data.previous?.summary.bytes,
          'bytes',
        ),
        figure(
          t({ id: 'stats.figure.hitRate', message: 'Hit rate (requests)' }),
          summaryFigures(data.summary).hitRate,
          data.previous ? summaryFigures(data.previous.summary).hitRate : undefined,
          'percent',
        ),
        figure(
          t({ id: 'stats.figure.totalRequests', message: 'Total requests' }),
          data.summary.requests,
          data.previous?.summary.requests,
          'count',
        ),
        figure(
          t({ id: 'stats.figure.peakQps', message: 'Peak QPS' }),
          data.summary.peak_qps,
          data.previous?.summary.peak_qps,
          'qps',
        ),
      ]
    : [];
  const stale = (read.failed || !online) && read.fetchedAt > 0;
  const asOf = formatDateTime(read.fetchedAt);
  return (
    <Card.Root as="section" aria-labelledby="dashboard-traffic" gridColumn={{ xl: 'span 2' }}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="md" id="dashboard-traffic">
            {t({ id: 'dashboard.traffic.title', message: 'Today’s traffic' })}
          </Heading>
          <HStack gap="3">
            {stale ? (
              <Text fontSize="sm" color="fg.warning" role="status">
                {t({ id: 'list.asOf', message: `Data as of ${asOf}` })}
              </Text>
            ) : null}
            <Text fontSize="sm" color="fg.muted">
              {t({ id: 'dashboard.traffic.billing', message: `Billing mode: ${billing}` })}
            </Text>
            <Link href="#/cdn/statistics/bandwidth" fontSize="sm" color="blue.600">
              {t({ id: 'dashboard.traffic.more', message: 'Statistics' })}
            </Link>
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body>
        <ReadState read={read} empty={false}>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 2, md: 5 }} gap="4">
              {figures.map(({ label, value, delta, shift }) => (
                <Stat.Root key={label}>
                  <Stat.Label>{label}</Stat.Label>
                  <Stat.ValueText fontSize="xl">{value}</Stat.ValueText>
                  <Stat.HelpText>
                    {delta === null
                      ? t({ id: 'dashboard.traffic.noYesterday', message: 'nothing yesterday' })
                      : t({
                          id: 'dashboard.traffic.vsYesterday',
                          message: `${shift}% on yesterday by this time`,
                        })}
                  </Stat.HelpText>
                </Stat.Root>
              ))}
            </SimpleGrid>
            <Box>
              <Heading as="h3" size="sm" mb="2">
                {t({ id: 'dashboard.traffic.last24', message: 'Bandwidth of the last 24 hours' })}
              </Heading>
              <ReadState read={trend} empty={false}>
                <Suspense fallback={<Box height="220px" />}>
                  <TrendChart
                    series={[
                      {
                        id: 'bandwidth',
                        label: t({ id: 'stats.metric.bandwidth', message: 'Bandwidth' }),
                        points: (trend.data?.points ?? []).map((p) => ({
                          x: new Date(p.at),
                          y: (p.bytes * 8) / 300,
                        })),
                      },
                    ]}
                    unit="bps"
                    locale={locale}
                    axisFormat="%H:%M"
                    markers={[]}
                    label={t({ id: 'dashboard.traffic.last24', message: 'Bandwidth of the last 24 hours' })}
                    height={220}
                  />
                </Suspense>
              </ReadState>
            </Box>
          </Stack>
        </ReadState>
      </Card.Body>
    </Card.Root>
  );
}

import { Box, Card, Heading, HStack, Link, SimpleGrid, Stack, Stat } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { figureLabels } from './labels';
import { change, figureOf, formatValue, signedPercent } from './metrics';
import type { FigureId } from './views';
import { ChartSpace } from './chart-space';
import { ReadState } from './read-state';
import { ReadStatus } from './read-status';
import { statsDayStart } from './range';
import { useSeries, withReads } from './use-reads';
import { useCall } from '../../sync/reads';
import { BillingLine } from './billing-line';

const TrendChart = lazy(() => import('./charts').then((m) => ({ default: m.TrendChart })));

const dayMs = 86_400_000;

/** spec §2 dashboard content: bandwidth peak, total flow, hit rate, requests, QPS peak. */
const cardFigures: FigureId[] = ['peakBandwidth', 'totalFlow', 'hitRate', 'totalRequests', 'peakQps'];

/**
 * The overview's traffic (spec §2 dashboard content): bandwidth peak, flow, hit rate and QPS peak
 * of today against yesterday, the last 24 hours' bandwidth, the billing mode and what is billed
 * so far (spec §9: by the account's billing type).
 */
export const TrafficCard = withReads(TrafficBody);

function TrafficBody() {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const now = useNow(60_000);
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const today = statsDayStart(now);
  // Today, with yesterday until this time as its previous period: one call answers both.
  const todayBody = {
    all: true,
    domain_ids: [],
    start: new Date(today).toISOString(),
    end: new Date(today + dayMs).toISOString(),
    granularity: 5 as const,
    compare: true,
  };
  const read = useSeries(todayBody, { refetchInterval: 10_000 });
  const hourStart = Math.floor(now / 3_600_000) * 3_600_000;
  const lastDay = {
    ...todayBody,
    start: new Date(hourStart - 23 * 3_600_000).toISOString(),
    end: new Date(hourStart + 3_600_000).toISOString(),
    compare: false,
  };
  const trend = useSeries(lastDay, { refetchInterval: 60_000 });
  const billing = useCall('billingSummary', undefined, { refetchInterval: 60_000 });
  const data = read.data;
  const figures = data
    ? cardFigures.map((id) => {
        const figure = figureOf(id, data.summary);
        const delta = data.previous ? change(figure.value, figureOf(id, data.previous.summary).value) : null;
        return {
          label: i18n._(figureLabels[id]),
          value: formatValue(figure.value, figure.unit, locale),
          delta,
          shift: delta === null ? '' : signedPercent(delta),
        };
      })
    : [];
  return (
    <Card.Root as="section" aria-labelledby="dashboard-traffic" gridColumn={{ xl: 'span 2' }}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="md" id="dashboard-traffic">
            {t({ id: 'dashboard.traffic.title', message: 'Today’s traffic' })}
          </Heading>
          <HStack gap="3">
            <BillingLine summary={billing.data} />
            <Link href="#/cdn/statistics/bandwidth" fontSize="sm" color="fg.info">
              {t({ id: 'dashboard.traffic.more', message: 'Statistics' })}
            </Link>
            <ReadStatus online={online} />
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
                  <Stat.HelpText as="dd">
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
                <Suspense fallback={<ChartSpace height="220px" />}>
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

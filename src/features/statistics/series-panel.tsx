import { Box, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { api } from '../../api';
import type { Granularity, TopDimension, TrafficPoint, TrafficSummary } from '../../contract/traffic';
import { useRead } from '../../sync/reads';
import { formatDateTime } from '../../ui/format';
import { Pager } from '../../ui/pager';
import { figureLabels } from './figure-labels';
import { dimensionLabels, metricLabels } from './labels';
import {
  change,
  dailyPeaks,
  formatValue,
  metrics,
  signedPercent,
  summaryFigures,
  type Unit,
} from './metrics';
import { Figures, Panel, ReadState, TopTable, useKeyLabel, type FigureItem } from './parts';
import type { BaseQuery } from './query';
import type { FigureId, SeriesView } from './views';

const TrendChart = lazy(() => import('./charts').then((m) => ({ default: m.TrendChart })));

/** A figure of the summary: its value, its unit and, for peaks, when it happened. */
function figureOf(id: FigureId, s: TrafficSummary): { value: number; unit: Unit; at?: string | null } {
  const derived = summaryFigures(s);
  switch (id) {
    case 'peakBandwidth':
      return { value: s.peak_bps, unit: 'bps', at: s.peak_at };
    case 'p95Bandwidth':
      return { value: s.p95_bps, unit: 'bps' };
    case 'totalFlow':
      return { value: s.bytes, unit: 'bytes' };
    case 'hitFlow':
      return { value: s.hit_bytes, unit: 'bytes' };
    case 'totalRequests':
      return { value: s.requests, unit: 'count' };
    case 'peakQps':
      return { value: s.peak_qps, unit: 'qps' };
    case 'hitRate':
      return { value: derived.hitRate, unit: 'percent' };
    case 'byteHitRate':
      return { value: derived.byteHitRate, unit: 'percent' };
    case 'pv':
      return { value: s.pv, unit: 'count' };
    case 'avgResponse':
      return { value: derived.responseTime, unit: 'ms' };
    case 'blocked':
      return { value: s.blocked, unit: 'count' };
    case 'blockedShare':
      return { value: derived.blockedShare, unit: 'percent' };
    case 's2xx':
    case 's3xx':
    case 's4xx':
    case 's5xx':
      return { value: s[id], unit: 'count' };
  }
}

export interface SeriesPanelProps {
  view: SeriesView;
  query: BaseQuery;
  granularity: Granularity;
  compare: boolean;
  live: boolean;
  names: ReadonlyMap<string, string>;
  /** Hours on the x axis for a day, dates for longer periods. */
  axisFormat: string;
}

/** A view drawn over time: summary figures, the chart with its markers, and the table of points. */
export function SeriesPanel({
  view,
  query,
  granularity,
  compare,
  live,
  names,
  axisFormat,
}: SeriesPanelProps) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const body = { ...query, granularity, compare };
  const read = useRead(['traffic', 'series', body], () => api.call('trafficSeries', body, { quiet: true }), {
    refetchInterval: live ? 10_000 : false,
  });
  const seconds = granularity * 60;
  const data = read.data;
  const points = data?.points ?? [];
  const empty = data !== undefined && data.summary.requests === 0 && points.every((p) => p.requests === 0);

  const figures: FigureItem[] = data
    ? view.figures.map((id) => {
        const figure = figureOf(id, data.summary);
        let help: string | undefined;
        const time = formatDateTime(figure.at);
        if (figure.at) help = t({ id: 'stats.figure.at', message: `at ${time}` });
        if (data.previous) {
          const delta = change(figure.value, figureOf(id, data.previous.summary).value);
          const shift = delta === null ? '' : signedPercent(delta);
          help = [
            help,
            delta === null
              ? t({ id: 'stats.figure.noPrevious', message: 'none in the previous period' })
              : t({
                  id: 'stats.figure.change',
                  message: `${shift}% on the previous period`,
                }),
          ]
            .filter(Boolean)
            .join(' · ');
        }
        return {
          label: i18n._(figureLabels[id]),
          value: formatValue(figure.value, figure.unit, locale),
          help,
        };
      })
    : [];

  const span = Date.parse(query.end) - Date.parse(query.start);
  const series = data
    ? [
        ...view.lines.map((id) => ({
          id,
          label: i18n._(metricLabels[id]),
          points: points.map((p) => ({ x: new Date(p.at), y: metrics[id].of(p, seconds) })),
        })),
        ...(data.previous
          ? view.lines.map((id) => {
              const metric = i18n._(metricLabels[id]);
              return {
                id: `${id}-previous`,
                label: t({
                  id: 'stats.chart.previous',
                  message: `${metric} (previous period)`,
                }),
                previous: true,
                points: data.previous!.points.map((p) => ({
                  x: new Date(Date.parse(p.at) + span),
                  y: metrics[id].of(p, seconds),
                })),
              };
            })
          : []),
      ]
    : [];
  const markers = (data?.markers ?? []).map((m) => ({
    at: new Date(m.at),
    label: `${names.get(m.domain) ?? m.domain}: ${m.command}`,
  }));
  const title = i18n._(view.title);
  const changes = markers.length;
  const latest = formatDateTime(data?.latest_at);

  return (
    <Stack gap="5">
      <Panel title={title} id="stats-chart">
        <ReadState read={read} empty={empty}>
          <Stack gap="4">
            <Figures items={figures} />
            <Suspense fallback={<Box height="320px" />}>
              <TrendChart
                series={series}
                unit={view.unit}
                locale={locale}
                axisFormat={axisFormat}
                markers={markers}
                label={t({ id: 'stats.chart.label', message: `${title} chart` })}
              />
            </Suspense>
            {markers.length > 0 ? (
              <Text fontSize="xs" color="fg.muted">
                {t({
                  id: 'stats.chart.markers',
                  message: `◆ marks a configuration change of a chosen domain (${changes} in this period).`,
                })}
              </Text>
            ) : null}
            {data?.latest_at ? (
              <Text fontSize="xs" color="fg.muted" data-testid="latest-at">
                {t({
                  id: 'stats.chart.latest',
                  message: `Newest data received ${latest}`,
                })}
              </Text>
            ) : null}
          </Stack>
        </ReadState>
      </Panel>
      {data && !empty ? (
        view.dailyPeaks ? (
          <PeakTable points={points} seconds={seconds} locale={locale} />
        ) : (
          <PointTable view={view} points={points} seconds={seconds} locale={locale} />
        )
      ) : null}
      {(view.tops ?? []).map((top) => (
        <TopPanel key={top.dimension} dimension={top.dimension} query={query} names={names} />
      ))}
    </Stack>
  );
}

type Points = readonly TrafficPoint[];

function PointTable({
  view,
  points,
  seconds,
  locale,
}: {
  view: SeriesView;
  points: Points;
  seconds: number;
  locale: string;
}) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<20 | 50 | 100>(20);
  const rows = [...points].reverse();
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pageCount);
  return (
    <Panel title={t({ id: 'stats.table.title', message: 'Details' })} id="stats-table">
      <Stack gap="3">
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t({ id: 'stats.table.time', message: 'Time' })}</Table.ColumnHeader>
                {view.lines.map((id) => (
                  <Table.ColumnHeader key={id} textAlign="end">
                    {i18n._(metricLabels[id])}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.slice((current - 1) * size, current * size).map((p) => (
                <Table.Row key={p.at}>
                  <Table.Cell>{formatDateTime(p.at)}</Table.Cell>
                  {view.lines.map((id) => (
                    <Table.Cell key={id} textAlign="end">
                      {formatValue(metrics[id].of(p, seconds), metrics[id].unit, locale)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        <Pager
          total={rows.length}
          page={current}
          pageCount={pageCount}
          sizes={[20, 50, 100] as const}
          size={size}
          onPage={setPage}
          onSize={(next) => {
            setSize(next);
            setPage(1);
          }}
        />
      </Stack>
    </Panel>
  );
}

function PeakTable({ points, seconds, locale }: { points: Points; seconds: number; locale: string }) {
  const { t } = useLingui();
  const days = dailyPeaks(points, seconds);
  return (
    <Panel title={t({ id: 'stats.peak.title', message: 'Peak of each day' })} id="stats-table">
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t({ id: 'stats.peak.day', message: 'Date' })}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {t({ id: 'stats.peak.bandwidth', message: 'Peak bandwidth' })}
              </Table.ColumnHeader>
              <Table.ColumnHeader>{t({ id: 'stats.peak.at', message: 'Peak time' })}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {t({ id: 'stats.table.flow', message: 'Flow' })}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {t({ id: 'stats.table.requests', message: 'Requests' })}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {days.map((d) => (
              <Table.Row key={d.day}>
                <Table.Cell>{d.day}</Table.Cell>
                <Table.Cell textAlign="end">{formatValue(d.peakBps, 'bps', locale)}</Table.Cell>
                <Table.Cell>{formatDateTime(d.peakAt)}</Table.Cell>
                <Table.Cell textAlign="end">{formatValue(d.bytes, 'bytes', locale)}</Table.Cell>
                <Table.Cell textAlign="end">{formatValue(d.requests, 'count', locale)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Panel>
  );
}

/** A breakdown of the period under the chart (status codes, response-time bands, blocking). */
export function TopPanel({
  dimension,
  query,
  names,
}: {
  dimension: TopDimension;
  query: BaseQuery;
  names: ReadonlyMap<string, string>;
}) {
  const { i18n } = useLingui();
  const label = useKeyLabel(names);
  // Breakdowns are of the whole period: region and carrier do not narrow them.
  const { region: _region, carrier: _carrier, ...period } = query;
  const body = { ...period, dimension, limit: 100 };
  const read = useRead(['traffic', 'top', body], () => api.call('trafficTop', body, { quiet: true }));
  return (
    <Panel title={i18n._(dimensionLabels[dimension])} id={`stats-top-${dimension}`}>
      <ReadState read={read} empty={read.data?.rows.length === 0}>
        {read.data ? <TopTable dimension={dimension} result={read.data} label={label} /> : null}
      </ReadState>
    </Panel>
  );
}

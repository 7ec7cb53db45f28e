import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { Granularity } from '../../contract/traffic';
import { formatDateTime } from '../../ui/format';
import { figureLabels, metricLabels } from './labels';
import { change, figureOf, formatValue, metrics, signedPercent } from './metrics';
import { ChartSpace } from './chart-space';
import { Figures, type FigureItem } from './figures';
import { Panel } from './panel';
import { ReadState } from './read-state';
import type { BaseQuery } from './query';
import { chartTime } from './range';
import type { SeriesView } from './views';
import { useSeries } from './use-reads';
import { PeakTable } from './peak-table';
import { PointTable } from './point-table';
import { TopPanel } from './top-panel';

const TrendChart = lazy(() => import('./charts').then((m) => ({ default: m.TrendChart })));

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
  const read = useSeries(body, {
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
          points: points.map((p) => ({
            x: chartTime(Date.parse(p.at), granularity),
            y: metrics[id].of(p, seconds),
          })),
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
                  x: chartTime(Date.parse(p.at) + span, granularity),
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
            <Suspense fallback={<ChartSpace height="320px" />}>
              <TrendChart
                series={series}
                unit={view.unit}
                locale={locale}
                axisFormat={axisFormat}
                markers={markers}
                label={t({ id: 'stats.chart.label', message: `${title} chart` })}
                tabled
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

import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { useCall } from '../../sync/reads';
import { formatValue } from './metrics';
import { ChartSpace } from './chart-space';
import { DataTable } from './data-table';
import { Figures } from './figures';
import { Panel } from './panel';
import { ReadState } from './read-state';
import { chartTime, statsDay } from './range';
import type { BaseQuery } from './query';

const TrendChart = lazy(() => import('./charts').then((m) => ({ default: m.TrendChart })));

/** Unique visitors (distinct client addresses) and page views per day, with the estimate's error. */
export function UvPanel({ query, title }: { query: BaseQuery; title: string }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const { region: _region, carrier: _carrier, ...body } = query;
  const read = useCall('trafficUv', body);
  const data = read.data;
  const empty = data !== undefined && data.pv === 0 && data.uv === 0;
  const error = data ? (data.error * 100).toFixed(1) : '';
  return (
    <Stack gap="5">
      <Panel title={title} id="stats-chart">
        <ReadState read={read} empty={empty}>
          {data ? (
            <Stack gap="4">
              <Figures
                items={[
                  {
                    label: t({ id: 'stats.uv.total', message: 'UV of the period' }),
                    value: formatValue(data.uv, 'count', locale),
                    help: t({ id: 'stats.uv.error', message: `Estimated, within ±${error}%` }),
                  },
                  {
                    label: t({ id: 'stats.figure.pv', message: 'Total PV' }),
                    value: formatValue(data.pv, 'count', locale),
                  },
                ]}
              />
              <Suspense fallback={<ChartSpace height="320px" />}>
                <TrendChart
                  series={[
                    {
                      id: 'uv',
                      label: 'UV',
                      points: data.points.map((p) => ({ x: chartTime(Date.parse(p.at), 1440), y: p.uv })),
                    },
                  ]}
                  unit="count"
                  locale={locale}
                  axisFormat="%m-%d"
                  markers={[]}
                  label={t({ id: 'stats.chart.label', message: `${title} chart` })}
                  tabled
                />
              </Suspense>
              <Text fontSize="xs" color="fg.muted">
                {t({
                  id: 'stats.uv.note',
                  message:
                    'UV counts distinct client addresses per day; the UV of the period counts each address once, so it is less than the sum of the days.',
                })}
              </Text>
            </Stack>
          ) : null}
        </ReadState>
      </Panel>
      {data && !empty ? (
        <Panel title={t({ id: 'stats.table.title', message: 'Details' })} id="stats-table">
          <DataTable
            rows={[...data.points].reverse()}
            rowKey={(p) => p.at}
            columns={[
              {
                header: t({ id: 'stats.peak.day', message: 'Date' }),
                cell: (p) => statsDay(Date.parse(p.at)),
              },
              { header: 'UV', end: true, cell: (p) => formatValue(p.uv, 'count', locale) },
              { header: 'PV', end: true, cell: (p) => formatValue(p.pv, 'count', locale) },
            ]}
          />
        </Panel>
      ) : null}
    </Stack>
  );
}

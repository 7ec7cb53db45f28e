import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { TopDimension } from '../../contract/traffic';
import { useCall } from '../../sync/reads';
import { dimensionLabels } from './labels';
import { formatValue } from './metrics';
import { orderRows, useKeyLabel } from './parts';
import { ChartSpace } from './chart-space';
import { Figures } from './figures';
import { Panel } from './panel';
import { ReadState } from './read-state';
import { TopTable } from './top-table';
import type { BaseQuery } from './query';

const BarsChart = lazy(() => import('./charts').then((m) => ({ default: m.BarsChart })));

/** The bars drawn: the largest keys of a breakdown. */
const barsMax = 15;

export function Breakdown({
  dimension,
  measure,
  query,
  names,
}: {
  dimension: TopDimension;
  measure: 'requests' | 'bytes';
  query: BaseQuery;
  names: ReadonlyMap<string, string>;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const label = useKeyLabel(names);
  const body = { ...query, dimension, limit: 500 };
  const read = useCall('trafficTop', body);
  const data = read.data;
  const rows = data ? orderRows(dimension, data.rows) : [];
  const sorted = [...rows].sort((a, b) => b[measure] - a[measure]);
  const unit = measure === 'bytes' ? 'bytes' : 'count';
  const title = i18n._(dimensionLabels[dimension]);
  return (
    <Panel title={title} id={`stats-breakdown-${dimension}`}>
      <ReadState read={read} empty={rows.length === 0}>
        {data ? (
          <Stack gap="4">
            <Figures
              items={[
                {
                  label: t({ id: 'stats.figure.totalRequests', message: 'Total requests' }),
                  value: formatValue(data.total_requests, 'count', locale),
                },
                {
                  label: t({ id: 'stats.figure.totalFlow', message: 'Total traffic' }),
                  value: formatValue(data.total_bytes, 'bytes', locale),
                },
                {
                  label: t({ id: 'stats.breakdown.keys', message: 'Entries' }),
                  value: formatValue(rows.length, 'count', locale),
                },
              ]}
            />
            <Suspense fallback={<ChartSpace height="200px" />}>
              <BarsChart
                rows={sorted
                  .slice(0, barsMax)
                  .map((r) => ({ label: label(dimension, r.key), value: r[measure] }))}
                unit={unit}
                locale={locale}
                label={title}
              />
            </Suspense>
            <TopTable dimension={dimension} result={data} label={label} />
          </Stack>
        ) : null}
      </ReadState>
    </Panel>
  );
}

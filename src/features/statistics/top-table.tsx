import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { TopDimension, TrafficTopResult } from '../../contract/traffic';
import { dimensionLabels } from './labels';
import { formatValue, ratio, type Unit } from './metrics';
import { DataTable } from './data-table';
import { orderRows, usePages } from './parts';

/** A ranking table: rank, key, requests and flow with their shares. */
export function TopTable({
  dimension,
  result,
  label,
}: {
  dimension: TopDimension;
  result: TrafficTopResult;
  label: (dimension: TopDimension, key: string) => string;
}) {
  const { t, i18n } = useLingui();
  const { shown, offset, pager } = usePages(orderRows(dimension, result.rows));
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const fmt = (v: number, unit: Unit) => formatValue(v, unit, locale);
  return (
    <Stack gap="3">
      <DataTable
        rows={shown}
        rowKey={(row) => row.key}
        columns={[
          {
            header: t({ id: 'stats.table.rank', message: 'Rank' }),
            width: '64px',
            cell: (_, i) => offset + i + 1,
          },
          {
            header: i18n._(dimensionLabels[dimension]),
            long: true,
            cell: (row) => label(dimension, row.key),
          },
          {
            header: t({ id: 'stats.table.requests', message: 'Requests' }),
            end: true,
            cell: (row) => fmt(row.requests, 'count'),
          },
          {
            header: t({ id: 'stats.table.requestShare', message: 'Share of requests' }),
            end: true,
            cell: (row) => fmt(ratio(row.requests, result.total_requests), 'percent'),
          },
          {
            header: t({ id: 'stats.table.flow', message: 'Traffic' }),
            end: true,
            cell: (row) => fmt(row.bytes, 'bytes'),
          },
          {
            header: t({ id: 'stats.table.flowShare', message: 'Share of traffic' }),
            end: true,
            cell: (row) => fmt(ratio(row.bytes, result.total_bytes), 'percent'),
          },
        ]}
      />
      {pager}
    </Stack>
  );
}

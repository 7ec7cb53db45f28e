import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { TrafficPoint } from '../../contract/traffic';
import { formatDateTime } from '../../ui/format';
import { metricLabels } from './labels';
import { formatValue, metrics } from './metrics';
import { usePages } from './parts';
import { DataTable } from './data-table';
import { Panel } from './panel';
import type { SeriesView } from './views';

export type Points = readonly TrafficPoint[];

export function PointTable({
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
  const { shown, pager } = usePages([...points].reverse());
  return (
    <Panel title={t({ id: 'stats.table.title', message: 'Details' })} id="stats-table">
      <Stack gap="3">
        <DataTable
          rows={shown}
          rowKey={(p) => p.at}
          columns={[
            { header: t({ id: 'stats.table.time', message: 'Time' }), cell: (p) => formatDateTime(p.at) },
            ...view.lines.map((id) => ({
              header: i18n._(metricLabels[id]),
              end: true,
              cell: (p: TrafficPoint) => formatValue(metrics[id].of(p, seconds), metrics[id].unit, locale),
            })),
          ]}
        />
        {pager}
      </Stack>
    </Panel>
  );
}

import { useLingui } from '@lingui/react/macro';
import { formatDateTime } from '../../ui/format';
import { dailyPeaks, formatValue } from './metrics';
import { DataTable } from './data-table';
import { Panel } from './panel';
import type { Points } from './point-table';

export function PeakTable({ points, seconds, locale }: { points: Points; seconds: number; locale: string }) {
  const { t } = useLingui();
  return (
    <Panel title={t({ id: 'stats.peak.title', message: 'Peak of each day' })} id="stats-table">
      <DataTable
        rows={dailyPeaks(points, seconds)}
        rowKey={(d) => d.day}
        columns={[
          { header: t({ id: 'stats.peak.day', message: 'Date' }), cell: (d) => d.day },
          {
            header: t({ id: 'stats.peak.bandwidth', message: 'Peak bandwidth' }),
            end: true,
            cell: (d) => formatValue(d.peakBps, 'bps', locale),
          },
          { header: t({ id: 'stats.peak.at', message: 'Peak time' }), cell: (d) => formatDateTime(d.peakAt) },
          {
            header: t({ id: 'stats.table.flow', message: 'Traffic' }),
            end: true,
            cell: (d) => formatValue(d.bytes, 'bytes', locale),
          },
          {
            header: t({ id: 'stats.table.requests', message: 'Requests' }),
            end: true,
            cell: (d) => formatValue(d.requests, 'count', locale),
          },
        ]}
      />
    </Panel>
  );
}

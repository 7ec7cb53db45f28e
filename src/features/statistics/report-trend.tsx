import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { ChartSpace } from './chart-space';
import { Panel } from './panel';
import { ReadState } from './read-state';
import type { BaseQuery } from './query';
import { chartTime } from './range';
import { useSeries } from './use-reads';

const TrendChart = lazy(() => import('./charts').then((m) => ({ default: m.TrendChart })));

/** Requests and flow of the period at the report's granularity. */
export function ReportTrend({ query, granularity }: { query: BaseQuery; granularity: 60 | 1440 }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const body = { ...query, granularity, compare: false };
  const read = useSeries(body);
  const points = read.data?.points ?? [];
  const title = t({ id: 'report.trend', message: 'Requests over the period' });
  return (
    <Panel title={title} id="report-trend">
      <ReadState read={read} empty={read.data !== undefined && read.data.summary.requests === 0}>
        <Suspense fallback={<ChartSpace height="220px" />}>
          <TrendChart
            series={[
              {
                id: 'requests',
                label: t({ id: 'stats.metric.requests', message: 'Requests' }),
                points: points.map((p) => ({ x: chartTime(Date.parse(p.at), granularity), y: p.requests })),
              },
            ]}
            unit="count"
            locale={locale}
            axisFormat={
              granularity === 60 && Date.parse(query.end) - Date.parse(query.start) <= 86_400_000
                ? '%H:%M'
                : '%m-%d'
            }
            markers={[]}
            label={title}
            height={220}
          />
        </Suspense>
      </ReadState>
    </Panel>
  );
}

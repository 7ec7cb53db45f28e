import { LogScreen } from './log-screen';
import { ReportScreen } from './report-screen';
import { StatisticsScreen } from './stats-screen';
import type { ViewId } from './views';

/** The routes of traffic data: every statistics view, the report and log download. */
export type TrafficView = ViewId | 'report' | 'log';

/**
 * The screen of a traffic route. The three screens load together, as one chunk: one download
 * for any of them, and one entry in the first load instead of three.
 */
export function TrafficScreen({
  view,
  ...props
}: {
  view: TrafficView;
  search: Record<string, unknown>;
  onSearchChange: (next: Record<string, unknown>) => void;
}) {
  if (view === 'report') return <ReportScreen {...props} />;
  if (view === 'log') return <LogScreen {...props} />;
  return <StatisticsScreen view={view} {...props} />;
}

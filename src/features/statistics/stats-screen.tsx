import { Alert } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { trafficLimits } from '../../contract/traffic';
import { ScreenPage } from '../../ui/screen-page';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { BreakdownPanel } from './breakdown-panel';
import { ReadStatus } from './read-status';
import { FilterBar, type FilterOptions } from './filter-bar';
import { statsMessages } from './messages';
import { baseQuery } from './query';
import {
  effectiveGranularity,
  granularityChoices,
  resolveRange,
  parseStatsSearch,
  stringifyStatsSearch,
  type StatsSearch,
} from './range';
import { SeriesPanel } from './series-panel';
import { useDomainNames, withReads } from './use-reads';
import { UvPanel } from './uv-panel';
import { isStatisticsType, views, type ViewId } from './views';
import { TypeTabs } from './type-tabs';

export interface StatisticsScreenProps {
  view: ViewId;
  /** The address's search, as given: the screen reads it. */
  search: Record<string, unknown>;
  onSearchChange: (next: Record<string, unknown>) => void;
}

/** Every statistics view (spec §2): the basic statistics' types, the count views, response time, attack monitor, UV. */
export const StatisticsScreen = withReads(StatisticsBody);

function StatisticsBody({ view: viewId, search: given, onSearchChange: onGiven }: StatisticsScreenProps) {
  const search = parseStatsSearch(given);
  const onSearchChange = (next: StatsSearch) => onGiven(stringifyStatsSearch(next));
  const { t, i18n } = useLingui();
  const online = useOnline();
  const now = useNow(60_000);
  const view = views[viewId];
  const domains = useDomainNames();
  const options: FilterOptions = {
    series: view.kind === 'series',
    geo: view.kind === 'series',
    domainsMax: view.kind === 'uv' ? trafficLimits.uvDomainsMax : undefined,
  };
  const range = resolveRange(search, now);
  const problem = 'problem' in range ? range.problem : null;
  const geo = options.geo === true && (search.region !== undefined || search.carrier !== undefined);
  const resolved = 'problem' in range ? null : range;
  const granularity = resolved ? effectiveGranularity(resolved, search.granularity, now, geo) : null;
  const choices = resolved ? granularityChoices(resolved, now, geo) : [];
  const query = resolved ? baseQuery(search, resolved, options.geo === true) : null;
  const isType = isStatisticsType(viewId);
  const title = isType ? t({ id: 'stats.basic.title', message: 'Basic statistics' }) : i18n._(view.title);
  const tooMany = view.kind === 'uv' && (search.domains?.length ?? 0) > trafficLimits.uvDomainsMax;
  const span = resolved ? resolved.end - resolved.start : 0;

  return (
    <ScreenPage
      title={title}
      intro={
        view.kind === 'series'
          ? t({
              id: 'stats.summary.live',
              message:
                'Days run from 00:00 China Standard Time (UTC+8). Today’s figures refresh every 10 seconds.',
            })
          : t({ id: 'stats.summary.days', message: 'Days run from 00:00 China Standard Time (UTC+8).' })
      }
      actions={<ReadStatus online={online} />}
    >
      {isType ? <TypeTabs current={viewId} search={search} /> : null}
      <FilterBar
        search={search}
        onChange={onSearchChange}
        domains={domains.lists}
        options={options}
        granularities={choices}
        granularity={granularity}
        now={now}
      />
      {problem || tooMany ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>
            {i18n._(
              tooMany
                ? statsMessages.uvTooMany
                : problem === 'range.tooLong'
                  ? statsMessages.rangeTooLong
                  : statsMessages.timeRequired,
            )}
          </Alert.Title>
        </Alert.Root>
      ) : query && resolved && granularity !== null ? (
        view.kind === 'series' ? (
          <SeriesPanel
            key={viewId}
            view={view}
            query={query}
            granularity={granularity}
            compare={search.compare === true}
            live={resolved.live}
            names={domains.names}
            axisFormat={span <= 86_400_000 ? '%H:%M' : '%m-%d'}
          />
        ) : view.kind === 'breakdown' ? (
          <BreakdownPanel key={viewId} view={view} query={query} names={domains.names} />
        ) : (
          <UvPanel key={viewId} query={query} title={i18n._(view.title)} />
        )
      ) : null}
    </ScreenPage>
  );
}

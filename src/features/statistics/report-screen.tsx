import { HStack, NativeSelect, Tabs, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { finestGranularity } from '../../contract/traffic';
import { ScreenPage } from '../../ui/screen-page';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { FilterBar } from './filter-bar';
import { dimensionLabels } from './labels';
import { statsMessages } from './messages';
import { ReadStatus } from './read-status';
import { baseQuery } from './query';
import { parseStatsSearch, resolveRange, stringifyStatsSearch, type StatsSearch } from './range';
import { useDomainNames, withReads } from './use-reads';
import { UvPanel } from './uv-panel';
import { ReportTable } from './report-table';
import { ReportTrend } from './report-trend';

/**
 * The report's tabs (spec §2 report page): region access, top URL, IP, referer, domain, UA, the
 * sub-accounts (each over the domains it reaches) and PV/UV.
 */
const reportTabs = ['region', 'url', 'client', 'referer', 'domain', 'ua', 'sub_account', 'pvuv'] as const;
type ReportTab = (typeof reportTabs)[number];

export interface ReportScreenProps {
  /** The address's search, as given: the screen reads it. */
  search: Record<string, unknown>;
  onSearchChange: (next: Record<string, unknown>) => void;
}

export const ReportScreen = withReads(ReportBody);

function ReportBody({ search: given, onSearchChange: onGiven }: ReportScreenProps) {
  const search = parseStatsSearch(given);
  const onSearchChange = (next: StatsSearch) => onGiven(stringifyStatsSearch(next));
  const { t, i18n } = useLingui();
  const online = useOnline();
  const now = useNow(60_000);
  const domains = useDomainNames();
  const [tab, setTab] = useState<ReportTab>('region');
  const [hourly, setHourly] = useState(true);
  const range = resolveRange(search, now);
  const resolved = 'problem' in range ? null : range;
  const query = resolved ? baseQuery(search, resolved, false) : null;
  // spec §2: the report's granularity is the day or the hour; long periods are drawn by the day.
  const hourAllowed = resolved !== null && finestGranularity(resolved.end - resolved.start) <= 60;
  const granularity = hourly && hourAllowed ? 60 : 1440;
  return (
    <ScreenPage
      title={t({ id: 'report.title', message: 'Reports' })}
      intro={t({
        id: 'report.summary',
        message:
          'The busiest regions, URLs, client IPs, referers, domains, user agents and sub-accounts of a period, to view or export.',
      })}
      actions={<ReadStatus online={online} />}
    >
      <FilterBar
        search={search}
        onChange={onSearchChange}
        domains={domains.lists}
        options={{}}
        granularities={[]}
        granularity={null}
        now={now}
      />
      <HStack gap="2">
        <Text fontSize="sm" color="fg.muted">
          {t({ id: 'stats.filter.granularity', message: 'Granularity' })}
        </Text>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label={t({ id: 'stats.filter.granularity', message: 'Granularity' })}
            value={granularity === 60 ? 'hour' : 'day'}
            onChange={(e) => setHourly(e.target.value === 'hour')}
          >
            {hourAllowed ? (
              <option value="hour">{t({ id: 'report.granularity.hour', message: 'Hour' })}</option>
            ) : null}
            <option value="day">{t({ id: 'report.granularity.day', message: 'Day' })}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      {'problem' in range ? (
        <Text color="fg.error" role="alert">
          {i18n._(
            range.problem === 'range.tooLong' ? statsMessages.rangeTooLong : statsMessages.timeRequired,
          )}
        </Text>
      ) : query ? (
        <>
          <ReportTrend query={query} granularity={granularity} />
          <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as ReportTab)} variant="line" lazyMount>
            <Tabs.List flexWrap="wrap">
              {reportTabs.map((id) => (
                <Tabs.Trigger key={id} value={id}>
                  {id === 'pvuv' ? 'PV/UV' : i18n._(dimensionLabels[id])}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {reportTabs.map((id) => (
              <Tabs.Content key={id} value={id}>
                {id === 'pvuv' ? (
                  <UvPanel query={query} title="PV/UV" />
                ) : (
                  <ReportTable dimension={id} query={query} names={domains.names} online={online} />
                )}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </>
      ) : null}
    </ScreenPage>
  );
}

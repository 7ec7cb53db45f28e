import { Button, Group, HStack, NativeSelect, Stack, Tabs, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { api, isApiError } from '../../api';
import { limits } from '../../contract/limits';
import { finestGranularity, trafficPaths, type TopDimension, type TopOrder } from '../../contract/traffic';
import { useAppState } from '../../ui/app-state';
import { useCall } from '../../sync/reads';
import { ScreenPage } from '../../ui/screen-page';
import { downloadBlob } from '../../ui/download';
import { ExportButtons, type ExportFormat } from '../../ui/export-buttons';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { FilterBar } from './filter-bar';
import { dimensionLabels } from './labels';
import { statsMessages } from './messages';
import { ChartSpace, Panel, ReadState, ReadStatus, TopTable, useKeyLabel } from './parts';
import { baseQuery, type BaseQuery } from './query';
import { chartTime, parseStatsSearch, resolveRange, stringifyStatsSearch, type StatsSearch } from './range';
import { useDomainNames, useSeries, withReads } from './use-reads';
import { UvPanel } from './uv-panel';

const BarsChart = lazy(() => import('./charts').then((m) => ({ default: m.BarsChart })));
const TrendChart = lazy(() => import('./charts').then((m) => ({ default: m.TrendChart })));

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

/** Requests and flow of the period at the report's granularity. */
function ReportTrend({ query, granularity }: { query: BaseQuery; granularity: 60 | 1440 }) {
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

function ReportTable({
  dimension,
  query,
  names,
  online,
}: {
  dimension: TopDimension;
  query: BaseQuery;
  names: ReadonlyMap<string, string>;
  online: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const label = useKeyLabel(names);
  const [mode, setMode] = useState<'list' | 'chart'>('list');
  // spec §6: an account with the top-URL-type permission may rank its top URLs by traffic.
  const { isTopUrlType } = useAppState();
  const rankable = dimension === 'url' && isTopUrlType;
  const [order, setOrder] = useState<TopOrder>('requests');
  const body = { ...query, dimension, order: rankable ? order : 'requests', limit: limits.exportRowsMax };
  const read = useCall('trafficTop', body);
  const rows = read.data?.rows ?? [];
  const title = i18n._(dimensionLabels[dimension]);

  const download = async (format: ExportFormat) => {
    const language = i18n.locale === 'en_US' ? 'en_US' : 'zh_CN';
    // A refusal was shown already (spec §8 envelope handling).
    const file = await api
      .download(trafficPaths.reportExport, { ...body, format, language })
      .catch((error: unknown) => {
        if (isApiError(error)) return null;
        throw error;
      });
    if (file) downloadBlob(file.blob, file.fileName);
  };

  return (
    <Panel
      title={title}
      id={`report-${dimension}`}
      actions={
        <HStack gap="2" wrap="wrap">
          {rankable ? (
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field
                aria-label={t({ id: 'report.order', message: 'Rank by' })}
                value={order}
                onChange={(e) => setOrder(e.target.value === 'bytes' ? 'bytes' : 'requests')}
              >
                <option value="requests">
                  {t({ id: 'report.order.requests', message: 'Rank by requests' })}
                </option>
                <option value="bytes">{t({ id: 'report.order.bytes', message: 'Rank by traffic' })}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          ) : null}
          <Group attached>
            {(['list', 'chart'] as const).map((m) => (
              <Button
                key={m}
                size="sm"
                variant={mode === m ? 'solid' : 'outline'}
                colorPalette={mode === m ? 'blue' : 'gray'}
                aria-pressed={mode === m}
                onClick={() => setMode(m)}
              >
                {m === 'list'
                  ? t({ id: 'report.mode.list', message: 'List' })
                  : t({ id: 'report.mode.chart', message: 'Chart' })}
              </Button>
            ))}
          </Group>
          <ExportButtons
            online={online}
            // spec §8: nothing to export says so, without asking the server.
            nothing={rows.length === 0 ? i18n._(statsMessages.exportEmpty) : null}
            download={download}
          />
        </HStack>
      }
    >
      <ReadState read={read} empty={rows.length === 0}>
        {read.data ? (
          <Stack gap="3">
            {dimension === 'sub_account' ? (
              <Text fontSize="xs" color="fg.muted">
                {t({
                  id: 'report.subAccount.hint',
                  message:
                    'Each sub-account counts the traffic of the domains its data permission reaches; a domain several sub-accounts reach counts for each.',
                })}
              </Text>
            ) : null}
            <Text fontSize="xs" color="fg.muted">
              {i18n._(statsMessages.exportMax)}
            </Text>
            {mode === 'chart' ? (
              <Suspense fallback={<ChartSpace height="240px" />}>
                <BarsChart
                  rows={rows.slice(0, 20).map((r) => ({
                    label: label(dimension, r.key),
                    value: body.order === 'bytes' ? r.bytes : r.requests,
                  }))}
                  unit={body.order === 'bytes' ? 'bytes' : 'count'}
                  locale={locale}
                  label={title}
                />
              </Suspense>
            ) : (
              <TopTable dimension={dimension} result={read.data} label={label} />
            )}
          </Stack>
        ) : null}
      </ReadState>
    </Panel>
  );
}

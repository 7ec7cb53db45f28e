import { Button, Checkbox, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { retentionDays, trafficLimits } from '../../contract/traffic';
import { useCall } from '../../sync/reads';
import { downloadUrl } from '../../ui/download';
import { formatDateTime } from '../../ui/format';
import { useSelection } from '../../ui/use-selection';
import { ScreenPage } from '../../ui/screen-page';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { DomainPicker } from './domain-picker';
import { DayRange } from './filter-bar';
import { presetLabels } from './labels';
import { formatValue } from './metrics';
import { statsMessages } from './messages';
import { DataTable, Panel, ReadState, ReadStatus } from './parts';
import { dayStartOf, statsDay } from './range';
import { parseLogSearch, type LogSearch } from './search';
import { useDomainNames, withReads } from './use-reads';

export interface LogScreenProps {
  /** The address's search, as given: the screen reads it. */
  search: Record<string, unknown>;
  onSearchChange: (next: Record<string, unknown>) => void;
}

/** Log download (spec §2): a domain's hourly log files over whole days, downloaded by short-lived signed links. */
export const LogScreen = withReads(LogBody);

const dayMs = 86_400_000;

function LogBody({ search: given, onSearchChange: onGiven }: LogScreenProps) {
  const search = parseLogSearch(given);
  const onSearchChange = (next: LogSearch) =>
    onGiven(Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined)));
  const { t, i18n } = useLingui();
  const online = useOnline();
  const now = useNow(15_000);
  const domains = useDomainNames();
  const today = statsDay(now);
  const keptDays = retentionDays.rawLogs;
  const oldest = statsDay(now - retentionDays.rawLogs * dayMs);
  const from = search.from ?? today;
  const to = search.to ?? today;
  const start = dayStartOf(from);
  const end = dayStartOf(to) + dayMs;
  const problem = !search.domain
    ? statsMessages.domainRequired
    : !(end > start)
      ? statsMessages.timeRequired
      : end - start > trafficLimits.logDaysMax * dayMs
        ? statsMessages.logRangeTooLong
        : null;
  const set = (patch: Partial<LogSearch>) => onSearchChange({ ...search, ...patch });
  const presets: [string, string, string][] = [
    [i18n._(presetLabels.today), today, today],
    [i18n._(presetLabels.yesterday), statsDay(now - dayMs), statsDay(now - dayMs)],
    [i18n._(presetLabels['7d']), statsDay(now - 6 * dayMs), today],
  ];
  return (
    <ScreenPage
      title={t({ id: 'log.title', message: 'Log download' })}
      intro={t({
        id: 'log.summary',
        message: plural(keptDays, {
          one: 'Access logs are kept as one gzip file per domain and hour for # day. Download links work for 5 minutes.',
          other:
            'Access logs are kept as one gzip file per domain and hour for # days. Download links work for 5 minutes.',
        }),
      })}
      actions={<ReadStatus online={online} />}
    >
      <HStack
        gap="3"
        wrap="wrap"
        role="search"
        aria-label={t({ id: 'stats.filter.label', message: 'Query' })}
      >
        <DomainPicker
          single
          domains={domains.lists}
          chosen={search.domain ? [search.domain] : undefined}
          onChange={(chosen) => set({ domain: chosen?.[0] })}
        />
        {presets.map(([label, f, tt]) => (
          <Button
            key={label}
            size="sm"
            variant={from === f && to === tt ? 'solid' : 'outline'}
            colorPalette={from === f && to === tt ? 'blue' : 'gray'}
            aria-pressed={from === f && to === tt}
            onClick={() => set({ from: f, to: tt })}
          >
            {label}
          </Button>
        ))}
        <DayRange from={from} to={to} min={oldest} max={today} onChange={(range) => set(range)} />
      </HStack>
      {problem ? (
        <Text color={search.domain ? 'fg.error' : 'fg.muted'} role={search.domain ? 'alert' : 'status'}>
          {i18n._(problem)}
        </Text>
      ) : (
        <LogFiles
          domainId={search.domain!}
          start={new Date(start).toISOString()}
          end={new Date(end).toISOString()}
          now={now}
          online={online}
        />
      )}
    </ScreenPage>
  );
}

function LogFiles({
  domainId,
  start,
  end,
  now,
  online,
}: {
  domainId: string;
  start: string;
  end: string;
  now: number;
  online: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const body = { domain_id: domainId, start, end };
  const read = useCall('logFiles', body);
  const { selected: chosen, select, selectMany, clear } = useSelection();
  const files = read.data?.files ?? [];
  const expired = read.data ? Date.parse(read.data.expires_at) <= now + 5_000 : false;
  const usable = online && !expired;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  const size = formatValue(total, 'bytes', locale);
  const fileCount = files.length;
  const count = chosen.size;
  const until = read.data ? formatDateTime(read.data.expires_at) : '';

  /** Starts one download per chosen file, a moment apart (browsers allow several from one click). */
  const downloadChosen = async () => {
    for (const file of files.filter((f) => chosen.has(f.name))) {
      downloadUrl(file.url, file.name);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
  };

  return (
    <Panel
      title={t({ id: 'log.files', message: 'Log files' })}
      id="log-files"
      actions={
        <HStack gap="3" wrap="wrap">
          {read.data && files.length > 0 ? (
            <Text fontSize="sm" color={expired ? 'fg.warning' : 'fg.muted'}>
              {expired
                ? t({
                    id: 'log.link.expired',
                    message: 'The download link has expired. Refresh the list and download again.',
                  })
                : t({
                    id: 'log.link.until',
                    message: `Links work until ${until}`,
                  })}
            </Text>
          ) : null}
          {expired ? (
            <Button size="sm" variant="outline" disabled={!online} onClick={read.refetch}>
              {t({ id: 'log.link.renew', message: 'Renew links' })}
            </Button>
          ) : null}
          <Button
            size="sm"
            colorPalette="blue"
            disabled={!usable || chosen.size === 0}
            onClick={() => void downloadChosen()}
          >
            {t({ id: 'log.downloadChosen', message: `Download chosen (${count})` })}
          </Button>
        </HStack>
      }
    >
      <ReadState read={read} empty={files.length === 0}>
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'log.count',
              message: plural(fileCount, {
                one: `# file, ${size} compressed`,
                other: `# files, ${size} compressed`,
              }),
            })}
          </Text>
          <DataTable
            rows={files}
            rowKey={(file) => file.name}
            columns={[
              {
                header: (
                  <Checkbox.Root
                    size="sm"
                    checked={
                      chosen.size > 0 && chosen.size === files.length
                        ? true
                        : chosen.size > 0
                          ? 'indeterminate'
                          : false
                    }
                    onCheckedChange={(e) =>
                      e.checked === true
                        ? selectMany(
                            files.map((f) => f.name),
                            true,
                          )
                        : clear()
                    }
                  >
                    <Checkbox.HiddenInput
                      aria-label={t({ id: 'log.chooseAll', message: 'Choose every file' })}
                    />
                    <Checkbox.Control />
                  </Checkbox.Root>
                ),
                width: '40px',
                cell: ({ name }) => (
                  <Checkbox.Root
                    size="sm"
                    checked={chosen.has(name)}
                    onCheckedChange={(e) => select(name, e.checked === true)}
                  >
                    <Checkbox.HiddenInput aria-label={t({ id: 'log.choose', message: `Choose ${name}` })} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                ),
              },
              { header: t({ id: 'log.hour', message: 'Hour' }), cell: (file) => formatDateTime(file.hour) },
              { header: t({ id: 'log.name', message: 'File' }), long: true, cell: (file) => file.name },
              {
                header: t({ id: 'log.size', message: 'Size' }),
                end: true,
                cell: (file) => formatValue(file.size, 'bytes', locale),
              },
              {
                header: t({ id: 'log.action', message: 'Action' }),
                cell: (file) =>
                  usable ? (
                    <Link href={file.url} download={file.name} color="blue.600">
                      {t({ id: 'log.download', message: 'Download' })}
                    </Link>
                  ) : (
                    <Text as="span" color="fg.muted">
                      {t({ id: 'log.download', message: 'Download' })}
                    </Text>
                  ),
              },
            ]}
          />
        </Stack>
      </ReadState>
    </Panel>
  );
}

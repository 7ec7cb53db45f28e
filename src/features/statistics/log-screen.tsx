import { Button, Checkbox, HStack, Input, Link, Stack, Table, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api';
import { retentionDays, trafficLimits } from '../../contract/traffic';
import { ReadsProvider, useRead } from '../../sync/reads';
import { formatDateTime } from '../../ui/format';
import { ScreenHeader } from '../../ui/screen-header';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { DomainPicker } from './domain-picker';
import { presetLabels } from './labels';
import { formatValue } from './metrics';
import { statsMessages } from './messages';
import { Panel, ReadState, ReadStatus } from './parts';
import { dayStartOf, statsDay } from './range';
import { parseLogSearch, type LogSearch } from './search';
import { useDomainNames, useReadAccounts } from './stats-screen';

export interface LogScreenProps {
  /** The address's search, as given: the screen reads it. */
  search: Record<string, unknown>;
  onSearchChange: (next: Record<string, unknown>) => void;
}

/** Log download (spec §2): a domain's hourly log files over whole days, downloaded by short-lived signed links. */
export function LogScreen(props: LogScreenProps) {
  return (
    <ReadsProvider accounts={useReadAccounts()}>
      <LogBody {...props} />
    </ReadsProvider>
  );
}

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
    <Stack gap="5" maxW="1400px" mx="auto">
      <ScreenHeader
        title={t({ id: 'log.title', message: 'Log download' })}
        summary={
          <Text color="fg.muted" fontSize="sm">
            {t({
              id: 'log.summary',
              message: plural(keptDays, {
                one: 'Access logs are kept as one gzip file per domain and hour for # day. Download links work for 5 minutes.',
                other:
                  'Access logs are kept as one gzip file per domain and hour for # days. Download links work for 5 minutes.',
              }),
            })}
          </Text>
        }
      >
        <ReadStatus online={online} scope="log" />
      </ScreenHeader>
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
        <Input
          type="date"
          size="sm"
          width="auto"
          min={oldest}
          max={today}
          value={from}
          aria-label={t({ id: 'stats.filter.from', message: 'Start date' })}
          onChange={(e) => set({ from: e.target.value || undefined })}
        />
        <Text aria-hidden>–</Text>
        <Input
          type="date"
          size="sm"
          width="auto"
          min={oldest}
          max={today}
          value={to}
          aria-label={t({ id: 'stats.filter.to', message: 'End date' })}
          onChange={(e) => set({ to: e.target.value || undefined })}
        />
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
    </Stack>
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
  const read = useRead(['log', 'files', body], () => api.call('logFiles', body, { quiet: true }));
  const [chosen, setChosen] = useState<Set<string>>(new Set());
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
      const link = document.createElement('a');
      link.href = file.url;
      link.download = file.name;
      document.body.append(link);
      link.click();
      link.remove();
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
          <Table.ScrollArea borderWidth="1px" borderRadius="md">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader width="40px">
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
                        setChosen(e.checked === true ? new Set(files.map((f) => f.name)) : new Set())
                      }
                    >
                      <Checkbox.HiddenInput
                        aria-label={t({ id: 'log.chooseAll', message: 'Choose every file' })}
                      />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>{t({ id: 'log.hour', message: 'Hour' })}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t({ id: 'log.name', message: 'File' })}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">
                    {t({ id: 'log.size', message: 'Size' })}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>{t({ id: 'log.action', message: 'Action' })}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {files.map(({ name, hour, size: bytes, url }) => (
                  <Table.Row key={name}>
                    <Table.Cell>
                      <Checkbox.Root
                        size="sm"
                        checked={chosen.has(name)}
                        onCheckedChange={(e) =>
                          setChosen((current) => {
                            const next = new Set(current);
                            if (e.checked === true) next.add(name);
                            else next.delete(name);
                            return next;
                          })
                        }
                      >
                        <Checkbox.HiddenInput
                          aria-label={t({ id: 'log.choose', message: `Choose ${name}` })}
                        />
                        <Checkbox.Control />
                      </Checkbox.Root>
                    </Table.Cell>
                    <Table.Cell>{formatDateTime(hour)}</Table.Cell>
                    <Table.Cell wordBreak="break-all">{name}</Table.Cell>
                    <Table.Cell textAlign="end">{formatValue(bytes, 'bytes', locale)}</Table.Cell>
                    <Table.Cell>
                      {usable ? (
                        <Link href={url} download={name} color="blue.600">
                          {t({ id: 'log.download', message: 'Download' })}
                        </Link>
                      ) : (
                        <Text as="span" color="fg.muted">
                          {t({ id: 'log.download', message: 'Download' })}
                        </Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Stack>
      </ReadState>
    </Panel>
  );
}

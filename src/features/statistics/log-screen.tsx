import { HStack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { retentionDays, trafficLimits } from '../../contract/traffic';
import { PressedButton } from '../../ui/pressed-button';
import { ScreenPage } from '../../ui/screen-page';
import { useNow } from '../../ui/use-now';
import { useOnline } from '../../ui/use-online';
import { DomainPicker } from './domain-picker';
import { DayRange } from './day-range';
import { presetLabels } from './labels';
import { statsMessages } from './messages';
import { ReadStatus } from './read-status';
import { dayStartOf, statsDay } from './range';
import { parseLogSearch, type LogSearch } from './search';
import { useDomainNames, withReads } from './use-reads';
import { LogFiles } from './log-files';

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
          <PressedButton
            key={label}
            pressed={from === f && to === tt}
            onClick={() => set({ from: f, to: tt })}
          >
            {label}
          </PressedButton>
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

import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { auditSources } from '../../contract/users';
import { FilterSelect } from '../../ui/filter-select';
import { SearchInput } from '../../ui/search-input';
import { useMirroredText } from '../../ui/use-mirrored-text';
import { actionLabels, columnLabels, sourceLabels } from './labels';
import { isFiltered, type AuditSearch } from './search';

/** How long typing may pause before the keyword is asked for. */
const keywordPauseMs = 400;

export interface AuditFiltersProps {
  search: AuditSearch;
  /** The filters changed: the list starts again at its first page. */
  onChange: (next: AuditSearch) => void;
  /** Who may have acted in the account: id and login. */
  actors: readonly { id: number; login: string }[];
  /** Today, `YYYY-MM-DD`: the last day that can be chosen. */
  today: string;
}

/** The filters of the log: keyword, actor, action, source and days. */
export function AuditFilters({ search, onChange, actors, today }: AuditFiltersProps) {
  const { t, i18n } = useLingui();
  const update = (patch: Partial<AuditSearch>) => onChange({ ...search, ...patch, page: undefined });
  // The latest filters, for the keyword written after the pause.
  const latest = useRef({ search, onChange });
  useEffect(() => {
    latest.current = { search, onChange };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const [keyword, setKeyword] = useMirroredText(
    search.keyword ?? '',
    (text) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const { search: now, onChange: change } = latest.current;
        change({ ...now, keyword: text.trim() || undefined, page: undefined });
      }, keywordPauseMs);
    },
    (text) => text.trim(),
  );

  const actions = Object.entries(actionLabels)
    .map(([name, label]) => ({ value: name, label: i18n._(label) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.locale.replace('_', '-')));
  // An action or actor named by the address but not among the choices is still shown as chosen.
  if (search.action && !Object.hasOwn(actionLabels, search.action))
    actions.unshift({ value: search.action, label: search.action });
  const actorChoices =
    search.actor && !actors.some((a) => a.id === search.actor)
      ? [...actors, { id: search.actor, login: `#${search.actor}` }]
      : actors;

  // The filters of a column, by its title: everything, or one of its values.
  const select = <K extends 'actor' | 'action' | 'source'>(
    key: K,
    minW: string,
    all: string,
    options: readonly { value: NonNullable<AuditSearch[K]>; label: string }[],
  ) => (
    <FilterSelect
      size="sm"
      minW={minW}
      label={i18n._(columnLabels[key])}
      value={search[key]}
      all={all}
      options={options}
      onChange={(value) => update({ [key]: value })}
    />
  );
  const day = (label: string, key: 'from' | 'to') => (
    <Input
      type="date"
      size="sm"
      width="auto"
      max={key === 'from' ? (search.to ?? today) : today}
      min={key === 'to' ? search.from : undefined}
      value={search[key] ?? ''}
      aria-label={label}
      onChange={(e) => update({ [key]: e.currentTarget.value || undefined })}
    />
  );

  return (
    <Stack direction={{ base: 'column', lg: 'row' }} gap="3" wrap="wrap" role="search">
      <SearchInput
        size="sm"
        flex="1"
        minW={{ lg: '240px' }}
        maxW={{ lg: '340px' }}
        value={keyword}
        onChange={setKeyword}
        label={t({ id: 'auditLog.filter.keyword', message: 'Search by object or action' })}
      />
      <HStack gap="3" wrap="wrap">
        {select(
          'actor',
          '140px',
          t({ id: 'auditLog.filter.allActors', message: 'Everyone' }),
          actorChoices.map((actor) => ({ value: actor.id, label: actor.login })),
        )}
        {select('action', '160px', t({ id: 'auditLog.filter.allActions', message: 'All actions' }), actions)}
        {select(
          'source',
          '140px',
          t({ id: 'auditLog.filter.allSources', message: 'All sources' }),
          auditSources.map((source) => ({ value: source, label: i18n._(sourceLabels[source]) })),
        )}
        <HStack gap="2">
          {day(t({ id: 'auditLog.filter.from', message: 'Start date' }), 'from')}
          <Text aria-hidden>–</Text>
          {day(t({ id: 'auditLog.filter.to', message: 'End date' }), 'to')}
        </HStack>
        {isFiltered(search) ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              clearTimeout(timer.current);
              onChange({ size: search.size });
            }}
          >
            {t({ id: 'auditLog.filter.clear', message: 'Clear filters' })}
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}

import { Button, Checkbox, Group, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import {
  carrierNames,
  carriers,
  regionNames,
  regions,
  type Carrier,
  type Granularity,
  type Region,
} from '../../contract/traffic';
import { DomainPicker, type DomainName } from './domain-picker';
import { granularityLabels, placeName, presetLabels } from './labels';
import { presets, statsDay, type StatsSearch } from './range';

export interface FilterOptions {
  /** The view draws points over time: granularity and comparison apply. */
  series?: boolean;
  /** Region and carrier filters apply. */
  geo?: boolean;
  /** The most domains that may be ticked (UV views). */
  domainsMax?: number;
}

interface FilterBarProps {
  search: StatsSearch;
  onChange: (next: StatsSearch) => void;
  domains: readonly DomainName[];
  options: FilterOptions;
  /** The granularities the period allows, and the one drawn. */
  granularities: readonly Granularity[];
  granularity: Granularity | null;
  now: number;
}

/** The query of a statistics view: domains, period, granularity, region, carrier, comparison. */
export function FilterBar({
  search,
  onChange,
  domains,
  options,
  granularities,
  granularity,
  now,
}: FilterBarProps) {
  const { t, i18n } = useLingui();
  const preset = search.preset ?? 'today';
  const set = (patch: Partial<StatsSearch>) => onChange({ ...search, ...patch });
  const today = statsDay(now);
  return (
    <Stack
      gap="3"
      as="form"
      role="search"
      aria-label={t({ id: 'stats.filter.label', message: 'Query' })}
      onSubmit={(e) => e.preventDefault()}
    >
      <HStack gap="3" wrap="wrap">
        <DomainPicker
          domains={domains}
          chosen={search.domains}
          max={options.domainsMax}
          onChange={(chosen) => set({ domains: chosen })}
        />
        <Group attached role="group" aria-label={t({ id: 'stats.filter.period', message: 'Period' })}>
          {presets.map((p) => (
            <Button
              key={p}
              size="sm"
              variant={preset === p ? 'solid' : 'outline'}
              colorPalette={preset === p ? 'blue' : 'gray'}
              aria-pressed={preset === p}
              onClick={() =>
                set(
                  p === 'custom'
                    ? {
                        preset: p,
                        from: search.from ?? statsDay(now - 6 * 86_400_000),
                        to: search.to ?? today,
                      }
                    : { preset: p, from: undefined, to: undefined },
                )
              }
            >
              {i18n._(presetLabels[p])}
            </Button>
          ))}
        </Group>
        {preset === 'custom' ? (
          <DayRange from={search.from} to={search.to} max={today} onChange={(range) => set(range)} />
        ) : null}
      </HStack>
      {options.series || options.geo ? (
        <HStack gap="3" wrap="wrap">
          {options.series && granularity !== null ? (
            <Select
              label={t({ id: 'stats.filter.granularity', message: 'Granularity' })}
              value={String(granularity)}
              onChange={(value) => set({ granularity: Number(value) as Granularity })}
              choices={granularities.map((g) => [String(g), i18n._(granularityLabels[g]!)])}
            />
          ) : null}
          {options.geo ? (
            <>
              <Select
                label={t({ id: 'stats.filter.region', message: 'Region' })}
                value={search.region ?? ''}
                onChange={(value) => set({ region: (value || undefined) as Region | undefined })}
                choices={[
                  ['', t({ id: 'stats.filter.allRegions', message: 'All regions' })],
                  ...regions.map((r): [string, string] => [r, placeName(regionNames, r, i18n.locale)]),
                ]}
              />
              <Select
                label={t({ id: 'stats.filter.carrier', message: 'Carrier' })}
                value={search.carrier ?? ''}
                onChange={(value) => set({ carrier: (value || undefined) as Carrier | undefined })}
                choices={[
                  ['', t({ id: 'stats.filter.allCarriers', message: 'All carriers' })],
                  ...carriers.map((c): [string, string] => [c, placeName(carrierNames, c, i18n.locale)]),
                ]}
              />
            </>
          ) : null}
          {options.series ? (
            <Checkbox.Root
              checked={search.compare === true}
              onCheckedChange={(e) => set({ compare: e.checked === true || undefined })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {t({ id: 'stats.filter.compare', message: 'Compare with the previous period' })}
              </Checkbox.Label>
            </Checkbox.Root>
          ) : null}
        </HStack>
      ) : null}
    </Stack>
  );
}

function Select({
  label,
  value,
  onChange,
  choices,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: readonly (readonly [string, string])[];
}) {
  return (
    <HStack gap="2">
      <Text fontSize="sm" color="fg.muted" aria-hidden>
        {label}
      </Text>
      <NativeSelect.Root size="sm" width="auto">
        <NativeSelect.Field aria-label={label} value={value} onChange={(e) => onChange(e.target.value)}>
          {choices.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  );
}

/** Two days, both included (`YYYY-MM-DD`), between `min` and `max`. */
export function DayRange({
  from,
  to,
  min,
  max,
  onChange,
}: {
  from: string | undefined;
  to: string | undefined;
  min?: string;
  max: string;
  onChange: (range: { from?: string; to?: string }) => void;
}) {
  const { t } = useLingui();
  const day = (label: string, value: string | undefined, key: 'from' | 'to') => (
    <Input
      type="date"
      size="sm"
      width="auto"
      min={min}
      max={max}
      value={value ?? ''}
      aria-label={label}
      onChange={(e) => onChange({ [key]: e.target.value || undefined })}
    />
  );
  return (
    <HStack gap="2">
      {day(t({ id: 'stats.filter.from', message: 'Start date' }), from, 'from')}
      <Text aria-hidden>–</Text>
      {day(t({ id: 'stats.filter.to', message: 'End date' }), to, 'to')}
    </HStack>
  );
}

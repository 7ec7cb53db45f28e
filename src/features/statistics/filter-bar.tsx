import { Checkbox, Group, HStack, Stack } from '@chakra-ui/react';
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
import { PressedButton } from '../../ui/pressed-button';
import { DomainPicker, type DomainName } from './domain-picker';
import { granularityLabels, placeName, presetLabels } from './labels';
import { presets, statsDay, type StatsSearch } from './range';
import { DayRange } from './day-range';
import { Select } from './select';

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
            <PressedButton
              key={p}
              pressed={preset === p}
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
            </PressedButton>
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

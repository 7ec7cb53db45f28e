import { Badge, Button, HStack, Stack } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import type { DomainGroup } from '../../../contract/domain';
import { areas, serviceTypes } from '../../../contract/dictionary';
import { LabelledSelect } from '../../../ui/labelled-select';
import { statusLabels } from '../domain-messages';
import { groupTexts } from '../groups/group-messages';
import { domainListSorts, type DomainListSearch, type DomainListSort } from '../search';
import { sortLabels } from './list-messages';
import { DictionaryFilter } from './dictionary-filter';

export interface FilterBarProps {
  status: DomainListSearch['status'];
  group: string | undefined;
  type: string | undefined;
  area: string | undefined;
  sort: DomainListSort | undefined;
  /** How many filters narrow the list, the keyword included (`activeFilterCount`). */
  activeCount: number;
  groups: readonly DomainGroup[];
  counts: ReadonlyMap<string, number>;
  total: number;
  onChange(change: Partial<DomainListSearch>): void;
  onClearFilters(): void;
  /** Tablet width: the groups' drawer (the sidebar is hidden there). */
  onManageGroups(): void;
}

/** How many filters narrow the list (the sort is no filter). */
export const activeFilterCount = (search: DomainListSearch) =>
  [search.keyword, search.status, search.group, search.type, search.area].filter((v) => v !== undefined)
    .length;

/**
 * The filters and the sort of the list, kept in the address. Its props do not change with the
 * keyword (only the count of filters does), so typing in the search box does not render it.
 */
export const FilterBar = memo(function FilterBar({
  status,
  group,
  type,
  area,
  sort,
  activeCount,
  groups,
  counts,
  total,
  onChange,
  onClearFilters,
  onManageGroups,
}: FilterBarProps) {
  const { t, i18n } = useLingui();
  const number = (n: number) => i18n.number(n);

  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        <HStack gap="2" hideFrom="lg">
          <LabelledSelect
            size="sm"
            label={t({ id: 'domain.list.filter.group', message: 'Group' })}
            value={group ?? ''}
            minW="150px"
            onChange={(value) => onChange({ group: value || undefined })}
          >
            <option value="">
              {i18n._(groupTexts.all)} ({number(total)})
            </option>
            <option value="none">
              {i18n._(groupTexts.none)} ({number(counts.get('none') ?? 0)})
            </option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name} ({number(counts.get(g.id) ?? 0)})
              </option>
            ))}
          </LabelledSelect>
          <Button size="sm" variant="outline" onClick={onManageGroups}>
            {t({ id: 'domain.list.manageGroups', message: 'Manage groups' })}
          </Button>
        </HStack>
        <LabelledSelect
          size="sm"
          label={t({ id: 'domain.list.filter.status', message: 'Status' })}
          value={status ?? ''}
          minW="120px"
          onChange={(value) => onChange({ status: (value || undefined) as DomainListSearch['status'] })}
        >
          <option value="">{t({ id: 'domain.list.filter.allStatuses', message: 'All statuses' })}</option>
          <option value="active">{i18n._(statusLabels.active)}</option>
          <option value="hung_up">{i18n._(statusLabels.hung_up)}</option>
        </LabelledSelect>
        <DictionaryFilter
          label={t({ id: 'domain.list.filter.type', message: 'Service type' })}
          all={t({ id: 'domain.list.filter.allTypes', message: 'All service types' })}
          dictionary="service_type"
          codes={serviceTypes}
          value={type}
          onChange={(value) => onChange({ type: value })}
        />
        <DictionaryFilter
          label={t({ id: 'domain.list.filter.area', message: 'Acceleration area' })}
          all={t({ id: 'domain.list.filter.allAreas', message: 'All areas' })}
          dictionary="area"
          codes={areas}
          value={area}
          onChange={(value) => onChange({ area: value })}
        />
        <LabelledSelect
          size="sm"
          label={t({ id: 'domain.list.sort', message: 'Sort' })}
          value={sort ?? 'newest'}
          minW="130px"
          onChange={(value) => onChange({ sort: value as DomainListSort })}
        >
          {domainListSorts.map((s) => (
            <option key={s} value={s}>
              {i18n._(sortLabels[s])}
            </option>
          ))}
        </LabelledSelect>
      </HStack>
      {activeCount > 0 ? (
        <HStack gap="2" role="status">
          <Badge colorPalette="blue" variant="subtle">
            {t({
              id: 'domain.list.filtersActive',
              message: plural(activeCount, { one: '# filter applied', other: '# filters applied' }),
            })}
          </Badge>
          <Button size="xs" variant="ghost" colorPalette="blue" onClick={onClearFilters}>
            {t({ id: 'domain.list.clearFilters', message: 'Clear filters' })}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
});

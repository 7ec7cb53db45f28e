import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { Read } from '../../sync/reads';
import { GrantList } from '../../ui/grant-list';
import { GrantPicker } from '../../ui/grant-picker';

interface DomainChoiceProps {
  value: { all: boolean; ids: string[] };
  onChange: (value: { all: boolean; ids: string[] }) => void;
  /** Domain id → name. */
  names: ReadonlyMap<string, string>;
  read: Read<unknown>;
  /** The rule's text when the choice breaks it. */
  error: string | null;
}

/**
 * The domains a token reaches (within its user's data permission): all of them, including those
 * added later, or the ones ticked in a searchable list.
 */
export function DomainChoice({ value, onChange, names, read, error }: DomainChoiceProps) {
  const { t } = useLingui();
  const options = useMemo(
    () => [...names].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label)),
    [names],
  );
  return (
    <GrantPicker
      legend={t({ id: 'token.form.domains', message: 'Domains' })}
      hint={t({
        id: 'token.form.domainsHint',
        message:
          "Within its user's data permission: a sub-account's token never reaches more than the sub-account.",
      })}
      allLabel={t({ id: 'token.form.domainsAll', message: 'All domains, including those added later' })}
      someLabel={t({ id: 'token.form.domainsSome', message: 'Selected domains' })}
      value={value}
      onChange={onChange}
      error={error}
      list={
        <GrantList
          options={options}
          read={read}
          ids={value.ids}
          onChange={(ids) => onChange({ ...value, ids })}
          goneLabel={t({ id: 'token.form.domainGone', message: 'A deleted domain' })}
          searchLabel={t({ id: 'token.form.domainsSearch', message: 'Search domains' })}
          emptyLabel={t({ id: 'token.form.domainsNone', message: 'The account has no domains yet.' })}
          countText={(count) =>
            t({
              id: 'token.form.domainsTicked',
              message: plural(count, { one: '# domain chosen', other: '# domains chosen' }),
            })
          }
        />
      }
    />
  );
}

import { Stack } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { SectionContent } from '../../../contract/domain-config';
import { listModes, refererMatches } from '../../../contract/rules/domain-config';
import { LinesField, SelectField, ToggleField } from './fields';
import { FieldGrid } from './field-grid';
import { fieldLabel } from './labels';
import { choices } from './rule-columns';
import type { SectionFormProps } from './section-card';

type AccessContent = SectionContent<'domainAccess'>;

/** What "empty" is for each list (spec §3 allow-empty flag). */
const allowEmptyLabels: Record<keyof AccessContent, MessageDescriptor> = {
  ip: msg({ id: 'domainConfig.ip.allowEmpty', message: 'Allow clients without an IPv4 address (IPv6)' }),
  ua: msg({ id: 'domainConfig.ua.allowEmpty', message: 'Allow requests without a User-Agent' }),
  referer: msg({ id: 'domainConfig.field.allowEmpty', message: 'Allow empty referer' }),
};
function AccessList<L extends keyof AccessContent>({
  list,
  value,
  onChange,
  onSwitchOff,
  issues,
  hint,
}: SectionFormProps<'domainAccess'> & { list: L; hint: string }) {
  const { i18n } = useLingui();
  const current = value[list];
  const set = (next: Partial<AccessContent[L]>) => onChange({ ...value, [list]: { ...current, ...next } });
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
      <ToggleField
        label={fieldLabel(list, i18n)}
        checked={current.enabled}
        onChange={(enabled) =>
          enabled
            ? set({ enabled } as Partial<AccessContent[L]>)
            : onSwitchOff({ ...value, [list]: { ...current, enabled } })
        }
      />
      {current.enabled ? (
        <>
          <FieldGrid>
            <SelectField
              label={fieldLabel('mode', i18n)}
              value={current.mode}
              options={choices(listModes, i18n)}
              onChange={(mode) => set({ mode } as Partial<AccessContent[L]>)}
            />
            {list === 'referer' || list === 'ua' ? (
              <SelectField
                label={fieldLabel('match', i18n)}
                // A list kept by an earlier version has no match mode: it matched within the value.
                value={(list === 'ua' ? value.ua.match : value.referer.match) ?? 'fuzzy'}
                options={choices(refererMatches, i18n)}
                onChange={(match) =>
                  list === 'ua'
                    ? onChange({ ...value, ua: { ...value.ua, match } })
                    : onChange({ ...value, referer: { ...value.referer, match } })
                }
              />
            ) : null}
          </FieldGrid>
          <ToggleField
            label={i18n._(allowEmptyLabels[list])}
            checked={current.allow_empty === true}
            onChange={(allow_empty) => set({ allow_empty } as Partial<AccessContent[L]>)}
          />
          <LinesField
            label={fieldLabel('entries', i18n)}
            values={current.entries}
            onChange={(entries) => set({ entries } as Partial<AccessContent[L]>)}
            issues={issues}
            path={`${list}.entries`}
            hint={hint}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** What each list holds, said under its entries. */
const accessHints: Record<keyof AccessContent, MessageDescriptor> = {
  ip: msg({ id: 'domainConfig.ip.hint', message: 'One IPv4 address or CIDR range per line, at most 500.' }),
  ua: msg({ id: 'domainConfig.ua.hint', message: 'One User-Agent per line, at most 100; case is ignored.' }),
  referer: msg({
    id: 'domainConfig.referer.hint',
    message: 'One domain per line without http://, at most 100; *.example.com matches its subdomains.',
  }),
};

export function AccessForm(props: SectionFormProps<'domainAccess'>) {
  const { i18n } = useLingui();
  return (
    <Stack gap="3">
      {(['ip', 'ua', 'referer'] as const).map((list) => (
        <AccessList key={list} {...props} list={list} hint={i18n._(accessHints[list])} />
      ))}
    </Stack>
  );
}

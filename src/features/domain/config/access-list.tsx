import { Stack } from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { SectionContent } from '../../../contract/domain-config';
import { listModes, refererMatches } from '../../../contract/rules/domain-config';
import { SelectField, ToggleField } from './fields';
import { LinesField } from './lines-field';
import { FieldGrid } from './field-grid';
import { fieldLabel } from './labels';
import { choices } from './rule-columns';
import type { SectionFormProps } from './section-card';

export type AccessContent = SectionContent<'domainAccess'>;

/** What "empty" is for each list (spec §3 allow-empty flag). */
const allowEmptyLabels: Record<keyof AccessContent, MessageDescriptor> = {
  ip: msg({ id: 'domainConfig.ip.allowEmpty', message: 'Allow clients without an IPv4 address (IPv6)' }),
  ua: msg({ id: 'domainConfig.ua.allowEmpty', message: 'Allow requests without a User-Agent' }),
  referer: msg({ id: 'domainConfig.field.allowEmpty', message: 'Allow empty referer' }),
};
export function AccessList<L extends keyof AccessContent>({
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

import { Field, Grid, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { areas, businessTypes, dictionary, serviceTypes } from '../../../contract/dictionary';
import { useAppState } from '../../../ui/app-state';
import type { BasicDraft } from './drafts';

export interface BasicFieldsProps {
  value: BasicDraft;
  onChange(next: BasicDraft): void;
  disabled?: boolean;
}

const groups = [
  { field: 'service_type', group: 'service_type', codes: serviceTypes },
  { field: 'area', group: 'area', codes: areas },
  { field: 'business_type', group: 'business_type', codes: businessTypes },
] as const;

/**
 * Service type, acceleration area and business type of a domain (spec §3 "Domain"), each a choice
 * among the dictionary's codes, labelled as the server's dictionary says in the user's language.
 */
export function BasicFields({ value, onChange, disabled = false }: BasicFieldsProps) {
  const { t } = useLingui();
  const { dict, language } = useAppState();
  const labels: Record<keyof BasicDraft, string> = {
    service_type: t({ id: 'domain.basic.serviceType', message: 'Service type' }),
    area: t({ id: 'domain.basic.area', message: 'Acceleration area' }),
    business_type: t({ id: 'domain.basic.businessType', message: 'Business type' }),
  };
  // The served dictionary first; before it has loaded, the contract's table (the server seeds
  // from it), then the code itself.
  const label = (group: string, code: string) =>
    dict[group]?.[code] ?? dictionary[group]?.[code]?.[language] ?? code;

  return (
    <Grid templateColumns="repeat(auto-fill, minmax(min(100%, 14rem), 1fr))" gap="4">
      {groups.map(({ field, group, codes }) => (
        <Field.Root key={field} disabled={disabled} required>
          <Field.Label>
            {labels[field]}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={value[field]}
              onChange={(e) => onChange({ ...value, [field]: e.currentTarget.value })}
            >
              {codes.map((code) => (
                <option key={code} value={code}>
                  {label(group, code)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      ))}
    </Grid>
  );
}

import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { urlAuthTypes } from '../../../contract/rules/domain-config';
import { fieldsOf, NumberField, SelectField, TextField, ToggleField } from './fields';
import { FieldGrid } from './field-grid';
import type { SectionFormProps } from './section-card';

export function UrlAuthForm({ value, onChange, onSwitchOff, issues }: SectionFormProps<'domainUrlAuth'>) {
  const { t, i18n } = useLingui();
  const field = fieldsOf(value, onChange, issues, i18n);
  return (
    <Stack gap="3">
      <ToggleField
        label={t({ id: 'domainConfig.urlAuth.enable', message: 'URL authentication' })}
        checked={value.enabled}
        onChange={(enabled) =>
          enabled ? onChange({ ...value, enabled }) : onSwitchOff({ ...value, enabled })
        }
      />
      {value.enabled ? (
        <FieldGrid>
          <SelectField
            label={t({ id: 'domainConfig.urlAuth.type', message: 'Authentication type' })}
            value={value.type}
            options={urlAuthTypes.map((type) => ({
              value: type,
              label: t({ id: 'domainConfig.urlAuth.typeName', message: `Type ${type}` }),
            }))}
            onChange={(type) => onChange({ ...value, type })}
          />
          <NumberField {...field('lifetime')} unit={t({ id: 'domainConfig.unit.seconds', message: 's' })} />
          <TextField
            {...field('primary_key')}
            hint={t({ id: 'domainConfig.urlAuth.keyHint', message: '6 to 40 letters and digits.' })}
          />
          <TextField {...field('backup_key')} />
        </FieldGrid>
      ) : null}
    </Stack>
  );
}

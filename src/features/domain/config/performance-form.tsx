import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { fieldsOf, NumberField, TextField, ToggleField } from './fields';
import { fieldLabel } from './labels';
import type { SectionFormProps } from './section-card';

export function PerformanceForm({
  value,
  onChange,
  onSwitchOff,
  issues,
}: SectionFormProps<'domainPerformance'>) {
  const { t, i18n } = useLingui();
  const compression = value.compression;
  const field = fieldsOf(value, onChange, issues, i18n);
  const compressionField = fieldsOf(
    compression,
    (next) => onChange({ ...value, compression: next }),
    issues,
    i18n,
    'compression.',
  );
  return (
    <Stack gap="4">
      <Stack gap="2" borderWidth="1px" borderRadius="md" p="3">
        <ToggleField
          label={fieldLabel('compression', i18n)}
          checked={compression.enabled}
          onChange={(enabled) => {
            const next = { ...value, compression: { ...compression, enabled } };
            if (enabled) onChange(next);
            else onSwitchOff(next);
          }}
        />
        {compression.enabled ? (
          <>
            <NumberField
              {...compressionField('min_size')}
              unit={t({ id: 'domainConfig.unit.bytes', message: 'bytes' })}
              hint={t({
                id: 'domainConfig.compression.minSizeHint',
                message: 'Files smaller than this are not compressed (1–65535).',
              })}
            />
            <TextField
              label={fieldLabel('types', i18n)}
              value={compression.types.join(',')}
              onChange={(text) =>
                onChange({
                  ...value,
                  compression: {
                    ...compression,
                    types: text
                      .split(',')
                      .map((type) => type.trim())
                      .filter((type) => type !== ''),
                  },
                })
              }
              issue={
                issues.get('compression.types') ??
                [...issues.entries()].find(([path]) => path.startsWith('compression.types.'))?.[1]
              }
              hint={t({
                id: 'domainConfig.compression.typesHint',
                message: 'File suffixes separated by commas, e.g. html,css,js.',
              })}
            />
          </>
        ) : null}
      </Stack>
      <NumberField
        {...field('post_limit_mb')}
        unit={t({ id: 'domainConfig.unit.mb', message: 'MB' })}
        hint={t({ id: 'domainConfig.post.hint', message: 'From 1 to 1024 MB; 30 MB by default.' })}
      />
    </Stack>
  );
}

import { HStack, Stack, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { redirectCodes, tlsVersions } from '../../../contract/rules/domain-config';
import { fieldsOf, NumberField, SelectField, ToggleField } from './fields';
import { FieldGrid } from './field-grid';
import { fieldLabel } from './labels';
import type { SectionFormProps } from './section-card';

export function HttpsForm({ value, onChange, onSwitchOff, issues }: SectionFormProps<'domainHttps'>) {
  const { t, i18n } = useLingui();
  const field = fieldsOf(value, onChange, issues, i18n);
  const toggle = (key: 'force_https' | 'hsts' | 'http2') => (checked: boolean) => {
    const next = { ...value, [key]: checked };
    if (key === 'force_https') next.redirect_code = checked ? (value.redirect_code ?? 301) : null;
    if (checked) onChange(next);
    else onSwitchOff(next);
  };
  return (
    <Stack gap="4">
      <Stack gap="2">
        <ToggleField
          label={fieldLabel('force_https', i18n)}
          checked={value.force_https}
          onChange={toggle('force_https')}
        />
        {value.force_https ? (
          <SelectField
            label={fieldLabel('redirect_code', i18n)}
            value={value.redirect_code ?? 301}
            options={redirectCodes.map((code) => ({ value: code, label: String(code) }))}
            onChange={(redirect_code) => onChange({ ...value, redirect_code })}
            issue={issues.get('redirect_code')}
          />
        ) : null}
      </Stack>
      <Stack gap="2">
        <ToggleField label={fieldLabel('hsts', i18n)} checked={value.hsts} onChange={toggle('hsts')} />
        {value.hsts ? (
          <FieldGrid alignItems="end">
            <NumberField
              {...field('hsts_max_age')}
              unit={t({ id: 'domainConfig.unit.seconds', message: 's' })}
            />
            <ToggleField
              label={fieldLabel('hsts_subdomains', i18n)}
              checked={value.hsts_subdomains}
              onChange={(hsts_subdomains) => onChange({ ...value, hsts_subdomains })}
            />
          </FieldGrid>
        ) : null}
      </Stack>
      <ToggleField label={fieldLabel('http2', i18n)} checked={value.http2} onChange={toggle('http2')} />
      <Stack gap="2" role="group" aria-label={fieldLabel('tls_versions', i18n)}>
        <Text fontWeight="medium">{fieldLabel('tls_versions', i18n)}</Text>
        <HStack gap="4" wrap="wrap">
          {tlsVersions.map((version) => (
            <ToggleField
              key={version}
              label={version}
              checked={value.tls_versions.includes(version)}
              onChange={(checked) =>
                onChange({
                  ...value,
                  tls_versions: tlsVersions.filter((v) =>
                    v === version ? checked : value.tls_versions.includes(v),
                  ),
                })
              }
            />
          ))}
        </HStack>
        {issues.get('tls_versions') ? (
          <Text color="fg.error" fontSize="sm" role="alert">
            {i18n._(
              msg({ id: 'domainConfig.https.tlsRequired', message: 'Keep at least one TLS version on' }),
            )}
          </Text>
        ) : null}
      </Stack>
      <Text fontSize="sm" color="fg.muted">
        {t({
          id: 'domainConfig.https.certNote',
          message:
            'The certificate in service is associated under these settings, or from the Certificates page.',
        })}
      </Text>
    </Stack>
  );
}

import { useLingui } from '@lingui/react/macro';
import { fieldsOf, NumberField } from './fields';
import type { SectionFormProps } from './section-card';

export function OriginSettingsForm({ value, onChange, issues }: SectionFormProps<'domainOrigin'>) {
  const { t, i18n } = useLingui();
  const field = fieldsOf(value, onChange, issues, i18n);
  return (
    <NumberField
      {...field('connect_timeout')}
      unit={t({ id: 'domainConfig.unit.seconds', message: 's' })}
      hint={t({ id: 'domainConfig.origin.timeoutHint', message: 'From 3 to 60 seconds; 30 by default.' })}
    />
  );
}

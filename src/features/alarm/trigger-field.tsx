import { HStack, Input } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FormField } from './form-field';
import { OptionSelect } from '../../ui/option-select';
import type { PolicyDraft } from './policy-draft';

/** When a policy alarms: its rules held for a number of consecutive periods of 1 or 5 minutes. */
export function TriggerField({
  period,
  periods,
  error,
  onChange,
}: {
  period: PolicyDraft['period'];
  periods: string;
  error: string | undefined;
  onChange: (change: Partial<Pick<PolicyDraft, 'period' | 'periods'>>) => void;
}) {
  const { t } = useLingui();
  const periodsInput = (
    <Input
      size="sm"
      w="16"
      inputMode="numeric"
      aria-label={t({ id: 'alarm.ui.trigger.periods', message: 'Consecutive periods' })}
      value={periods}
      onChange={(e) => onChange({ periods: e.currentTarget.value })}
    />
  );
  const periodSelect = (
    <OptionSelect<PolicyDraft['period']>
      size="sm"
      w="auto"
      label={t({ id: 'alarm.ui.trigger.period', message: 'Period' })}
      value={period}
      options={[
        { value: 1, label: t({ id: 'alarm.ui.trigger.oneMinute', message: '1 minute' }) },
        { value: 5, label: t({ id: 'alarm.ui.trigger.fiveMinutes', message: '5 minutes' }) },
      ]}
      onChange={(value) => onChange({ period: value })}
    />
  );
  return (
    <FormField label={t({ id: 'alarm.ui.policy.trigger', message: 'Trigger condition' })} error={error}>
      {/* One sentence with its two fields in place, so that each language orders it its own way. */}
      <HStack gap="2" flexWrap="wrap" fontSize="sm">
        <Trans id="alarm.ui.trigger.sentence">
          Held for {periodsInput} consecutive periods of {periodSelect}
        </Trans>
      </HStack>
    </FormField>
  );
}

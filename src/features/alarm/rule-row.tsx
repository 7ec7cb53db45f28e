import { HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { alarmIndicators, indicatorUnits, type AlarmRule } from '../../contract/alarm';
import { CloseIcon } from '../../ui/icons';
import { indicatorLabels } from './labels';
import { OptionSelect } from '../../ui/option-select';
import type { RuleDraft } from './policy-draft';

/** One rule of a policy: an indicator, above or below, a threshold in the indicator's unit. */
export function RuleRow({
  rule,
  error,
  onChange,
  onRemove,
}: {
  rule: RuleDraft;
  /** The threshold's message. */
  error: string | undefined;
  onChange: (change: Partial<RuleDraft>) => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useLingui();
  const unit = indicatorUnits[rule.indicator];
  return (
    <HStack gap="2" align="flex-start">
      <OptionSelect<AlarmRule['indicator']>
        size="sm"
        flex="2"
        label={t({ id: 'alarm.ui.rule.indicator', message: 'Indicator' })}
        value={rule.indicator}
        options={alarmIndicators.map((indicator) => ({
          value: indicator,
          label: i18n._(indicatorLabels[indicator]),
        }))}
        onChange={(indicator) => onChange({ indicator })}
      />
      <OptionSelect<AlarmRule['operator']>
        size="sm"
        flex="1"
        label={t({ id: 'alarm.ui.rule.operator', message: 'Comparison' })}
        value={rule.operator}
        options={[
          { value: 'gt', label: t({ id: 'alarm.ui.rule.gt', message: 'above' }) },
          { value: 'lt', label: t({ id: 'alarm.ui.rule.lt', message: 'below' }) },
        ]}
        onChange={(operator) => onChange({ operator })}
      />
      <Stack gap="0" flex="1">
        <Input
          size="sm"
          inputMode="decimal"
          aria-label={t({ id: 'alarm.ui.rule.threshold', message: 'Threshold' })}
          aria-invalid={error !== undefined}
          value={rule.threshold}
          onChange={(e) => onChange({ threshold: e.currentTarget.value })}
        />
        {error ? (
          <Text fontSize="xs" color="fg.error">
            {error}
          </Text>
        ) : (
          <Text fontSize="xs" color="fg.muted">
            {unit === 'count' ? '' : unit.replace('percent', '%')}
          </Text>
        )}
      </Stack>
      <IconButton
        size="sm"
        variant="ghost"
        aria-label={t({ id: 'alarm.ui.rule.remove', message: 'Remove rule' })}
        onClick={onRemove}
      >
        <CloseIcon />
      </IconButton>
    </HStack>
  );
}

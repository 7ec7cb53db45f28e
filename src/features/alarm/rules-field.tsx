import { Button, HStack, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { alarmLimits } from '../../contract/alarm';
import { FormField } from './form-field';
import { OptionSelect } from '../../ui/option-select';
import type { PolicyDraft, RuleDraft } from './policy-draft';
import { RuleRow } from './rule-row';

/** A policy's rules, and whether any or every one must hold when there are several. */
export function RulesField({
  rules,
  match,
  error,
  onChange,
  onAdd,
}: {
  rules: RuleDraft[];
  match: PolicyDraft['match'];
  /** The message of the rules, or of a part of them (`rules.0.threshold`). */
  error: (path: string) => string | undefined;
  onChange: (change: Partial<Pick<PolicyDraft, 'rules' | 'match'>>) => void;
  onAdd: () => void;
}) {
  const { t } = useLingui();
  return (
    <FormField label={t({ id: 'alarm.ui.policy.rules', message: 'Rules' })} error={error('rules')}>
      <Stack gap="2" w="full">
        {rules.map((rule, index) => (
          <RuleRow
            key={index}
            rule={rule}
            error={error(`rules.${index}.threshold`)}
            onChange={(change) =>
              onChange({ rules: rules.map((r, i) => (i === index ? { ...r, ...change } : r)) })
            }
            onRemove={() => onChange({ rules: rules.filter((_, i) => i !== index) })}
          />
        ))}
        <HStack>
          <Button size="sm" variant="outline" disabled={rules.length >= alarmLimits.rulesMax} onClick={onAdd}>
            {t({ id: 'alarm.ui.rule.add', message: 'Add rule' })}
          </Button>
          {rules.length > 1 ? (
            <OptionSelect<PolicyDraft['match']>
              size="sm"
              w="auto"
              label={t({ id: 'alarm.ui.rule.match', message: 'When' })}
              value={match}
              options={[
                { value: 'any', label: t({ id: 'alarm.ui.rule.any', message: 'Any rule holds' }) },
                { value: 'all', label: t({ id: 'alarm.ui.rule.all', message: 'Every rule holds' }) },
              ]}
              onChange={(value) => onChange({ match: value })}
            />
          ) : null}
        </HStack>
      </Stack>
    </FormField>
  );
}

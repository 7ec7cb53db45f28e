import { Stack } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { configLimits, headerActions } from '../../../contract/rules/domain-config';
import { RuleTable } from './rule-table';
import { columnsOf } from './rule-columns';
import type { SectionContent } from '../../../contract/domain-config';
import type { SectionFormProps } from './section-card';
import { ruleList } from './rule-list';

type HeaderRule = SectionContent<'domainHeaders'>['request'][number];

export function HeadersForm({ value, onChange, issues }: SectionFormProps<'domainHeaders'>) {
  const { i18n } = useLingui();
  return (
    <Stack gap="4">
      {(['request', 'response'] as const).map((direction) => {
        const col = columnsOf<HeaderRule>(i18n, issues, direction);
        return (
          <RuleTable<HeaderRule>
            titled
            key={direction}
            {...ruleList({ value, onChange, issues }, direction, i18n)}
            make={() => ({ action: 'set', name: '', value: '' })}
            max={configLimits.headerRulesMax}
            addLabel={msg({ id: 'domainConfig.addHeader', message: 'Add a header rule' })}
            columns={[
              col.choice('action', headerActions, (rule, action) => ({
                ...rule,
                action,
                value: action === 'delete' ? '' : rule.value,
              })),
              col.text('name', { placeholder: () => 'X-Cache' }),
              col.text('value', { hidden: (rule) => rule.action === 'delete' }),
            ]}
          />
        );
      })}
    </Stack>
  );
}

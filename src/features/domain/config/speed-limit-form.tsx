import { useLingui } from '@lingui/react/macro';
import { configLimits, speedRuleTypes } from '../../../contract/rules/domain-config';
import { RuleTable } from './rule-table';
import { columnsOf, withType } from './rule-columns';
import type { SectionContent } from '../../../contract/domain-config';
import type { SectionFormProps } from './section-card';
import { addRule, ruleList } from './rule-list';

type SpeedRule = SectionContent<'domainSpeedLimit'>['rules'][number];

export function SpeedLimitForm({ value, onChange, issues }: SectionFormProps<'domainSpeedLimit'>) {
  const { t, i18n } = useLingui();
  const col = columnsOf<SpeedRule>(i18n, issues, 'rules');
  return (
    <RuleTable<SpeedRule>
      {...ruleList({ value, onChange, issues }, 'rules', i18n)}
      make={() => ({ type: 'all', content: '', rate_kbps: 1024 })}
      max={configLimits.speedLimitRulesMax}
      addLabel={addRule}
      columns={[
        col.choice('type', speedRuleTypes, withType),
        col.text('content'),
        col.number('rate_kbps', { unit: t({ id: 'domainConfig.unit.kbps', message: 'KB/s' }) }),
      ]}
    />
  );
}

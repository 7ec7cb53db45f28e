import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { SectionContent } from '../../../contract/domain-config';
import { cacheRuleTypes, configLimits, queryModes } from '../../../contract/rules/domain-config';
import { RuleTable } from './rule-table';
import { durationText } from './labels';
import { columnsOf, withType } from './rule-columns';
import type { SectionFormProps } from './section-card';
import { addRule, ruleList } from './rule-list';

type CacheRule = SectionContent<'domainCache'>['rules'][number];
const newCacheRule = (): CacheRule => ({
  type: 'suffix',
  content: '',
  ttl: 86_400,
  priority: 10,
  ignore_no_cache: false,
  follow_origin: false,
  ignore_case: false,
  query: 'keep',
});

export function CacheForm({ value, onChange, issues }: SectionFormProps<'domainCache'>) {
  const { t, i18n } = useLingui();
  const col = columnsOf<CacheRule>(i18n, issues, 'rules');
  const seconds = t({ id: 'domainConfig.unit.seconds', message: 's' });
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        {t({
          id: 'domainConfig.cache.hint',
          message:
            'Rules apply by priority, smaller first; equal priorities in the order listed. Cache time 0 means not cached.',
        })}
      </Text>
      <RuleTable
        {...ruleList({ value, onChange, issues }, 'rules', i18n)}
        make={newCacheRule}
        max={configLimits.cacheRulesMax}
        addLabel={addRule}
        columns={[
          col.choice('type', cacheRuleTypes, withType),
          col.text('content', {
            placeholder: (rule) =>
              rule.type === 'suffix' ? 'jpg,png' : rule.type === 'all' ? '' : '/static',
          }),
          col.number('ttl', { unit: seconds, spelled: (ttl) => durationText(ttl, i18n) }),
          col.number('priority'),
          col.choice('query', queryModes),
          col.switches(t({ id: 'domainConfig.cache.options', message: 'Options' }), [
            'ignore_no_cache',
            'follow_origin',
            'ignore_case',
          ]),
        ]}
      />
    </Stack>
  );
}

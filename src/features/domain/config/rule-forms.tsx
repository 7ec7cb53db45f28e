import { Stack, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { SectionContent } from '../../../contract/domain-config';
import {
  cacheRuleTypes,
  configLimits,
  headerActions,
  queryModes,
  speedRuleTypes,
} from '../../../contract/rules/domain-config';
import { RuleTable } from './fields';
import { durationText, fieldLabel } from './labels';
import { columnsOf, withType } from './rule-columns';
import type { SectionFormProps } from './section-card';

const addRule = msg({ id: 'domainConfig.addRule', message: 'Add a rule' });

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
        label={fieldLabel('rules', i18n)}
        rules={value.rules}
        onChange={(rules) => onChange({ rules })}
        make={newCacheRule}
        max={configLimits.cacheRulesMax}
        issue={issues.get('rules')}
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
            label={fieldLabel(direction, i18n)}
            rules={value[direction]}
            onChange={(rules) => onChange({ ...value, [direction]: rules })}
            make={() => ({ action: 'set', name: '', value: '' })}
            max={configLimits.headerRulesMax}
            issue={issues.get(direction)}
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

type Rewrite = SectionContent<'domainRewrites'>['origin_url'][number];
type ErrorPage = SectionContent<'domainRewrites'>['error_pages'][number];
export function RewritesForm({ value, onChange, issues }: SectionFormProps<'domainRewrites'>) {
  const { t, i18n } = useLingui();
  const pages = columnsOf<ErrorPage>(i18n, issues, 'error_pages');
  return (
    <Stack gap="4">
      {(['origin_url', 'access_url'] as const).map((key) => {
        const col = columnsOf<Rewrite>(i18n, issues, key);
        return (
          <RuleTable<Rewrite>
            titled
            key={key}
            label={fieldLabel(key, i18n)}
            rules={value[key]}
            onChange={(rules) => onChange({ ...value, [key]: rules })}
            make={() => ({ source: '', target: '', target_domain: '' })}
            max={configLimits.rewriteRulesMax}
            issue={issues.get(key)}
            addLabel={msg({ id: 'domainConfig.addRewrite', message: 'Add a rewrite' })}
            columns={[
              col.text('source', { placeholder: () => '/old' }),
              col.text('target', { placeholder: () => '/new' }),
              col.text('target_domain', {
                placeholder: () => t({ id: 'domainConfig.rewrite.sameDomain', message: 'Same domain' }),
              }),
            ]}
          />
        );
      })}
      <RuleTable<ErrorPage>
        titled
        label={fieldLabel('error_pages', i18n)}
        rules={value.error_pages}
        onChange={(error_pages) => onChange({ ...value, error_pages })}
        make={() => ({ status: 404, target: '' })}
        max={configLimits.errorPagesMax}
        issue={issues.get('error_pages')}
        addLabel={msg({ id: 'domainConfig.addErrorPage', message: 'Add an error page' })}
        columns={[
          pages.number('status'),
          pages.text('target', { placeholder: () => 'http://{host}/404.html' }),
        ]}
      />
    </Stack>
  );
}

type SpeedRule = SectionContent<'domainSpeedLimit'>['rules'][number];
export function SpeedLimitForm({ value, onChange, issues }: SectionFormProps<'domainSpeedLimit'>) {
  const { t, i18n } = useLingui();
  const col = columnsOf<SpeedRule>(i18n, issues, 'rules');
  return (
    <RuleTable<SpeedRule>
      label={fieldLabel('rules', i18n)}
      rules={value.rules}
      onChange={(rules) => onChange({ rules })}
      make={() => ({ type: 'all', content: '', rate_kbps: 1024 })}
      max={configLimits.speedLimitRulesMax}
      issue={issues.get('rules')}
      addLabel={addRule}
      columns={[
        col.choice('type', speedRuleTypes, withType),
        col.text('content'),
        col.number('rate_kbps', { unit: t({ id: 'domainConfig.unit.kbps', message: 'KB/s' }) }),
      ]}
    />
  );
}

import { Stack } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { configLimits } from '../../../contract/rules/domain-config';
import { RuleTable } from './rule-table';
import { columnsOf } from './rule-columns';
import type { SectionContent } from '../../../contract/domain-config';
import type { SectionFormProps } from './section-card';
import { ruleList } from './rule-list';

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
            {...ruleList({ value, onChange, issues }, key, i18n)}
            make={() => ({ source: '', target: '', target_domain: '' })}
            max={configLimits.rewriteRulesMax}
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
        {...ruleList({ value, onChange, issues }, 'error_pages', i18n)}
        make={() => ({ status: 404, target: '' })}
        max={configLimits.errorPagesMax}
        addLabel={msg({ id: 'domainConfig.addErrorPage', message: 'Add an error page' })}
        columns={[
          pages.number('status'),
          pages.text('target', { placeholder: () => 'http://{host}/404.html' }),
        ]}
      />
    </Stack>
  );
}

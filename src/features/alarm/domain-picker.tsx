import { Input, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { alarmLimits } from '../../contract/alarm';
import { Choices } from './choices';
import { FormField } from './form-field';
import { useDomainChoices } from './use-domain-choices';

/** The domains a policy watches, found by a filter over the ones kept on this device. */
export function DomainPicker({
  domainIds,
  error,
  onChange,
}: {
  domainIds: string[];
  error: string | undefined;
  onChange: (domainIds: string[]) => void;
}) {
  const { t } = useLingui();
  const domains = useDomainChoices();
  const [filter, setFilter] = useState('');
  const chosen = domainIds.length;
  const shown = useMemo(
    () =>
      domains
        .filter((d) => d.domain.includes(filter.trim().toLowerCase()))
        .slice(0, 200)
        .map((d) => ({ value: d.id, label: d.domain })),
    [domains, filter],
  );
  return (
    <FormField
      label={t({ id: 'alarm.ui.policy.domains', message: 'Domains watched' })}
      error={error}
      helper={t({
        id: 'alarm.ui.policy.domainsChosen',
        message: plural(chosen, { one: '# domain chosen', other: '# domains chosen' }),
      })}
    >
      <Stack gap="2" w="full">
        <Input
          size="sm"
          placeholder={t({ id: 'alarm.ui.policy.domainFilter', message: 'Filter domains' })}
          aria-label={t({ id: 'alarm.ui.policy.domainFilter', message: 'Filter domains' })}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
        <Stack gap="1" maxH="160px" overflowY="auto" borderWidth="1px" borderRadius="md" p="2">
          {shown.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t({ id: 'alarm.ui.policy.noDomains', message: 'No domains on this device match.' })}
            </Text>
          ) : (
            <Choices
              size="sm"
              choices={shown}
              chosen={domainIds}
              onChange={(ids) => onChange(ids.slice(0, alarmLimits.domainsMax))}
            />
          )}
        </Stack>
      </Stack>
    </FormField>
  );
}

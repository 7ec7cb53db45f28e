import { Badge, DataList, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { dictLabel, useAppState, useIdentityUser } from '../../ui/app-state';
import type { DashboardData } from './use-dashboard-data';
import { PartError } from './part-error';
import { RowsSkeleton } from './rows-skeleton';
import { Section } from './section';

export function AccountCard({ data, onRetry }: { data: DashboardData; onRetry: () => void }) {
  const { t } = useLingui();
  const { dict, isChannel } = useAppState();
  const user = useIdentityUser();
  const { customers } = data;
  const title = t({ id: 'dashboard.account.title', message: 'Account' });
  if (data.account.status !== 'ready') {
    return (
      <Section title={title} id="dashboard-account">
        {data.account.status === 'failed' ? <PartError onRetry={onRetry} /> : <RowsSkeleton rows={4} />}
      </Section>
    );
  }
  const account = data.account.value;
  const kind =
    account.kind === 'main'
      ? t({ id: 'dashboard.account.main', message: 'Main account' })
      : t({ id: 'dashboard.account.sub', message: 'Sub-account' });
  const rows: { label: string; value: ReactNode }[] = [
    { label: t({ id: 'dashboard.account.name', message: 'Account name' }), value: account.login },
    {
      label: t({ id: 'dashboard.account.status', message: 'Service status' }),
      value: (
        <Badge colorPalette={account.service_status === 'open' ? 'green' : 'orange'}>
          {dictLabel(dict, 'service_status', account.service_status)}
        </Badge>
      ),
    },
    {
      label: t({ id: 'dashboard.account.balance', message: 'Balance' }),
      value: user?.balance ?? account.balance,
    },
    {
      label: t({ id: 'dashboard.account.type', message: 'Account type' }),
      value: (
        <HStack gap="2">
          <span>{kind}</span>
          {isChannel ? (
            <Badge colorPalette="purple">
              {t({ id: 'dashboard.account.channel', message: 'Channel account' })}
            </Badge>
          ) : null}
        </HStack>
      ),
    },
  ];
  if (isChannel && customers?.status === 'ready') {
    rows.push({
      label: t({ id: 'dashboard.account.customers', message: 'Customer accounts' }),
      value: String(customers.value),
    });
  }
  return (
    <Section title={title} id="dashboard-account">
      <DataList.Root orientation="horizontal">
        {rows.map((row) => (
          <DataList.Item key={row.label}>
            <DataList.ItemLabel>{row.label}</DataList.ItemLabel>
            <DataList.ItemValue>{row.value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Section>
  );
}

import { Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { AlarmPolicy } from '../../contract/alarm';
import { indicatorLabels, monitorLabels } from './labels';
import { PolicyDialog } from './policy-dialog';
import { PolicySwitch } from './policy-switch';
import { SettingsSection, type SettingsTabProps } from './settings-section';
import type { SettingColumn } from './settings-table';
import { Stamp } from './stamp';
import { useDomainChoices } from './use-domain-choices';

export function PoliciesTab({ settings, enqueue, onDelete }: SettingsTabProps) {
  const { t, i18n } = useLingui();
  const domains = useDomainChoices();
  const names = new Map(domains.map((d) => [d.id, d.domain]));
  const templateNames = new Map(settings.templates.map((row) => [row.id, row.state.name]));
  const objectsOf = (p: AlarmPolicy) =>
    p.monitor_type === 'account'
      ? i18n._(monitorLabels.account)
      : p.domain_ids
          .map((id) => names.get(id) ?? id)
          .slice(0, 3)
          .join(', ') + (p.domain_ids.length > 3 ? ` +${p.domain_ids.length - 3}` : '');
  const triggerOf = ({ period: minutes, periods }: AlarmPolicy) =>
    t({
      id: 'alarm.ui.trigger.summary',
      message: plural(periods, {
        one: `# period of ${minutes} min`,
        other: `# consecutive periods of ${minutes} min`,
      }),
    });
  const columns: SettingColumn<AlarmPolicy>[] = [
    {
      label: t({ id: 'alarm.ui.col.monitor', message: 'Object type' }),
      cellProps: { maxW: '240px' },
      cell: (p) => (
        <>
          {p.monitor_type === 'domain' ? (
            <Text fontSize="xs" color="fg.muted">
              {i18n._(monitorLabels.domain)}
            </Text>
          ) : null}
          <Text truncate>{objectsOf(p)}</Text>
        </>
      ),
    },
    {
      label: t({ id: 'alarm.ui.col.rules', message: 'Rules' }),
      cell: (p) =>
        p.rules.map((r, i) => (
          <Text key={i} fontSize="sm" whiteSpace="nowrap">
            {i18n._(indicatorLabels[r.indicator])} {r.operator === 'gt' ? '>' : '<'} {r.threshold}
          </Text>
        )),
    },
    {
      label: t({ id: 'alarm.ui.col.trigger', message: 'Trigger condition' }),
      hideBelow: 'lg',
      cellProps: { fontSize: 'sm' },
      cell: triggerOf,
    },
    {
      label: t({ id: 'alarm.ui.col.templates', message: 'Templates' }),
      hideBelow: 'xl',
      cellProps: { fontSize: 'sm' },
      cell: (p) => p.template_ids.map((id) => templateNames.get(id) ?? '—').join(', ') || '—',
    },
    {
      label: t({ id: 'alarm.ui.col.enabled', message: 'On/off' }),
      cell: (p) => <PolicySwitch policy={p} enqueue={enqueue} />,
    },
    {
      label: t({ id: 'alarm.ui.col.created', message: 'Created' }),
      hideBelow: 'xl',
      cellProps: { whiteSpace: 'nowrap', fontSize: 'sm' },
      cell: (p) => <Stamp by={p.created_by} at={p.created_at} />,
    },
    {
      label: t({ id: 'alarm.ui.col.modified', message: 'Last modified' }),
      hideBelow: 'lg',
      cellProps: { whiteSpace: 'nowrap', fontSize: 'sm' },
      cell: (p) => <Stamp by={p.updated_by} at={p.updated_at} />,
    },
  ];
  return (
    <SettingsSection
      intro={t({
        id: 'alarm.ui.policies.intro',
        message: 'Policies are evaluated every minute on the traffic of the last periods.',
      })}
      createLabel={t({ id: 'alarm.ui.policy.create', message: 'Create alarm policy' })}
      label={t({ id: 'alarm.ui.policies.table', message: 'Alarm policies' })}
      empty={t({ id: 'alarm.ui.policies.none', message: 'No alarm policies yet.' })}
      nameHeader={t({ id: 'alarm.ui.col.name', message: 'Name' })}
      strongName
      mark="policy"
      rows={settings.policies}
      columns={columns}
      deleteCommand="alarmPolicy.delete"
      onDelete={onDelete}
      dialog={(policy, onClose) => (
        <PolicyDialog policy={policy} settings={settings} onClose={onClose} enqueue={enqueue} />
      )}
      copyDialog={(source, onClose) => (
        <PolicyDialog copyOf={source} settings={settings} onClose={onClose} enqueue={enqueue} />
      )}
    />
  );
}

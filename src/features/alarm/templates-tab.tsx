import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { AlarmTemplate } from '../../contract/alarm';
import { CallbackKey } from './callback-key';
import { channelLabels, languageLabels, notifyLabels } from './labels';
import { SettingsSection, type SettingsTabProps } from './settings-section';
import type { SettingColumn } from './settings-table';
import { Stamp } from './stamp';
import { TemplateDialog } from './template-dialog';

export function TemplatesTab({
  settings,
  enqueue,
  online,
  onDelete,
}: SettingsTabProps & { online: boolean }) {
  const { t, i18n } = useLingui();
  const contactNames = new Map(settings.contacts.map((row) => [row.id, row.state.name]));
  const groupNames = new Map(settings.groups.map((row) => [row.id, row.state.name]));
  const columns: SettingColumn<AlarmTemplate>[] = [
    {
      label: t({ id: 'alarm.ui.col.notify', message: 'Notification type' }),
      cell: (tpl) => i18n._(notifyLabels[tpl.notify]),
    },
    {
      label: t({ id: 'alarm.ui.col.language', message: 'Language' }),
      hideBelow: 'lg',
      cell: (tpl) => languageLabels[tpl.language],
    },
    {
      label: t({ id: 'alarm.ui.col.recipients', message: 'Recipients' }),
      cellProps: { maxW: '220px' },
      cell: (tpl) => {
        const people = [
          ...tpl.group_ids.map((id) => groupNames.get(id)).filter(Boolean),
          ...tpl.contact_ids.map((id) => contactNames.get(id)).filter(Boolean),
        ];
        return <Text truncate>{people.join(', ') || '—'}</Text>;
      },
    },
    {
      label: t({ id: 'alarm.ui.col.channels', message: 'Channels' }),
      cell: (tpl) => (
        <>
          {tpl.channels.map((c) => i18n._(channelLabels[c])).join(', ')}
          {tpl.callback_url ? (
            <Text fontSize="xs" color="fg.muted" truncate maxW="220px">
              {tpl.callback_url}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      label: t({ id: 'alarm.ui.col.modified', message: 'Last modified' }),
      hideBelow: 'lg',
      cellProps: { whiteSpace: 'nowrap', fontSize: 'sm' },
      cell: (tpl) => <Stamp by={tpl.updated_by} at={tpl.updated_at} />,
    },
  ];
  return (
    <SettingsSection
      intro={t({
        id: 'alarm.ui.templates.intro',
        message: 'A template says who is told about an alarm, in which language and through which channels.',
      })}
      createLabel={t({ id: 'alarm.ui.template.create', message: 'Create notification template' })}
      label={t({ id: 'alarm.ui.templates.table', message: 'Notification templates' })}
      empty={t({ id: 'alarm.ui.templates.none', message: 'No notification templates yet.' })}
      nameHeader={t({ id: 'alarm.ui.col.name', message: 'Name' })}
      strongName
      mark="template"
      rows={settings.templates}
      columns={columns}
      deleteCommand="alarmTemplate.delete"
      onDelete={onDelete}
      dialog={(template, onClose) => (
        <TemplateDialog template={template} settings={settings} onClose={onClose} enqueue={enqueue} />
      )}
    >
      <CallbackKey online={online} />
    </SettingsSection>
  );
}

import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { alarmGroupSavePayload, type AlarmGroup } from '../../contract/alarm';
import { ContactChoices } from './contact-choices';
import { FormField } from './form-field';
import { NameField } from './name-field';
import { SettingDialog } from './setting-dialog';
import type { AlarmSettings } from './use-alarm-settings';
import { useSettingDraft, type Enqueue } from './use-setting-draft';

export function GroupDialog({
  group,
  settings,
  onClose,
  enqueue,
}: {
  group: AlarmGroup | null;
  settings: AlarmSettings;
  onClose: () => void;
  enqueue: Enqueue;
}) {
  const { t } = useLingui();
  const form = useSettingDraft({
    initial: () => ({
      id: group?.id ?? crypto.randomUUID(),
      name: group?.name ?? '',
      contact_ids: group?.contact_ids ?? [],
    }),
    schema: alarmGroupSavePayload,
    command: 'alarmGroup.save',
    enqueue,
    said: {
      online: t({ id: 'alarm.ui.group.savedOnline', message: 'The contact group was saved.' }),
      offline: t({
        id: 'alarm.ui.group.savedOffline',
        message: 'The group is saved on this device and sent when the connection returns.',
      }),
    },
    onSaved: onClose,
  });
  const { draft, set, error } = form;
  return (
    <SettingDialog
      title={
        group
          ? t({ id: 'alarm.ui.group.edit', message: 'Edit contact group' })
          : t({ id: 'alarm.ui.group.create', message: 'Create contact group' })
      }
      form={form}
      onClose={onClose}
    >
      <NameField
        label={t({ id: 'alarm.ui.group.name', message: 'Group name' })}
        value={draft.name}
        error={error('name')}
        onChange={(name) => set({ name })}
      />
      <FormField label={t({ id: 'alarm.ui.group.members', message: 'Members' })} required={false}>
        <Stack gap="1" maxH="200px" overflowY="auto">
          <ContactChoices
            contacts={settings.contacts}
            chosen={draft.contact_ids}
            onChange={(ids) => set({ contact_ids: ids })}
          />
        </Stack>
      </FormField>
    </SettingDialog>
  );
}

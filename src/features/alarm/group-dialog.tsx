import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { alarmGroupSavePayload, type AlarmGroup } from '../../contract/alarm';
import { savedMessages } from './alarm-messages';
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
    said: savedMessages.group,
    onSaved: onClose,
  });
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
      <NameField form={form} label={t({ id: 'alarm.ui.group.name', message: 'Group name' })} />
      <FormField label={t({ id: 'alarm.ui.group.members', message: 'Members' })} required={false}>
        <Stack gap="1" maxH="200px" overflowY="auto">
          <ContactChoices contacts={settings.contacts} form={form} />
        </Stack>
      </FormField>
    </SettingDialog>
  );
}

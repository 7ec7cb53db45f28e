import { Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { alarmContactSavePayload, type AlarmContact } from '../../contract/alarm';
import { savedMessages } from './alarm-messages';
import { FormField } from './form-field';
import { SettingDialog } from './setting-dialog';
import { useSettingDraft, type Enqueue } from './use-setting-draft';

type ContactDraft = Pick<AlarmContact, 'id' | 'name' | 'role' | 'phone' | 'email'>;

export function ContactDialog({
  contact,
  onClose,
  enqueue,
}: {
  contact: AlarmContact | null;
  onClose: () => void;
  enqueue: Enqueue;
}) {
  const { t } = useLingui();
  const form = useSettingDraft<ContactDraft, 'alarmContact.save'>({
    initial: () => contact ?? { id: crypto.randomUUID(), name: '', role: '', phone: '', email: '' },
    schema: alarmContactSavePayload,
    command: 'alarmContact.save',
    enqueue,
    said: savedMessages.contact,
    onSaved: onClose,
  });
  const { draft, set, error } = form;
  const field = (key: keyof Omit<ContactDraft, 'id'>, label: string, type = 'text') => (
    <FormField label={label} error={error(key)}>
      <Input
        type={type}
        value={draft[key]}
        maxLength={254}
        onChange={(e) => set({ [key]: e.currentTarget.value })}
      />
    </FormField>
  );
  return (
    <SettingDialog
      title={
        contact
          ? t({ id: 'alarm.ui.contact.edit', message: 'Edit contact' })
          : t({ id: 'alarm.ui.contact.create', message: 'Add contact' })
      }
      form={form}
      onClose={onClose}
    >
      {field('name', t({ id: 'alarm.ui.contact.name', message: 'Name' }))}
      {field('role', t({ id: 'alarm.ui.contact.role', message: 'Role' }))}
      {field('phone', t({ id: 'alarm.ui.contact.phone', message: 'Mobile number' }), 'tel')}
      {field('email', t({ id: 'alarm.ui.contact.email', message: 'Email' }), 'email')}
    </SettingDialog>
  );
}

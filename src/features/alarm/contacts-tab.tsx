import { Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { AlarmContact, AlarmGroup } from '../../contract/alarm';
import { ContactDialog } from './contact-dialog';
import { GroupDialog } from './group-dialog';
import { SettingsSection, type SettingsTabProps } from './settings-section';

export function ContactsTab({ settings, enqueue, onDelete }: SettingsTabProps) {
  const { t } = useLingui();
  const names = new Map(settings.contacts.map((row) => [row.id, row.state.name]));
  const contactsTitle = t({ id: 'alarm.ui.contacts.title', message: 'Contacts' });
  const groupsTitle = t({ id: 'alarm.ui.groups.title', message: 'Contact groups' });
  return (
    <Stack gap="6">
      <SettingsSection<AlarmContact>
        title={contactsTitle}
        createLabel={t({ id: 'alarm.ui.contact.create', message: 'Add contact' })}
        label={contactsTitle}
        empty={t({ id: 'alarm.ui.contacts.none', message: 'No contacts yet.' })}
        nameHeader={t({ id: 'alarm.ui.contact.name', message: 'Name' })}
        mark="contact"
        rows={settings.contacts}
        columns={[
          { label: t({ id: 'alarm.ui.contact.role', message: 'Role' }), cell: (c) => c.role },
          { label: t({ id: 'alarm.ui.contact.phone', message: 'Mobile number' }), cell: (c) => c.phone },
          { label: t({ id: 'alarm.ui.contact.email', message: 'Email' }), cell: (c) => c.email },
        ]}
        deleteCommand="alarmContact.delete"
        onDelete={onDelete}
        dialog={(contact, onClose) => <ContactDialog contact={contact} onClose={onClose} enqueue={enqueue} />}
      />
      <SettingsSection<AlarmGroup>
        title={groupsTitle}
        secondary
        createLabel={t({ id: 'alarm.ui.group.create', message: 'Create contact group' })}
        label={groupsTitle}
        empty={t({ id: 'alarm.ui.groups.none', message: 'No contact groups yet.' })}
        nameHeader={t({ id: 'alarm.ui.group.name', message: 'Group name' })}
        rows={settings.groups}
        columns={[
          {
            label: t({ id: 'alarm.ui.group.members', message: 'Members' }),
            cell: (g) => (
              <Text fontSize="sm">
                {g.contact_ids.map((id) => names.get(id) ?? '—').join(', ') ||
                  t({ id: 'alarm.ui.group.empty', message: 'No members' })}
              </Text>
            ),
          },
        ]}
        deleteCommand="alarmGroup.delete"
        onDelete={onDelete}
        dialog={(group, onClose) => (
          <GroupDialog group={group} settings={settings} onClose={onClose} enqueue={enqueue} />
        )}
      />
    </Stack>
  );
}

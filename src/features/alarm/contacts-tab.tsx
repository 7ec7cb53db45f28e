import { Box, Button, Checkbox, HStack, Heading, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  alarmContactSavePayload,
  alarmGroupSavePayload,
  type AlarmContact,
  type AlarmGroup,
} from '../../contract/alarm';
import { DialogFrame } from '../../ui/dialog-frame';
import {
  Empty,
  FormField,
  QueuedBadge,
  RowActions,
  SaveFooter,
  useSettingDraft,
  type Enqueue,
} from './shared';
import type { AlarmSettings, SettingRow } from './use-alarm-settings';

type ContactDraft = Pick<AlarmContact, 'id' | 'name' | 'role' | 'phone' | 'email'>;

function ContactDialog({
  contact,
  onClose,
  enqueue,
}: {
  contact: AlarmContact | null;
  onClose: () => void;
  enqueue: Enqueue;
}) {
  const { t } = useLingui();
  const { draft, set, save, saving, error } = useSettingDraft<ContactDraft>({
    initial: () => contact ?? { id: crypto.randomUUID(), name: '', role: '', phone: '', email: '' },
    schema: alarmContactSavePayload,
    command: 'alarmContact.save',
    enqueue,
    said: {
      online: t({ id: 'alarm.ui.contact.savedOnline', message: 'The contact was saved.' }),
      offline: t({
        id: 'alarm.ui.contact.savedOffline',
        message: 'The contact is saved on this device and sent when the connection returns.',
      }),
    },
    onSaved: onClose,
  });
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
    <DialogFrame
      title={
        contact
          ? t({ id: 'alarm.ui.contact.edit', message: 'Edit contact' })
          : t({ id: 'alarm.ui.contact.create', message: 'Add contact' })
      }
      onClose={onClose}
      onSubmit={() => void save()}
      footer={<SaveFooter onCancel={onClose} saving={saving} />}
    >
      <Stack gap="4">
        {field('name', t({ id: 'alarm.ui.contact.name', message: 'Name' }))}
        {field('role', t({ id: 'alarm.ui.contact.role', message: 'Role' }))}
        {field('phone', t({ id: 'alarm.ui.contact.phone', message: 'Mobile number' }), 'tel')}
        {field('email', t({ id: 'alarm.ui.contact.email', message: 'Email' }), 'email')}
      </Stack>
    </DialogFrame>
  );
}

function GroupDialog({
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
  const { draft, set, save, error } = useSettingDraft({
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
  return (
    <DialogFrame
      title={
        group
          ? t({ id: 'alarm.ui.group.edit', message: 'Edit contact group' })
          : t({ id: 'alarm.ui.group.create', message: 'Create contact group' })
      }
      onClose={onClose}
      onSubmit={() => void save()}
      footer={<SaveFooter onCancel={onClose} />}
    >
      <Stack gap="4">
        <FormField label={t({ id: 'alarm.ui.group.name', message: 'Group name' })} error={error('name')}>
          <Input value={draft.name} maxLength={40} onChange={(e) => set({ name: e.currentTarget.value })} />
        </FormField>
        <FormField label={t({ id: 'alarm.ui.group.members', message: 'Members' })} required={false}>
          <Stack gap="1" maxH="200px" overflowY="auto">
            {settings.contacts.map((row) => (
              <Checkbox.Root
                key={row.id}
                size="sm"
                checked={draft.contact_ids.includes(row.id)}
                onCheckedChange={(e) =>
                  set({
                    contact_ids: e.checked
                      ? [...draft.contact_ids, row.id]
                      : draft.contact_ids.filter((id) => id !== row.id),
                  })
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {row.state.name} · {row.state.role}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </FormField>
      </Stack>
    </DialogFrame>
  );
}

export function ContactsTab({
  settings,
  enqueue,
  onDeleteContact,
  onDeleteGroup,
}: {
  settings: AlarmSettings;
  enqueue: Enqueue;
  onDeleteContact: (row: SettingRow<AlarmContact>) => void;
  onDeleteGroup: (row: SettingRow<AlarmGroup>) => void;
}) {
  const { t } = useLingui();
  const [contact, setContact] = useState<AlarmContact | null | undefined>(undefined);
  const [group, setGroup] = useState<AlarmGroup | null | undefined>(undefined);
  const names = new Map(settings.contacts.map((row) => [row.id, row.state.name]));
  return (
    <Stack gap="6">
      <Stack gap="3">
        <HStack justify="space-between">
          <Heading as="h2" size="sm">
            {t({ id: 'alarm.ui.contacts.title', message: 'Contacts' })}
          </Heading>
          <Button colorPalette="blue" size="sm" onClick={() => setContact(null)}>
            {t({ id: 'alarm.ui.contact.create', message: 'Add contact' })}
          </Button>
        </HStack>
        {settings.contacts.length === 0 ? (
          <Empty>{t({ id: 'alarm.ui.contacts.none', message: 'No contacts yet.' })}</Empty>
        ) : (
          <Box overflowX="auto" borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" aria-label={t({ id: 'alarm.ui.contacts.title', message: 'Contacts' })}>
              <Table.Header>
                <Table.Row css={{ '& th': { whiteSpace: 'nowrap' } }}>
                  <Table.ColumnHeader>
                    {t({ id: 'alarm.ui.contact.name', message: 'Name' })}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    {t({ id: 'alarm.ui.contact.role', message: 'Role' })}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    {t({ id: 'alarm.ui.contact.phone', message: 'Mobile number' })}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    {t({ id: 'alarm.ui.contact.email', message: 'Email' })}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    {t({ id: 'alarm.ui.col.actions', message: 'Actions' })}
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {settings.contacts.map((row) => (
                  <Table.Row key={row.id} data-contact={row.state.name}>
                    <Table.Cell>
                      {row.state.name}
                      <QueuedBadge state={row.queued} />
                    </Table.Cell>
                    <Table.Cell>{row.state.role}</Table.Cell>
                    <Table.Cell>{row.state.phone}</Table.Cell>
                    <Table.Cell>{row.state.email}</Table.Cell>
                    <Table.Cell>
                      <RowActions
                        onEdit={() => setContact(row.state)}
                        onDelete={() => onDeleteContact(row)}
                      />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Stack>
      <Stack gap="3">
        <HStack justify="space-between">
          <Heading as="h2" size="sm">
            {t({ id: 'alarm.ui.groups.title', message: 'Contact groups' })}
          </Heading>
          <Button variant="outline" size="sm" onClick={() => setGroup(null)}>
            {t({ id: 'alarm.ui.group.create', message: 'Create contact group' })}
          </Button>
        </HStack>
        {settings.groups.length === 0 ? (
          <Empty>{t({ id: 'alarm.ui.groups.none', message: 'No contact groups yet.' })}</Empty>
        ) : (
          <Box overflowX="auto" borderWidth="1px" borderRadius="md">
            <Table.Root size="sm" aria-label={t({ id: 'alarm.ui.groups.title', message: 'Contact groups' })}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    {t({ id: 'alarm.ui.group.name', message: 'Group name' })}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    {t({ id: 'alarm.ui.group.members', message: 'Members' })}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader>
                    {t({ id: 'alarm.ui.col.actions', message: 'Actions' })}
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {settings.groups.map((row) => (
                  <Table.Row key={row.id}>
                    <Table.Cell>
                      {row.state.name}
                      <QueuedBadge state={row.queued} />
                    </Table.Cell>
                    <Table.Cell>
                      <Text fontSize="sm">
                        {row.state.contact_ids.map((id) => names.get(id) ?? '—').join(', ') ||
                          t({ id: 'alarm.ui.group.empty', message: 'No members' })}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <RowActions onEdit={() => setGroup(row.state)} onDelete={() => onDeleteGroup(row)} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Stack>
      {contact !== undefined ? (
        <ContactDialog contact={contact} onClose={() => setContact(undefined)} enqueue={enqueue} />
      ) : null}
      {group !== undefined ? (
        <GroupDialog
          group={group}
          settings={settings}
          onClose={() => setGroup(undefined)}
          enqueue={enqueue}
        />
      ) : null}
    </Stack>
  );
}

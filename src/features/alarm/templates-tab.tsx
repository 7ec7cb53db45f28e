import {
  Box,
  Button,
  Card,
  Checkbox,
  Code as CodeText,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { api } from '../../api';
import {
  alarmChannels,
  alarmTemplateSavePayload,
  type AlarmChannel,
  type AlarmTemplate,
} from '../../contract/alarm';
import type { Language } from '../../contract/limits';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DialogFrame } from '../../ui/dialog-frame';
import { formatDateTime } from '../../ui/format';
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

export const channelLabels: Record<AlarmChannel, MessageDescriptor> = {
  email: msg({ id: 'alarm.ui.channel.email', message: 'Email' }),
  sms: msg({ id: 'alarm.ui.channel.sms', message: 'SMS' }),
  callback: msg({ id: 'alarm.ui.channel.callback', message: 'Callback URL' }),
};

const notifyLabels = {
  alarm: msg({ id: 'alarm.ui.notify.alarm', message: 'Alarms' }),
  alarmAndRestore: msg({ id: 'alarm.ui.notify.alarmAndRestore', message: 'Alarms and restorations' }),
};

const languageLabels: Record<Language, string> = { zh_CN: '中文', en_US: 'English' };

type Draft = Omit<
  AlarmTemplate,
  'deleted' | 'created_by' | 'created_at' | 'updated_by' | 'updated_at' | 'version'
>;

function TemplateDialog({
  template,
  settings,
  onClose,
  enqueue,
}: {
  template: AlarmTemplate | null;
  settings: AlarmSettings;
  onClose: () => void;
  enqueue: Enqueue;
}) {
  const { t, i18n } = useLingui();
  const { draft, set, save, saving, error } = useSettingDraft<Draft>({
    initial: () =>
      template ?? {
        id: crypto.randomUUID(),
        name: '',
        notify: 'alarmAndRestore',
        language: i18n.locale === 'en_US' ? 'en_US' : 'zh_CN',
        contact_ids: [],
        group_ids: [],
        channels: ['email'],
        callback_url: '',
      },
    schema: alarmTemplateSavePayload,
    command: 'alarmTemplate.save',
    enqueue,
    said: {
      online: t({ id: 'alarm.ui.template.savedOnline', message: 'The notification template was saved.' }),
      offline: t({
        id: 'alarm.ui.template.savedOffline',
        message: 'The template is saved on this device and sent when the connection returns.',
      }),
    },
    onSaved: onClose,
  });
  const toggle = <T,>(list: T[], value: T, on: boolean) =>
    on ? [...list, value] : list.filter((v) => v !== value);
  return (
    <DialogFrame
      size="lg"
      scrollBehavior="inside"
      title={
        template
          ? t({ id: 'alarm.ui.template.edit', message: 'Edit notification template' })
          : t({ id: 'alarm.ui.template.create', message: 'Create notification template' })
      }
      onClose={onClose}
      onSubmit={() => void save()}
      footer={<SaveFooter onCancel={onClose} saving={saving} />}
    >
      <Stack gap="4">
        <FormField
          label={t({ id: 'alarm.ui.template.name', message: 'Template name' })}
          error={error('name')}
          helper={t({
            id: 'alarm.ui.nameHelp',
            message: 'Starts with a letter or Chinese character; letters, Chinese, digits and _; at most 30.',
          })}
        >
          <Input value={draft.name} maxLength={40} onChange={(e) => set({ name: e.currentTarget.value })} />
        </FormField>
        <HStack gap="4" align="flex-start">
          <FormField label={t({ id: 'alarm.ui.template.notify', message: 'Notification type' })}>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={draft.notify}
                onChange={(e) => set({ notify: e.currentTarget.value as Draft['notify'] })}
              >
                <option value="alarmAndRestore">{i18n._(notifyLabels.alarmAndRestore)}</option>
                <option value="alarm">{i18n._(notifyLabels.alarm)}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t({ id: 'alarm.ui.template.language', message: 'Language' })}>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={draft.language}
                onChange={(e) => set({ language: e.currentTarget.value as Language })}
              >
                <option value="zh_CN">{languageLabels.zh_CN}</option>
                <option value="en_US">{languageLabels.en_US}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </HStack>
        <FormField
          label={t({ id: 'alarm.ui.template.channels', message: 'Receiving channels' })}
          error={error('channels')}
        >
          <HStack gap="4">
            {alarmChannels.map((channel) => (
              <Checkbox.Root
                key={channel}
                checked={draft.channels.includes(channel)}
                onCheckedChange={(e) =>
                  set({ channels: toggle(draft.channels, channel, e.checked === true) })
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{i18n._(channelLabels[channel])}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </FormField>
        {draft.channels.includes('callback') ? (
          <FormField
            label={t({ id: 'alarm.ui.template.callback', message: 'Callback URL' })}
            error={error('callback_url')}
            helper={t({
              id: 'alarm.ui.template.callbackHelp',
              message:
                'Alarms are POSTed as JSON, signed with the key below; a failing receiver is tried again.',
            })}
          >
            <Input
              value={draft.callback_url}
              placeholder="https://"
              onChange={(e) => set({ callback_url: e.currentTarget.value })}
            />
          </FormField>
        ) : null}
        <FormField
          label={t({ id: 'alarm.ui.template.recipients', message: 'Recipients' })}
          required={draft.channels.includes('email') || draft.channels.includes('sms')}
          error={error('contact_ids')}
        >
          {settings.contacts.length + settings.groups.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t({ id: 'alarm.ui.template.noContacts', message: 'Add contacts first, in the contacts tab.' })}
            </Text>
          ) : (
            <Stack gap="1" maxH="180px" overflowY="auto" w="full">
              {settings.groups.map((row) => (
                <Checkbox.Root
                  key={row.id}
                  size="sm"
                  checked={draft.group_ids.includes(row.id)}
                  onCheckedChange={(e) =>
                    set({ group_ids: toggle(draft.group_ids, row.id, e.checked === true) })
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {t({ id: 'alarm.ui.template.group', message: `Group: ${ph({ name: row.state.name })}` })}
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
              {settings.contacts.map((row) => (
                <Checkbox.Root
                  key={row.id}
                  size="sm"
                  checked={draft.contact_ids.includes(row.id)}
                  onCheckedChange={(e) =>
                    set({ contact_ids: toggle(draft.contact_ids, row.id, e.checked === true) })
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
          )}
        </FormField>
      </Stack>
    </DialogFrame>
  );
}

/** The key callbacks are signed with: shown on request, replaced after a confirmation. */
function CallbackKey({ online }: { online: boolean }) {
  const { t } = useLingui();
  const [key, setKey] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const show = async () => {
    try {
      setKey((await api.call('alarmCallbackKey', undefined)).key);
    } catch {
      // The client showed why.
    }
  };
  const rotate = async () => {
    setConfirming(false);
    try {
      setKey((await api.call('alarmCallbackKeyRotate', undefined)).key);
    } catch {
      // The client showed why.
    }
  };
  return (
    <Card.Root size="sm" variant="outline">
      <Card.Body>
        <Stack gap="2">
          <Text fontWeight="semibold">
            {t({ id: 'alarm.ui.key.title', message: 'Callback signing key' })}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'alarm.ui.key.intro',
              message:
                'Each callback carries X-CDN-Timestamp and X-CDN-Signature: sha256= followed by the hex HMAC-SHA256 of "<timestamp>.<body>" with this key.',
            })}
          </Text>
          {key ? (
            <CodeText wordBreak="break-all" p="2" data-callback-key>
              {key}
            </CodeText>
          ) : null}
          <HStack>
            <Button size="sm" variant="outline" disabled={!online} onClick={() => void show()}>
              {t({ id: 'alarm.ui.key.show', message: 'Show key' })}
            </Button>
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              disabled={!online}
              onClick={() => setConfirming(true)}
            >
              {t({ id: 'alarm.ui.key.rotate', message: 'Replace key' })}
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
      <ConfirmDialog
        open={confirming}
        title={t({ id: 'alarm.ui.key.rotateTitle', message: 'Replace the signing key?' })}
        message={t({
          id: 'alarm.ui.key.rotateMessage',
          message:
            'Receivers that check the old key refuse the next callbacks until they are given the new one.',
        })}
        confirmLabel={t({ id: 'alarm.ui.key.rotate', message: 'Replace key' })}
        cancelLabel={t({ id: 'alarm.ui.cancel', message: 'Cancel' })}
        onConfirm={() => void rotate()}
        onCancel={() => setConfirming(false)}
      />
    </Card.Root>
  );
}

export function TemplatesTab({
  settings,
  enqueue,
  online,
  onDelete,
}: {
  settings: AlarmSettings;
  enqueue: Enqueue;
  online: boolean;
  onDelete: (row: SettingRow<AlarmTemplate>) => void;
}) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState<AlarmTemplate | null | undefined>(undefined);
  const contactNames = new Map(settings.contacts.map((row) => [row.id, row.state.name]));
  const groupNames = new Map(settings.groups.map((row) => [row.id, row.state.name]));
  return (
    <Stack gap="3">
      <HStack justify="space-between">
        <Text fontSize="sm" color="fg.muted">
          {t({
            id: 'alarm.ui.templates.intro',
            message:
              'A template says who is told about an alarm, in which language and through which channels.',
          })}
        </Text>
        <Button colorPalette="blue" size="sm" onClick={() => setEditing(null)}>
          {t({ id: 'alarm.ui.template.create', message: 'Create notification template' })}
        </Button>
      </HStack>
      {settings.templates.length === 0 ? (
        <Empty>{t({ id: 'alarm.ui.templates.none', message: 'No notification templates yet.' })}</Empty>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root
            size="sm"
            aria-label={t({ id: 'alarm.ui.templates.table', message: 'Notification templates' })}
          >
            <Table.Header>
              <Table.Row css={{ '& th': { whiteSpace: 'nowrap' } }}>
                <Table.ColumnHeader>{t({ id: 'alarm.ui.col.name', message: 'Name' })}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'alarm.ui.col.notify', message: 'Notification type' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="lg">
                  {t({ id: 'alarm.ui.col.language', message: 'Language' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'alarm.ui.col.recipients', message: 'Recipients' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'alarm.ui.col.channels', message: 'Channels' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="lg">
                  {t({ id: 'alarm.ui.col.modified', message: 'Last modified' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'alarm.ui.col.actions', message: 'Actions' })}
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {settings.templates.map((row) => {
                const tpl = row.state;
                const people = [
                  ...tpl.group_ids.map((id) => groupNames.get(id)).filter(Boolean),
                  ...tpl.contact_ids.map((id) => contactNames.get(id)).filter(Boolean),
                ];
                return (
                  <Table.Row key={row.id} data-template={tpl.name}>
                    <Table.Cell>
                      <Text as="span" fontWeight="medium">
                        {tpl.name}
                      </Text>
                      <QueuedBadge state={row.queued} />
                    </Table.Cell>
                    <Table.Cell>{i18n._(notifyLabels[tpl.notify])}</Table.Cell>
                    <Table.Cell hideBelow="lg">{languageLabels[tpl.language]}</Table.Cell>
                    <Table.Cell maxW="220px">
                      <Text truncate>{people.join(', ') || '—'}</Text>
                    </Table.Cell>
                    <Table.Cell>
                      {tpl.channels.map((c) => i18n._(channelLabels[c])).join(', ')}
                      {tpl.callback_url ? (
                        <Text fontSize="xs" color="fg.muted" truncate maxW="220px">
                          {tpl.callback_url}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell hideBelow="lg" whiteSpace="nowrap" fontSize="sm">
                      {tpl.updated_by}
                      <Text fontSize="xs" color="fg.muted">
                        {formatDateTime(tpl.updated_at)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <RowActions onEdit={() => setEditing(tpl)} onDelete={() => onDelete(row)} />
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      <CallbackKey online={online} />
      {editing !== undefined ? (
        <TemplateDialog
          template={editing}
          settings={settings}
          onClose={() => setEditing(undefined)}
          enqueue={enqueue}
        />
      ) : null}
    </Stack>
  );
}

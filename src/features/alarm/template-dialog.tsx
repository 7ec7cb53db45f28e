import { HStack, Input, Stack, Text } from '@chakra-ui/react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { alarmChannels, alarmTemplateSavePayload, type AlarmTemplate } from '../../contract/alarm';
import type { Language } from '../../contract/limits';
import { savedMessages } from './alarm-messages';
import { Choices } from './choices';
import { ContactChoices } from './contact-choices';
import { FormField } from './form-field';
import { channelLabels, languageLabels, notifyLabels } from './labels';
import { NameField } from './name-field';
import { OptionSelect } from '../../ui/option-select';
import { SettingDialog } from './setting-dialog';
import type { AlarmSettings } from './use-alarm-settings';
import { useSettingDraft, type Enqueue } from './use-setting-draft';

type Draft = Omit<
  AlarmTemplate,
  'deleted' | 'created_by' | 'created_at' | 'updated_by' | 'updated_at' | 'version'
>;

export function TemplateDialog({
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
  const form = useSettingDraft<Draft, 'alarmTemplate.save'>({
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
    said: savedMessages.template,
    onSaved: onClose,
  });
  const { draft, set, error } = form;
  return (
    <SettingDialog
      wide
      title={
        template
          ? t({ id: 'alarm.ui.template.edit', message: 'Edit notification template' })
          : t({ id: 'alarm.ui.template.create', message: 'Create notification template' })
      }
      form={form}
      onClose={onClose}
    >
      <NameField form={form} withRule label={t({ id: 'alarm.ui.template.name', message: 'Template name' })} />
      <HStack gap="4" align="flex-start">
        <FormField label={t({ id: 'alarm.ui.template.notify', message: 'Notification type' })}>
          <OptionSelect<Draft['notify']>
            value={draft.notify}
            options={[
              { value: 'alarmAndRestore', label: i18n._(notifyLabels.alarmAndRestore) },
              { value: 'alarm', label: i18n._(notifyLabels.alarm) },
            ]}
            onChange={(notify) => set({ notify })}
          />
        </FormField>
        <FormField label={t({ id: 'alarm.ui.template.language', message: 'Language' })}>
          <OptionSelect<Language>
            value={draft.language}
            options={[
              { value: 'zh_CN', label: languageLabels.zh_CN },
              { value: 'en_US', label: languageLabels.en_US },
            ]}
            onChange={(language) => set({ language })}
          />
        </FormField>
      </HStack>
      <FormField
        label={t({ id: 'alarm.ui.template.channels', message: 'Receiving channels' })}
        error={error('channels')}
      >
        <HStack gap="4">
          <Choices
            choices={alarmChannels.map((channel) => ({
              value: channel,
              label: i18n._(channelLabels[channel]),
            }))}
            chosen={draft.channels}
            onChange={(channels) => set({ channels })}
          />
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
            <Choices
              size="sm"
              choices={settings.groups.map((row) => ({
                value: row.id,
                label: t({
                  id: 'alarm.ui.template.group',
                  message: `Group: ${ph({ name: row.state.name })}`,
                }),
              }))}
              chosen={draft.group_ids}
              onChange={(ids) => set({ group_ids: ids })}
            />
            <ContactChoices contacts={settings.contacts} form={form} />
          </Stack>
        )}
      </FormField>
    </SettingDialog>
  );
}

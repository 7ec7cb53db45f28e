import { Stack, Switch, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { commands } from '../../commands/registry';
import { alarmPolicySavePayload, type AlarmPolicy, type MonitorType } from '../../contract/alarm';
import { savedMessages } from './alarm-messages';
import { Choices } from './choices';
import { DomainPicker } from './domain-picker';
import { FormField } from './form-field';
import { monitorLabels } from './labels';
import { NameField } from './name-field';
import { OptionSelect } from '../../ui/option-select';
import { copyName, policyDraftOf, policyPayloadOf, type PolicyDraft } from './policy-draft';
import { RulesField } from './rules-field';
import { SettingDialog } from './setting-dialog';
import { TriggerField } from './trigger-field';
import type { AlarmSettings } from './use-alarm-settings';
import { useSettingDraft, type Enqueue } from './use-setting-draft';

/**
 * Creates a policy (`policy` null), edits one, or makes a new one from `copyOf`: its settings under
 * a new name, saved as a copy of it.
 */
export function PolicyDialog({
  policy = null,
  copyOf,
  settings,
  onClose,
  enqueue,
}: {
  policy?: AlarmPolicy | null;
  copyOf?: AlarmPolicy;
  settings: AlarmSettings;
  onClose: () => void;
  enqueue: Enqueue;
}) {
  const { t, i18n } = useLingui();
  const suffix = t({ id: 'alarm.ui.policy.copySuffix', message: '_copy' });
  const form = useSettingDraft(
    copyOf
      ? {
          initial: () => ({
            ...policyDraftOf(copyOf),
            id: crypto.randomUUID(),
            name: copyName(copyOf.name, suffix),
          }),
          schema: commands['alarmPolicy.copy'].payload,
          payload: (draft: PolicyDraft) => ({ ...policyPayloadOf(draft), copied_from: copyOf.id }),
          command: 'alarmPolicy.copy',
          enqueue,
          said: savedMessages.policyCopy,
          onSaved: onClose,
        }
      : {
          initial: () => policyDraftOf(policy),
          schema: alarmPolicySavePayload,
          payload: policyPayloadOf,
          command: 'alarmPolicy.save',
          enqueue,
          said: savedMessages.policy,
          onSaved: onClose,
        },
  );
  const { draft, set, error, show } = form;

  const addRule = () => {
    // spec §8: the rule's indicators follow the object type, chosen first.
    if (draft.monitor_type === '') {
      show('monitor_type', 'alarm.policy.objectType.required');
      return;
    }
    set({ rules: [...draft.rules, { indicator: 'bandwidth', operator: 'gt', threshold: '' }] });
  };
  return (
    <SettingDialog
      wide
      title={
        copyOf
          ? t({ id: 'alarm.ui.policy.copy', message: 'Copy alarm policy' })
          : policy
            ? t({ id: 'alarm.ui.policy.edit', message: 'Edit alarm policy' })
            : t({ id: 'alarm.ui.policy.create', message: 'Create alarm policy' })
      }
      form={form}
      onClose={onClose}
    >
      <NameField form={form} withRule label={t({ id: 'alarm.ui.policy.name', message: 'Policy name' })} />
      <FormField
        label={t({ id: 'alarm.ui.policy.monitorType', message: 'Object type' })}
        error={error('monitor_type')}
      >
        <OptionSelect<MonitorType | ''>
          value={draft.monitor_type}
          options={[
            { value: '', label: t({ id: 'alarm.ui.choose', message: 'Choose…' }) },
            { value: 'domain', label: i18n._(monitorLabels.domain) },
            { value: 'account', label: i18n._(monitorLabels.account) },
          ]}
          onChange={(monitorType) => set({ monitor_type: monitorType })}
        />
      </FormField>
      {draft.monitor_type === 'domain' ? (
        <DomainPicker
          domainIds={draft.domain_ids}
          error={error('domain_ids')}
          onChange={(ids) => set({ domain_ids: ids })}
        />
      ) : null}
      <RulesField rules={draft.rules} match={draft.match} error={error} onChange={set} onAdd={addRule} />
      <TriggerField period={draft.period} periods={draft.periods} error={error('periods')} onChange={set} />
      <FormField
        label={t({ id: 'alarm.ui.policy.templates', message: 'Notification templates' })}
        required={false}
        error={error('template_ids')}
      >
        {settings.templates.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'alarm.ui.policy.noTemplates',
              message: 'No templates yet: alarms are kept in the history without a notice.',
            })}
          </Text>
        ) : (
          <Stack gap="1">
            <Choices
              size="sm"
              choices={settings.templates.map((row) => ({ value: row.id, label: row.state.name }))}
              chosen={draft.template_ids}
              onChange={(ids) => set({ template_ids: ids })}
            />
          </Stack>
        )}
      </FormField>
      <Switch.Root
        colorPalette="blue"
        checked={draft.enabled}
        onCheckedChange={(e) => set({ enabled: e.checked })}
      >
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>{t({ id: 'alarm.ui.policy.enabled', message: 'On' })}</Switch.Label>
      </Switch.Root>
    </SettingDialog>
  );
}

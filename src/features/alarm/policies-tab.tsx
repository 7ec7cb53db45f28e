import {
  Box,
  Button,
  Checkbox,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Table,
  Text,
} from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import {
  alarmIndicators,
  alarmLimits,
  alarmPolicySavePayload,
  indicatorUnits,
  type AlarmPolicy,
  type AlarmRule,
  type MonitorType,
} from '../../contract/alarm';
import { useCall } from '../../sync/reads';
import { DialogFrame } from '../../ui/dialog-frame';
import { formatDateTime } from '../../ui/format';
import { CloseIcon } from '../../ui/icons';
import type { AlarmSettings, SettingRow } from './use-alarm-settings';
import {
  Empty,
  FormField,
  QueuedBadge,
  indicatorLabels,
  monitorLabels,
  useSettingDraft,
  type Enqueue,
  RowActions,
  SaveFooter,
} from './shared';

interface Draft {
  id: string;
  name: string;
  monitor_type: MonitorType | '';
  domain_ids: string[];
  rules: { indicator: AlarmRule['indicator']; operator: AlarmRule['operator']; threshold: string }[];
  match: 'any' | 'all';
  period: 1 | 5;
  periods: string;
  enabled: boolean;
  template_ids: string[];
}

const draftOf = (policy: AlarmPolicy | null): Draft =>
  policy
    ? {
        ...policy,
        rules: policy.rules.map((r) => ({ ...r, threshold: String(r.threshold) })),
        periods: String(policy.periods),
      }
    : {
        id: crypto.randomUUID(),
        name: '',
        monitor_type: '',
        domain_ids: [],
        rules: [],
        match: 'any',
        period: 5,
        periods: '3',
        enabled: true,
        template_ids: [],
      };

const payloadOf = (d: Draft) => ({
  ...d,
  monitor_type: d.monitor_type === '' ? undefined : d.monitor_type,
  rules: d.rules.map((r) => ({
    ...r,
    threshold: r.threshold.trim() === '' ? Number.NaN : Number(r.threshold),
  })),
  periods: Number(d.periods),
});

const noDomains: { id: string; domain: string }[] = [];

/** The account's domains, id and name (kept for offline use), for the policy's objects. */
function useDomainChoices() {
  const read = useCall('domainNames', undefined);
  return read.data?.lists ?? noDomains;
}

function PolicyDialog({
  policy,
  settings,
  onClose,
  enqueue,
}: {
  policy: AlarmPolicy | null;
  settings: AlarmSettings;
  onClose: () => void;
  enqueue: Enqueue;
}) {
  const { t, i18n } = useLingui();
  const domains = useDomainChoices();
  const { draft, set, save, saving, error, show } = useSettingDraft({
    initial: () => draftOf(policy),
    schema: alarmPolicySavePayload,
    payload: payloadOf,
    command: 'alarmPolicy.save',
    enqueue,
    said: {
      online: t({ id: 'alarm.ui.policy.savedOnline', message: 'The alarm policy was saved.' }),
      offline: t({
        id: 'alarm.ui.policy.savedOffline',
        message: 'The alarm policy is saved on this device and sent when the connection returns.',
      }),
    },
    onSaved: onClose,
  });
  const [domainFilter, setDomainFilter] = useState('');
  const chosen = draft.domain_ids.length;
  const shownDomains = useMemo(
    () => domains.filter((d) => d.domain.includes(domainFilter.trim().toLowerCase())).slice(0, 200),
    [domains, domainFilter],
  );

  const addRule = () => {
    // spec §8: the rule's indicators follow the object type, chosen first.
    if (draft.monitor_type === '') {
      show('monitor_type', 'alarm.policy.objectType.required');
      return;
    }
    set({ rules: [...draft.rules, { indicator: 'bandwidth', operator: 'gt', threshold: '' }] });
  };
  const periodsInput = (
    <Input
      size="sm"
      w="16"
      inputMode="numeric"
      aria-label={t({ id: 'alarm.ui.trigger.periods', message: 'Consecutive periods' })}
      value={draft.periods}
      onChange={(e) => set({ periods: e.currentTarget.value })}
    />
  );
  const periodSelect = (
    <NativeSelect.Root size="sm" w="auto">
      <NativeSelect.Field
        aria-label={t({ id: 'alarm.ui.trigger.period', message: 'Period' })}
        value={String(draft.period)}
        onChange={(e) => set({ period: e.currentTarget.value === '1' ? 1 : 5 })}
      >
        <option value="1">{t({ id: 'alarm.ui.trigger.oneMinute', message: '1 minute' })}</option>
        <option value="5">{t({ id: 'alarm.ui.trigger.fiveMinutes', message: '5 minutes' })}</option>
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  return (
    <DialogFrame
      size="lg"
      scrollBehavior="inside"
      title={
        policy
          ? t({ id: 'alarm.ui.policy.edit', message: 'Edit alarm policy' })
          : t({ id: 'alarm.ui.policy.create', message: 'Create alarm policy' })
      }
      onClose={onClose}
      onSubmit={() => void save()}
      footer={<SaveFooter onCancel={onClose} saving={saving} />}
    >
      <Stack gap="4">
        <FormField
          label={t({ id: 'alarm.ui.policy.name', message: 'Policy name' })}
          error={error('name')}
          helper={t({
            id: 'alarm.ui.nameHelp',
            message: 'Starts with a letter or Chinese character; letters, Chinese, digits and _; at most 30.',
          })}
        >
          <Input value={draft.name} maxLength={40} onChange={(e) => set({ name: e.currentTarget.value })} />
        </FormField>
        <FormField
          label={t({ id: 'alarm.ui.policy.monitorType', message: 'Object type' })}
          error={error('monitor_type')}
        >
          <NativeSelect.Root>
            <NativeSelect.Field
              value={draft.monitor_type}
              onChange={(e) => set({ monitor_type: e.currentTarget.value as MonitorType | '' })}
            >
              <option value="">{t({ id: 'alarm.ui.choose', message: 'Choose…' })}</option>
              <option value="domain">{i18n._(monitorLabels.domain)}</option>
              <option value="account">{i18n._(monitorLabels.account)}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {draft.monitor_type === 'domain' ? (
          <FormField
            label={t({ id: 'alarm.ui.policy.domains', message: 'Domains watched' })}
            error={error('domain_ids')}
            helper={t({
              id: 'alarm.ui.policy.domainsChosen',
              message: plural(chosen, { one: '# domain chosen', other: '# domains chosen' }),
            })}
          >
            <Stack gap="2" w="full">
              <Input
                size="sm"
                placeholder={t({ id: 'alarm.ui.policy.domainFilter', message: 'Filter domains' })}
                aria-label={t({ id: 'alarm.ui.policy.domainFilter', message: 'Filter domains' })}
                value={domainFilter}
                onChange={(e) => setDomainFilter(e.currentTarget.value)}
              />
              <Stack gap="1" maxH="160px" overflowY="auto" borderWidth="1px" borderRadius="md" p="2">
                {shownDomains.length === 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    {t({ id: 'alarm.ui.policy.noDomains', message: 'No domains on this device match.' })}
                  </Text>
                ) : (
                  shownDomains.map((d) => (
                    <Checkbox.Root
                      key={d.id}
                      size="sm"
                      checked={draft.domain_ids.includes(d.id)}
                      onCheckedChange={(e) =>
                        set({
                          domain_ids: e.checked
                            ? [...draft.domain_ids, d.id].slice(0, alarmLimits.domainsMax)
                            : draft.domain_ids.filter((id) => id !== d.id),
                        })
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{d.domain}</Checkbox.Label>
                    </Checkbox.Root>
                  ))
                )}
              </Stack>
            </Stack>
          </FormField>
        ) : null}
        <FormField label={t({ id: 'alarm.ui.policy.rules', message: 'Rules' })} error={error('rules')}>
          <Stack gap="2" w="full">
            {draft.rules.map((rule, index) => (
              <HStack key={index} gap="2" align="flex-start">
                <NativeSelect.Root size="sm" flex="2">
                  <NativeSelect.Field
                    aria-label={t({ id: 'alarm.ui.rule.indicator', message: 'Indicator' })}
                    value={rule.indicator}
                    onChange={(e) =>
                      set({
                        rules: draft.rules.map((r, i) =>
                          i === index
                            ? { ...r, indicator: e.currentTarget.value as AlarmRule['indicator'] }
                            : r,
                        ),
                      })
                    }
                  >
                    {alarmIndicators.map((indicator) => (
                      <option key={indicator} value={indicator}>
                        {i18n._(indicatorLabels[indicator])}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <NativeSelect.Root size="sm" flex="1">
                  <NativeSelect.Field
                    aria-label={t({ id: 'alarm.ui.rule.operator', message: 'Comparison' })}
                    value={rule.operator}
                    onChange={(e) =>
                      set({
                        rules: draft.rules.map((r, i) =>
                          i === index
                            ? { ...r, operator: e.currentTarget.value as AlarmRule['operator'] }
                            : r,
                        ),
                      })
                    }
                  >
                    <option value="gt">{t({ id: 'alarm.ui.rule.gt', message: 'above' })}</option>
                    <option value="lt">{t({ id: 'alarm.ui.rule.lt', message: 'below' })}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Stack gap="0" flex="1">
                  <Input
                    size="sm"
                    inputMode="decimal"
                    aria-label={t({ id: 'alarm.ui.rule.threshold', message: 'Threshold' })}
                    aria-invalid={error(`rules.${index}.threshold`) !== undefined}
                    value={rule.threshold}
                    onChange={(e) =>
                      set({
                        rules: draft.rules.map((r, i) =>
                          i === index ? { ...r, threshold: e.currentTarget.value } : r,
                        ),
                      })
                    }
                  />
                  {error(`rules.${index}.threshold`) ? (
                    <Text fontSize="xs" color="fg.error">
                      {error(`rules.${index}.threshold`)}
                    </Text>
                  ) : (
                    <Text fontSize="xs" color="fg.muted">
                      {indicatorUnits[rule.indicator] === 'count'
                        ? ''
                        : indicatorUnits[rule.indicator].replace('percent', '%')}
                    </Text>
                  )}
                </Stack>
                <IconButton
                  size="sm"
                  variant="ghost"
                  aria-label={t({ id: 'alarm.ui.rule.remove', message: 'Remove rule' })}
                  onClick={() => set({ rules: draft.rules.filter((_, i) => i !== index) })}
                >
                  <CloseIcon />
                </IconButton>
              </HStack>
            ))}
            <HStack>
              <Button
                size="sm"
                variant="outline"
                disabled={draft.rules.length >= alarmLimits.rulesMax}
                onClick={addRule}
              >
                {t({ id: 'alarm.ui.rule.add', message: 'Add rule' })}
              </Button>
              {draft.rules.length > 1 ? (
                <NativeSelect.Root size="sm" w="auto">
                  <NativeSelect.Field
                    aria-label={t({ id: 'alarm.ui.rule.match', message: 'When' })}
                    value={draft.match}
                    onChange={(e) => set({ match: e.currentTarget.value as 'any' | 'all' })}
                  >
                    <option value="any">{t({ id: 'alarm.ui.rule.any', message: 'Any rule holds' })}</option>
                    <option value="all">{t({ id: 'alarm.ui.rule.all', message: 'Every rule holds' })}</option>
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              ) : null}
            </HStack>
          </Stack>
        </FormField>
        <FormField
          label={t({ id: 'alarm.ui.policy.trigger', message: 'Trigger condition' })}
          error={error('periods')}
        >
          {/* One sentence with its two fields in place, so that each language orders it its own way. */}
          <HStack gap="2" flexWrap="wrap" fontSize="sm">
            <Trans id="alarm.ui.trigger.sentence">
              Held for {periodsInput} consecutive periods of {periodSelect}
            </Trans>
          </HStack>
        </FormField>
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
              {settings.templates.map((row) => (
                <Checkbox.Root
                  key={row.id}
                  size="sm"
                  checked={draft.template_ids.includes(row.id)}
                  onCheckedChange={(e) =>
                    set({
                      template_ids: e.checked
                        ? [...draft.template_ids, row.id]
                        : draft.template_ids.filter((id) => id !== row.id),
                    })
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{row.state.name}</Checkbox.Label>
                </Checkbox.Root>
              ))}
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
      </Stack>
    </DialogFrame>
  );
}

export function PoliciesTab({
  settings,
  enqueue,
  onDelete,
}: {
  settings: AlarmSettings;
  enqueue: Enqueue;
  onDelete: (row: SettingRow<AlarmPolicy>) => void;
}) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState<AlarmPolicy | null | undefined>(undefined);
  const domains = useDomainChoices();
  const names = new Map(domains.map((d) => [d.id, d.domain]));
  const templateNames = new Map(settings.templates.map((row) => [row.id, row.state.name]));
  return (
    <Stack gap="3">
      <HStack justify="space-between">
        <Text fontSize="sm" color="fg.muted">
          {t({
            id: 'alarm.ui.policies.intro',
            message: 'Policies are evaluated every minute on the traffic of the last periods.',
          })}
        </Text>
        <Button colorPalette="blue" size="sm" onClick={() => setEditing(null)}>
          {t({ id: 'alarm.ui.policy.create', message: 'Create alarm policy' })}
        </Button>
      </HStack>
      {settings.policies.length === 0 ? (
        <Empty>{t({ id: 'alarm.ui.policies.none', message: 'No alarm policies yet.' })}</Empty>
      ) : (
        <Box overflowX="auto" borderWidth="1px" borderRadius="md">
          <Table.Root size="sm" aria-label={t({ id: 'alarm.ui.policies.table', message: 'Alarm policies' })}>
            <Table.Header>
              <Table.Row css={{ '& th': { whiteSpace: 'nowrap' } }}>
                <Table.ColumnHeader>{t({ id: 'alarm.ui.col.name', message: 'Name' })}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'alarm.ui.col.monitor', message: 'Object type' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader>{t({ id: 'alarm.ui.col.rules', message: 'Rules' })}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="lg">
                  {t({ id: 'alarm.ui.col.trigger', message: 'Trigger condition' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="xl">
                  {t({ id: 'alarm.ui.col.templates', message: 'Templates' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  {t({ id: 'alarm.ui.col.enabled', message: 'On/off' })}
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="xl">
                  {t({ id: 'alarm.ui.col.created', message: 'Created' })}
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
              {settings.policies.map((row) => {
                const p = row.state;
                const minutes = p.period;
                const periods = p.periods;
                const objects =
                  p.monitor_type === 'account'
                    ? i18n._(monitorLabels.account)
                    : p.domain_ids
                        .map((id) => names.get(id) ?? id)
                        .slice(0, 3)
                        .join(', ') + (p.domain_ids.length > 3 ? ` +${p.domain_ids.length - 3}` : '');
                return (
                  <Table.Row key={row.id} data-policy={p.name}>
                    <Table.Cell>
                      <Text as="span" fontWeight="medium">
                        {p.name}
                      </Text>
                      <QueuedBadge state={row.queued} />
                    </Table.Cell>
                    <Table.Cell maxW="240px">
                      {p.monitor_type === 'domain' ? (
                        <Text fontSize="xs" color="fg.muted">
                          {i18n._(monitorLabels.domain)}
                        </Text>
                      ) : null}
                      <Text truncate>{objects}</Text>
                    </Table.Cell>
                    <Table.Cell>
                      {p.rules.map((r, i) => (
                        <Text key={i} fontSize="sm" whiteSpace="nowrap">
                          {i18n._(indicatorLabels[r.indicator])} {r.operator === 'gt' ? '>' : '<'}{' '}
                          {r.threshold}
                        </Text>
                      ))}
                    </Table.Cell>
                    <Table.Cell hideBelow="lg" fontSize="sm">
                      {t({
                        id: 'alarm.ui.trigger.summary',
                        message: plural(periods, {
                          one: `# period of ${minutes} min`,
                          other: `# consecutive periods of ${minutes} min`,
                        }),
                      })}
                    </Table.Cell>
                    <Table.Cell hideBelow="xl" fontSize="sm">
                      {p.template_ids.map((id) => templateNames.get(id) ?? '—').join(', ') || '—'}
                    </Table.Cell>
                    <Table.Cell>
                      <Switch.Root
                        size="sm"
                        colorPalette="blue"
                        checked={p.enabled}
                        onCheckedChange={(e) =>
                          void enqueue(
                            'alarmPolicy.enable',
                            { id: p.id, enabled: e.checked },
                            {
                              online: e.checked
                                ? t({ id: 'alarm.ui.policy.on', message: 'The policy is on.' })
                                : t({ id: 'alarm.ui.policy.off', message: 'The policy is off.' }),
                              offline: t({
                                id: 'alarm.ui.policy.switchOffline',
                                message: 'Saved on this device: sent when the connection returns.',
                              }),
                            },
                          )
                        }
                      >
                        <Switch.HiddenInput
                          aria-label={t({ id: 'alarm.ui.policy.enabled', message: 'On' })}
                        />
                        <Switch.Control>
                          <Switch.Thumb />
                        </Switch.Control>
                      </Switch.Root>
                    </Table.Cell>
                    <Table.Cell hideBelow="xl" whiteSpace="nowrap" fontSize="sm">
                      {p.created_by}
                      <Text fontSize="xs" color="fg.muted">
                        {formatDateTime(p.created_at)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell hideBelow="lg" whiteSpace="nowrap" fontSize="sm">
                      {p.updated_by}
                      <Text fontSize="xs" color="fg.muted">
                        {formatDateTime(p.updated_at)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>
                      <RowActions onEdit={() => setEditing(p)} onDelete={() => onDelete(row)} />
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {editing !== undefined ? (
        <PolicyDialog
          policy={editing}
          settings={settings}
          onClose={() => setEditing(undefined)}
          enqueue={enqueue}
        />
      ) : null}
    </Stack>
  );
}

import { Button, Field, List, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { DomainEntry, DomainGroup } from '../../../contract/domain';
import type { Projected } from '../../../store';
import { DialogFrame } from '../../../ui/dialog-frame';
import { OptionSelect } from '../../../ui/option-select';
import { groupTexts } from '../groups/group-messages';
import { groupOptions } from '../groups/group-options';
import { planBulk, type BulkAction, type BulkRequest, type SkipReason } from './bulk-job';
import { confirmTitles, confirmWarnings, skipReasonLabels } from './bulk-messages';

export interface BulkConfirmDialogProps {
  action: BulkAction;
  /** The selected domains. */
  ids: readonly string[];
  projected: ReadonlyMap<string, Projected<DomainEntry>>;
  /** The live groups (targets of a move). */
  groups: readonly DomainGroup[];
  online: boolean;
  onConfirm(request: BulkRequest): void;
  onCancel(): void;
}

/**
 * The question before a bulk action: how many domains it changes, which are skipped and why
 * (wrong state, special configuration, …), and for a move the target group.
 */
export function BulkConfirmDialog({
  action,
  ids,
  projected,
  groups,
  online,
  onConfirm,
  onCancel,
}: BulkConfirmDialogProps) {
  const { t, i18n } = useLingui();
  const [target, setTarget] = useState<string>('none');
  const request: BulkRequest = useMemo(
    () => ({ action, groupId: action === 'move' && target !== 'none' ? target : null }),
    [action, target],
  );
  const plan = useMemo(() => planBulk(request, ids, projected), [request, ids, projected]);
  const eligible = plan.commands.length;
  const skippedBy = useMemo(() => {
    const counts = new Map<SkipReason, number>();
    for (const item of plan.items)
      if (item.skipped) counts.set(item.skipped, (counts.get(item.skipped) ?? 0) + 1);
    return [...counts];
  }, [plan]);
  const skipped = plan.items.length - eligible;
  const warning = confirmWarnings[action];

  return (
    <DialogFrame
      role="alertdialog"
      size="md"
      onClose={onCancel}
      title={i18n._(confirmTitles[action])}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            {t({ id: 'domain.bulk.confirm.cancel', message: 'Cancel' })}
          </Button>
          <Button
            colorPalette={action === 'delete' ? 'red' : 'blue'}
            disabled={eligible === 0}
            onClick={() => onConfirm(request)}
          >
            {t({ id: 'domain.bulk.confirm.run', message: 'Confirm' })}
          </Button>
        </>
      }
    >
      <Stack gap="4">
        {action === 'move' ? (
          <Field.Root>
            <Field.Label>{t({ id: 'domain.bulk.confirm.targetGroup', message: 'Target group' })}</Field.Label>
            <OptionSelect
              value={target}
              options={groupOptions(groups, { value: 'none', label: i18n._(groupTexts.none) })}
              onChange={setTarget}
            />
          </Field.Root>
        ) : null}
        <Text fontWeight="medium">
          {eligible === 0
            ? t({
                id: 'domain.bulk.confirm.nothing',
                message: 'None of the selected domains can take this action.',
              })
            : t({
                id: 'domain.bulk.confirm.eligible',
                message: plural(eligible, {
                  one: '# domain will be changed.',
                  other: '# domains will be changed.',
                }),
              })}
        </Text>
        {skipped > 0 ? (
          <Stack gap="1">
            <Text fontSize="sm">
              {t({
                id: 'domain.bulk.confirm.skipped',
                message: plural(skipped, {
                  one: '# domain is skipped:',
                  other: '# domains are skipped:',
                }),
              })}
            </Text>
            <List.Root fontSize="sm" color="fg.muted" ps="5">
              {skippedBy.map(([reason, count]) => {
                const label = i18n._(skipReasonLabels[reason]);
                return (
                  <List.Item key={reason}>
                    {t({ id: 'domain.bulk.confirm.reasonCount', message: `${label} (${count})` })}
                  </List.Item>
                );
              })}
            </List.Root>
          </Stack>
        ) : null}
        {warning && eligible > 0 ? (
          <Text fontSize="sm" color="fg.warning">
            {i18n._(warning)}
          </Text>
        ) : null}
        {!online && eligible > 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t({
              id: 'domain.bulk.confirm.offline',
              message:
                'You are offline: the changes are saved on this device and run when you are back online.',
            })}
          </Text>
        ) : null}
      </Stack>
    </DialogFrame>
  );
}

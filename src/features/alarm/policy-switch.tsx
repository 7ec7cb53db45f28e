import { commandFor } from '../../commands/queue';
import { Switch } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { AlarmPolicy } from '../../contract/alarm';
import type { Enqueue } from './use-setting-draft';

/** Turns a policy on or off from its row, through the outbox like every change. */
export function PolicySwitch({ policy, enqueue }: { policy: AlarmPolicy; enqueue: Enqueue }) {
  const { t } = useLingui();
  return (
    <Switch.Root
      size="sm"
      colorPalette="blue"
      checked={policy.enabled}
      onCheckedChange={(e) =>
        void enqueue(commandFor('alarmPolicy.enable', { id: policy.id, enabled: e.checked }), {
          online: e.checked
            ? t({ id: 'alarm.ui.policy.on', message: 'The policy is on.' })
            : t({ id: 'alarm.ui.policy.off', message: 'The policy is off.' }),
          offline: t({
            id: 'alarm.ui.policy.switchOffline',
            message: 'Saved on this device: sent when the connection returns.',
          }),
        })
      }
    >
      <Switch.HiddenInput aria-label={t({ id: 'alarm.ui.policy.enabled', message: 'On' })} />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}

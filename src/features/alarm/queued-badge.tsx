import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { pendingState } from '../../store';

/** How a setting's change waits on this device, next to its name. */
export function QueuedBadge({ state }: { state: ReturnType<typeof pendingState> }) {
  const { t } = useLingui();
  if (!state) return null;
  if (state === 'queued')
    return (
      <Badge colorPalette="orange" ms="2">
        {t({ id: 'alarm.ui.pending', message: 'Pending sync' })}
      </Badge>
    );
  return (
    <Badge colorPalette="red" ms="2">
      {state === 'conflict'
        ? t({ id: 'alarm.ui.conflict', message: 'Conflict' })
        : t({ id: 'alarm.ui.rejected', message: 'Rejected' })}
    </Badge>
  );
}

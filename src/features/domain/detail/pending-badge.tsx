import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** What waits of an item: its edits queued, refused by the server, or in conflict with it. */
export function PendingBadge({ state }: { state: 'conflict' | 'rejected' | 'queued' }) {
  const { t } = useLingui();
  if (state === 'queued')
    return <Badge colorPalette="blue">{t({ id: 'domain.pending.queued', message: 'Pending sync' })}</Badge>;
  return (
    <Badge colorPalette="red">
      {state === 'conflict'
        ? t({ id: 'domain.pending.conflict', message: 'Conflict' })
        : t({ id: 'domain.pending.rejected', message: 'Rejected' })}
    </Badge>
  );
}

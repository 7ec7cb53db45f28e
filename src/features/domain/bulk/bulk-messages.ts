import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BulkAction, ItemStatus, SkipReason } from './bulk-job';

export const skipReasonLabels: Record<SkipReason, MessageDescriptor> = {
  state: msg({ id: 'domain.bulk.skip.state', message: 'Its state does not allow this action' }),
  special: msg({
    id: 'domain.bulk.skip.special',
    message: 'Special configuration: contact an administrator',
  }),
  sameGroup: msg({ id: 'domain.bulk.skip.sameGroup', message: 'Already in this group' }),
  unresolved: msg({
    id: 'domain.bulk.skip.unresolved',
    message: 'An earlier change to it was rejected or is in conflict: resolve it in Pending changes first',
  }),
  gone: msg({ id: 'domain.bulk.skip.gone', message: 'The domain no longer exists' }),
};

export const itemStatusLabels: Record<ItemStatus, MessageDescriptor> = {
  pending: msg({ id: 'domain.bulk.status.pending', message: 'In progress' }),
  succeeded: msg({ id: 'domain.bulk.status.succeeded', message: 'Succeeded' }),
  failed: msg({ id: 'domain.bulk.status.failed', message: 'Failed' }),
  skipped: msg({ id: 'domain.bulk.status.skipped', message: 'Skipped' }),
};

export const confirmTitles: Record<BulkAction, MessageDescriptor> = {
  hangUp: msg({ id: 'domain.bulk.confirm.titleHangUp', message: 'Suspend the selected domains?' }),
  recover: msg({ id: 'domain.bulk.confirm.titleRecover', message: 'Resume the selected domains?' }),
  delete: msg({ id: 'domain.bulk.confirm.titleDelete', message: 'Delete the selected domains?' }),
  move: msg({ id: 'domain.bulk.confirm.titleMove', message: 'Move the selected domains to a group' }),
};

/** What the action does, said before it runs. */
export const confirmWarnings: Partial<Record<BulkAction, MessageDescriptor>> = {
  hangUp: msg({
    id: 'domain.bulk.confirm.warnHangUp',
    message: 'Suspended domains stop being accelerated until they are resumed.',
  }),
  delete: msg({
    id: 'domain.bulk.confirm.warnDelete',
    message: 'Deleted domains stop serving at once. This cannot be undone.',
  }),
};

export const resultTitles: Record<BulkAction, MessageDescriptor> = {
  hangUp: msg({ id: 'domain.bulk.results.titleHangUp', message: 'Bulk suspend' }),
  recover: msg({ id: 'domain.bulk.results.titleRecover', message: 'Bulk resume' }),
  delete: msg({ id: 'domain.bulk.results.titleDelete', message: 'Bulk delete' }),
  move: msg({ id: 'domain.bulk.results.titleMove', message: 'Bulk move to group' }),
};

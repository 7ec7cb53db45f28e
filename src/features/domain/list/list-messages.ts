import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DomainListSort } from '../search';
import type { ExportColumn } from './export-csv';

/** The list's columns; the export uses the same words for its header. */
export const columnLabels: Record<ExportColumn | 'actions', MessageDescriptor> = {
  domain: msg({ id: 'domain.list.column.domain', message: 'Domain' }),
  primaryOrigin: msg({ id: 'domain.list.column.primaryOrigin', message: 'Primary origin' }),
  type: msg({ id: 'domain.list.column.type', message: 'Service type' }),
  area: msg({ id: 'domain.list.column.area', message: 'Acceleration area' }),
  status: msg({ id: 'domain.list.column.status', message: 'Status' }),
  cname: msg({ id: 'domain.list.column.cname', message: 'CNAME' }),
  group: msg({ id: 'domain.list.column.group', message: 'Group' }),
  createdAt: msg({ id: 'domain.list.column.createdAt', message: 'Created' }),
  actions: msg({ id: 'domain.list.column.actions', message: 'Actions' }),
};

export const sortLabels: Record<DomainListSort, MessageDescriptor> = {
  newest: msg({ id: 'domain.list.sort.newest', message: 'Newest first' }),
  oldest: msg({ id: 'domain.list.sort.oldest', message: 'Oldest first' }),
  name: msg({ id: 'domain.list.sort.name', message: 'Name A–Z' }),
  'name-desc': msg({ id: 'domain.list.sort.nameDesc', message: 'Name Z–A' }),
};

/** A row's waiting edits: refused ones stand out from the ones still on their way. */
export const pendingLabels: Record<'queued' | 'rejected' | 'conflict', MessageDescriptor> = {
  queued: msg({ id: 'domain.list.pending.queued', message: 'Pending sync' }),
  rejected: msg({ id: 'domain.list.pending.rejected', message: 'Rejected' }),
  conflict: msg({ id: 'domain.list.pending.conflict', message: 'Conflict' }),
};

/** What a waiting command is doing to the domain, by the command's name. */
export const pendingCommandLabels: Record<string, MessageDescriptor> = {
  'domain.create': msg({ id: 'domain.list.pending.create', message: 'Creating…' }),
  'domain.copyConfig': msg({ id: 'domain.list.pending.copyConfig', message: 'Copying configuration…' }),
  'domain.hangUp': msg({ id: 'domain.list.pending.hangUp', message: 'Suspending…' }),
  'domain.recover': msg({ id: 'domain.list.pending.recover', message: 'Resuming…' }),
  'domain.delete': msg({ id: 'domain.list.pending.delete', message: 'Deleting…' }),
  'domain.rename': msg({ id: 'domain.list.pending.rename', message: 'Renaming…' }),
  'domain.move': msg({ id: 'domain.list.pending.move', message: 'Moving…' }),
};

export const listTexts = {
  noGroup: msg({ id: 'domain.list.noGroup', message: 'No group' }),
  special: msg({ id: 'domain.list.special', message: 'Special configuration' }),
  cnameAfterSync: msg({ id: 'domain.list.cname.afterSync', message: 'Generated after sync' }),
};

export const exportTexts = {
  none: msg({ id: 'domain.export.none', message: 'There is currently no data to export' }),
  noMatch: msg({ id: 'domain.export.noMatch', message: 'No exportable data: no domain matches the filters' }),
  limited: msg({
    id: 'domain.export.limited',
    message:
      '{max, plural, one {Exporting at most # row: the first # row of the list was exported} other {Exporting at most # rows: the first # rows of the list were exported}}',
  }),
  done: msg({
    id: 'domain.export.done',
    message: '{count, plural, one {Exported # row} other {Exported # rows}}',
  }),
};

import { alarmContactSavePayload, alarmDeletePayload, alarmGroupSavePayload } from '../../contract/alarm';
import { defineCommand, type ApplyContext } from '../command';
import {
  checkDelete,
  checkSave,
  existing,
  menuPath,
  stamped,
  tag,
  type DeleteFacts,
  type SaveFacts,
} from './rules';

export const alarmContactSave = defineCommand({
  name: 'alarmContact.save',
  schemaVersion: 1,
  payload: alarmContactSavePayload,
  primary: 'alarmContact',
  targets: (p) => ({ alarmContact: p.id }),
  menuPath,
  api: {
    path: '/v3/alarm/contact/save',
    summary: 'Create or change a contact: name, role, mobile phone and email, all required.',
    tag,
  },
  done: 'alarm.contact.saved',
  label: /*i18n*/ { id: 'auditLog.action.alarmContact.save', message: 'Saved an alarm contact' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'alarm.command.contactSave', message: 'Save the contact {name}' },
    values: { name: p.name },
  }),
  apply({ alarmContact: before }, p, ctx: ApplyContext<SaveFacts>) {
    const live = before && !before.deleted ? before : undefined;
    checkSave('contact', ctx.facts, live === undefined);
    return { alarmContact: { ...p, ...stamped(live, ctx) } };
  },
});

export const alarmContactDelete = defineCommand({
  name: 'alarmContact.delete',
  schemaVersion: 1,
  payload: alarmDeletePayload,
  primary: 'alarmContact',
  targets: (p) => ({ alarmContact: p.id }),
  menuPath,
  api: { path: '/v3/alarm/contact/delete', summary: 'Delete a contact no template or group names.', tag },
  done: 'alarm.contact.deleted',
  label: /*i18n*/ { id: 'auditLog.action.alarmContact.delete', message: 'Deleted an alarm contact' },
  describe: () => ({ message: /*i18n*/ { id: 'alarm.command.contactDelete', message: 'Delete a contact' } }),
  apply({ alarmContact }, _p, ctx: ApplyContext<DeleteFacts>) {
    const contact = existing(alarmContact, 'alarm.contact.notFound');
    checkDelete('contact', ctx.facts);
    return { alarmContact: { ...contact, deleted: true, updated_by: ctx.actor, updated_at: ctx.now } };
  },
});

export const alarmGroupSave = defineCommand({
  name: 'alarmGroup.save',
  schemaVersion: 1,
  payload: alarmGroupSavePayload,
  primary: 'alarmGroup',
  targets: (p) => ({ alarmGroup: p.id }),
  menuPath,
  api: { path: '/v3/alarm/group/save', summary: 'Create or change a group of contacts.', tag },
  done: 'alarm.group.saved',
  label: /*i18n*/ { id: 'auditLog.action.alarmGroup.save', message: 'Saved a contact group' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'alarm.command.groupSave', message: 'Save the contact group {name}' },
    values: { name: p.name },
  }),
  apply({ alarmGroup: before }, p, ctx: ApplyContext<SaveFacts>) {
    const live = before && !before.deleted ? before : undefined;
    checkSave('group', ctx.facts, live === undefined);
    return { alarmGroup: { ...p, ...stamped(live, ctx) } };
  },
});

export const alarmGroupDelete = defineCommand({
  name: 'alarmGroup.delete',
  schemaVersion: 1,
  payload: alarmDeletePayload,
  primary: 'alarmGroup',
  targets: (p) => ({ alarmGroup: p.id }),
  menuPath,
  api: { path: '/v3/alarm/group/delete', summary: 'Delete a group of contacts no template names.', tag },
  done: 'alarm.group.deleted',
  label: /*i18n*/ { id: 'auditLog.action.alarmGroup.delete', message: 'Deleted a contact group' },
  describe: () => ({
    message: /*i18n*/ { id: 'alarm.command.groupDelete', message: 'Delete a contact group' },
  }),
  apply({ alarmGroup }, _p, ctx: ApplyContext<DeleteFacts>) {
    const group = existing(alarmGroup, 'alarm.group.notFound');
    checkDelete('group', ctx.facts);
    return { alarmGroup: { ...group, deleted: true, updated_by: ctx.actor, updated_at: ctx.now } };
  },
});

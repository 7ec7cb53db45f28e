import { alarmContactSavePayload, alarmGroupSavePayload } from '../../contract/alarm';
import { defineCommand, type ApplyContext } from '../command';
import { menuPath, saved, tag, type SaveFacts } from './rules';
import { settingDelete } from './setting-delete';

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
  apply: ({ alarmContact }, p, ctx: ApplyContext<SaveFacts>) => ({
    alarmContact: saved('contact', alarmContact, p, ctx),
  }),
});

export const alarmContactDelete = settingDelete(
  'alarmContact.delete',
  'alarmContact',
  { path: '/v3/alarm/contact/delete', summary: 'Delete a contact no template or group names.' },
  {
    done: 'alarm.contact.deleted',
    label: /*i18n*/ { id: 'auditLog.action.alarmContact.delete', message: 'Deleted an alarm contact' },
    line: /*i18n*/ { id: 'alarm.command.contactDelete', message: 'Delete a contact' },
    notFound: 'alarm.contact.notFound',
  },
);

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
  apply: ({ alarmGroup }, p, ctx: ApplyContext<SaveFacts>) => ({
    alarmGroup: saved('group', alarmGroup, p, ctx),
  }),
});

export const alarmGroupDelete = settingDelete(
  'alarmGroup.delete',
  'alarmGroup',
  { path: '/v3/alarm/group/delete', summary: 'Delete a group of contacts no template names.' },
  {
    done: 'alarm.group.deleted',
    label: /*i18n*/ { id: 'auditLog.action.alarmGroup.delete', message: 'Deleted a contact group' },
    line: /*i18n*/ { id: 'alarm.command.groupDelete', message: 'Delete a contact group' },
    notFound: 'alarm.group.notFound',
  },
);

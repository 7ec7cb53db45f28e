import { alarmTemplateSavePayload } from '../../contract/alarm';
import { defineCommand, type ApplyContext } from '../command';
import { menuPath, saved, tag, type SaveFacts } from './rules';
import { settingDelete } from './setting-delete';

export const alarmTemplateSave = defineCommand({
  name: 'alarmTemplate.save',
  schemaVersion: 1,
  payload: alarmTemplateSavePayload,
  primary: 'alarmTemplate',
  targets: (p) => ({ alarmTemplate: p.id }),
  menuPath,
  api: {
    path: '/v3/alarm/template/save',
    summary:
      'Create or change a notification template: what it tells (alarms, or alarms and restorations), language, contacts and groups, channels (email, SMS, callback URL).',
    tag,
  },
  done: 'alarm.template.saved',
  label: /*i18n*/ { id: 'auditLog.action.alarmTemplate.save', message: 'Saved a notification template' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'alarm.command.templateSave', message: 'Save the notification template {name}' },
    values: { name: p.name },
  }),
  apply: ({ alarmTemplate }, p, ctx: ApplyContext<SaveFacts>) => ({
    alarmTemplate: saved(
      'template',
      alarmTemplate,
      { ...p, callback_url: p.channels.includes('callback') ? p.callback_url : '' },
      ctx,
    ),
  }),
});

export const alarmTemplateDelete = settingDelete(
  'alarmTemplate.delete',
  'alarmTemplate',
  { path: '/v3/alarm/template/delete', summary: 'Delete a notification template no policy uses.' },
  {
    done: 'alarm.template.deleted',
    label: /*i18n*/ {
      id: 'auditLog.action.alarmTemplate.delete',
      message: 'Deleted a notification template',
    },
    line: /*i18n*/ { id: 'alarm.command.templateDelete', message: 'Delete a notification template' },
    notFound: 'alarm.template.notFound',
  },
);

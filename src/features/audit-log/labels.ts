import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { commands } from '../../commands/registry';
import type { auditSources } from '../../contract/users';

export type AuditSource = (typeof auditSources)[number];

/**
 * The actions the log records, by their readable names: the commands' own (`label` of each module
 * in src/commands/registry.ts) and the server's account, sub-account, token and security changes.
 * Each id is `auditLog.action.<action>`: the exported file reads the same texts from the catalogs
 * (server/modules/audit/export.ts). An action without a name here shows as it is recorded.
 */
export const actionLabels: Record<string, MessageDescriptor> = {
  ...Object.fromEntries(Object.values(commands).map((module) => [module.name, module.label])),
  'domain.specialConfig': msg({
    id: 'auditLog.action.domain.specialConfig',
    message: 'Set the special configuration',
  }),
  'fileSync.upload': msg({ id: 'auditLog.action.fileSync.upload', message: 'Started a file upload' }),
  'fileSync.cancel': msg({ id: 'auditLog.action.fileSync.cancel', message: 'Cancelled a file upload' }),
  'fileSync.delete': msg({ id: 'auditLog.action.fileSync.delete', message: 'Deleted a synced file' }),
  'cert.upload': msg({ id: 'auditLog.action.cert.upload', message: 'Uploaded a certificate' }),
  'cert.delete': msg({ id: 'auditLog.action.cert.delete', message: 'Deleted a certificate' }),
  childAdd: msg({ id: 'auditLog.action.childAdd', message: 'Created a sub-account' }),
  childUpdate: msg({ id: 'auditLog.action.childUpdate', message: 'Edited a sub-account' }),
  childPassword: msg({ id: 'auditLog.action.childPassword', message: "Reset a sub-account's password" }),
  childDelete: msg({ id: 'auditLog.action.childDelete', message: 'Deleted a sub-account' }),
  childAuthUpdate: msg({
    id: 'auditLog.action.childAuthUpdate',
    message: "Changed a sub-account's permissions",
  }),
  tokenCreate: msg({ id: 'auditLog.action.tokenCreate', message: 'Created an API token' }),
  tokenDelete: msg({ id: 'auditLog.action.tokenDelete', message: 'Deleted an API token' }),
  signIn: msg({ id: 'auditLog.action.signIn', message: 'Signed in' }),
  passwordChange: msg({ id: 'auditLog.action.passwordChange', message: 'Changed the password' }),
  twoFactorEnable: msg({
    id: 'auditLog.action.twoFactorEnable',
    message: 'Turned on two-factor authentication',
  }),
  twoFactorDisable: msg({
    id: 'auditLog.action.twoFactorDisable',
    message: 'Turned off two-factor authentication',
  }),
  'customer.update': msg({ id: 'auditLog.action.customer.update', message: 'Changed the contact details' }),
  'customer.switchUser': msg({ id: 'auditLog.action.customer.switchUser', message: 'Switched account' }),
  'account.realName': msg({
    id: 'auditLog.action.account.realName',
    message: 'Completed real-name authentication',
  }),
  'product.apply': msg({ id: 'auditLog.action.product.apply', message: 'Applied to open the service' }),
  'product.approve': msg({ id: 'auditLog.action.product.approve', message: 'Service opened' }),
  'suggestion.add': msg({ id: 'auditLog.action.suggestion.add', message: 'Submitted feedback' }),
  'ticket.create': msg({ id: 'auditLog.action.ticket.create', message: 'Submitted a ticket' }),
  'ticket.reply': msg({ id: 'auditLog.action.ticket.reply', message: 'Replied to a ticket' }),
  'ticket.close': msg({ id: 'auditLog.action.ticket.close', message: 'Closed a ticket' }),
  'ticket.support': msg({ id: 'auditLog.action.ticket.support', message: 'Support replied to a ticket' }),
};

/** The readable name of an action in the active language; an unknown action keeps its recorded name. */
export function actionLabel(i18n: I18n, action: string): string {
  const label = Object.hasOwn(actionLabels, action) ? actionLabels[action] : undefined;
  return label ? i18n._(label) : action;
}

/** Where a change came from, in words (server/modules/audit/service.ts `AuditOrigin`). */
export const sourceLabels: Record<AuditSource, MessageDescriptor> = {
  browser: msg({ id: 'auditLog.source.browser', message: 'Console' }),
  replay: msg({ id: 'auditLog.source.replay', message: 'Console (synced later)' }),
  api: msg({ id: 'auditLog.source.api', message: 'API' }),
  operator: msg({ id: 'auditLog.source.operator', message: 'Platform operator' }),
};

/**
 * The column titles, shared by the table and the exported file (which reads them from the
 * catalog by these ids), and the file's own: its sheet, and its times in China Standard Time.
 */
export const columnLabels = {
  time: msg({ id: 'auditLog.column.time', message: 'Time' }),
  actor: msg({ id: 'auditLog.column.actor', message: 'Performed by' }),
  account: msg({ id: 'auditLog.column.account', message: 'Account' }),
  source: msg({ id: 'auditLog.column.source', message: 'Source' }),
  action: msg({ id: 'auditLog.column.action', message: 'Action' }),
  object: msg({ id: 'auditLog.column.object', message: 'Object' }),
  address: msg({ id: 'auditLog.column.address', message: 'IP address' }),
  changes: msg({ id: 'auditLog.column.changes', message: 'Changes' }),
};
export const fileLabels = {
  sheet: msg({ id: 'auditLog.export.sheet', message: 'Audit log' }),
  time: msg({ id: 'auditLog.export.time', message: 'Time (UTC+8)' }),
};

/**
 * spec §8 export messages, by the ids the report uses for the same words (and the server's
 * 'report.export.empty' answer), so both screens and the server say the same.
 */
export const exportMessages = {
  empty: msg({ id: 'report.export.empty', message: 'No data to export' }),
  max: msg({ id: 'stats.message.exportMax', message: 'Exporting at most 2000 rows' }),
};

import { domainIdPayload } from '../../contract/domain';
import { defineCommand } from '../command';
import { domainFor, menuPath, tag, withStatus } from './rules';

const target = (p: { id: string }) => ({ domain: p.id });

export const domainHangUp = defineCommand({
  name: 'domain.hangUp',
  schemaVersion: 1,
  payload: domainIdPayload,
  primary: 'domain',
  targets: target,
  menuPath,
  api: { path: '/v3/domain/domain/hangup', summary: 'Hang up (suspend) an active domain.', tag },
  done: 'domain.hungUp',
  label: /*i18n*/ { id: 'auditLog.action.domain.hangUp', message: 'Suspended a domain' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'domain.command.hangUp', message: 'Suspend {name}' },
    values: { name: p.shown_as || p.id },
  }),
  apply: ({ domain }) => ({ domain: withStatus(domainFor('hangUp', domain), 'hung_up') }),
});

export const domainRecover = defineCommand({
  name: 'domain.recover',
  schemaVersion: 1,
  payload: domainIdPayload,
  primary: 'domain',
  targets: target,
  menuPath,
  api: { path: '/v3/domain/domain/recover', summary: 'Recover a hung-up domain: it is active again.', tag },
  done: 'domain.recovered',
  label: /*i18n*/ { id: 'auditLog.action.domain.recover', message: 'Resumed a domain' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'domain.command.recover', message: 'Resume {name}' },
    values: { name: p.shown_as || p.id },
  }),
  apply: ({ domain }) => ({ domain: withStatus(domainFor('recover', domain), 'active') }),
});

/** A deleted domain keeps its row, as `deleted`: the list leaves it out, and its name is free again. */
export const domainDelete = defineCommand({
  name: 'domain.delete',
  schemaVersion: 1,
  payload: domainIdPayload,
  primary: 'domain',
  targets: target,
  menuPath,
  api: { path: '/v3/domain/domain/delete', summary: 'Delete a domain; its name becomes free again.', tag },
  done: 'domain.deleted',
  label: /*i18n*/ { id: 'auditLog.action.domain.delete', message: 'Deleted a domain' },
  describe: (p) => ({
    message: /*i18n*/ { id: 'domain.command.delete', message: 'Delete {name}' },
    values: { name: p.shown_as || p.id },
  }),
  apply: ({ domain }) => ({ domain: withStatus(domainFor('delete', domain), 'deleted') }),
});

import type { MessageDescriptor } from '@lingui/core';
import { domainIdPayload } from '../../contract/domain';
import type { DomainAction, DomainStatus } from '../../contract/rules/domain';
import { defineCommand } from '../command';
import { domainFor, menuPath, tag, withStatus } from './rules';

/** A command that takes a domain, by its action (spec §4), to a status; `line` names a queued one. */
const statusCommand = <const N extends string>(
  name: N,
  [action, status]: [DomainAction, DomainStatus],
  api: { path: string; summary: string },
  texts: { done: string; label: MessageDescriptor; line: MessageDescriptor },
) =>
  defineCommand({
    name,
    schemaVersion: 1,
    payload: domainIdPayload,
    primary: 'domain',
    targets: (p) => ({ domain: p.id }),
    menuPath,
    api: { ...api, tag },
    done: texts.done,
    label: texts.label,
    describe: (p) => ({ message: texts.line, values: { name: p.shown_as || p.id } }),
    apply: ({ domain }) => ({ domain: withStatus(domainFor(action, domain), status) }),
  });

export const domainHangUp = statusCommand(
  'domain.hangUp',
  ['hangUp', 'hung_up'],
  { path: '/v3/domain/domain/hangup', summary: 'Hang up (suspend) an active domain.' },
  {
    done: 'domain.hungUp',
    label: /*i18n*/ { id: 'auditLog.action.domain.hangUp', message: 'Suspended a domain' },
    line: /*i18n*/ { id: 'domain.command.hangUp', message: 'Suspend {name}' },
  },
);

export const domainRecover = statusCommand(
  'domain.recover',
  ['recover', 'active'],
  { path: '/v3/domain/domain/recover', summary: 'Recover a hung-up domain: it is active again.' },
  {
    done: 'domain.recovered',
    label: /*i18n*/ { id: 'auditLog.action.domain.recover', message: 'Resumed a domain' },
    line: /*i18n*/ { id: 'domain.command.recover', message: 'Resume {name}' },
  },
);

/** A deleted domain keeps its row, as `deleted`: the list leaves it out, and its name is free again. */
export const domainDelete = statusCommand(
  'domain.delete',
  ['delete', 'deleted'],
  { path: '/v3/domain/domain/delete', summary: 'Delete a domain; its name becomes free again.' },
  {
    done: 'domain.deleted',
    label: /*i18n*/ { id: 'auditLog.action.domain.delete', message: 'Deleted a domain' },
    line: /*i18n*/ { id: 'domain.command.delete', message: 'Delete {name}' },
  },
);

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type {
  CopyTargetsProblem,
  DomainAction,
  DomainNameProblem,
  DomainStatus,
  GroupNameProblem,
  OriginProblem,
} from '../../contract/rules/domain';
import { StoreFullError } from '../../store';
import { textRuleMessages } from '../../ui/text-messages';

/**
 * The texts of the contract's domain message ids (src/contract/rules/domain.ts) and of the
 * server's refusals. The ids the server also sends (server/i18n/messages.ts) carry the server's
 * very words, so a rule reads the same whether the browser or the server caught it.
 */
export const domainRuleMessages: Record<
  | DomainNameProblem
  | 'domain.name.duplicate'
  | 'domain.name.exists'
  | OriginProblem
  | CopyTargetsProblem
  | GroupNameProblem,
  MessageDescriptor
> = {
  ...textRuleMessages,
  'domain.name.required': msg({ id: 'domain.name.required', message: 'Enter the accelerated domain' }),
  'domain.name.chars': msg({
    id: 'domain.name.chars',
    message: 'The domain has illegal characters: use only lowercase letters, digits, ".", "_" and "-"',
  }),
  'domain.name.hyphen': msg({
    id: 'domain.name.hyphen',
    message: 'A hyphen (-) cannot start or end any label of the domain',
  }),
  'domain.name.tooLong': msg({
    id: 'domain.name.tooLong',
    message: 'The domain can have at most 100 characters',
  }),
  'domain.name.format': msg({
    id: 'domain.name.format',
    message: 'Enter a valid domain, such as www.example.com',
  }),
  'domain.name.duplicate': msg({
    id: 'domain.name.duplicate',
    message: 'This domain is entered more than once',
  }),
  'domain.name.exists': msg({
    id: 'domain.name.exists',
    message: 'This domain already exists and cannot be added again',
  }),
  'domain.origin.none': msg({ id: 'domain.origin.none', message: 'Add at least one origin' }),
  'domain.origin.tooMany': msg({ id: 'domain.origin.tooMany', message: 'At most 20 origins can be added' }),
  'domain.origin.required': msg({ id: 'domain.origin.required', message: 'Enter the origin address' }),
  'domain.origin.ipFormat': msg({ id: 'domain.origin.ipFormat', message: 'Enter a valid IP address' }),
  'domain.origin.domainFormat': msg({
    id: 'domain.origin.domainFormat',
    message: 'Enter a valid origin domain',
  }),
  'domain.origin.duplicate': msg({
    id: 'domain.origin.duplicate',
    message: 'This origin address is already entered',
  }),
  'domain.origin.backupSameAsPrimary': msg({
    id: 'domain.origin.backupSameAsPrimary',
    message: 'A backup origin must differ from the primary origin',
  }),
  'domain.origin.domainSingle': msg({
    id: 'domain.origin.domainSingle',
    message: 'A domain origin allows one entry; IP origins allow several',
  }),
  'domain.origin.defaultCarrier': msg({
    id: 'domain.origin.defaultCarrier',
    message: 'At least one origin must have the default carrier',
  }),
  'domain.origin.port': msg({ id: 'domain.origin.port', message: 'The port must be from 1 to 65535' }),
  'domain.origin.level': msg({
    id: 'domain.origin.level',
    message: 'The priority must be a whole number from 10 to 20',
  }),
  'domain.origin.weight': msg({
    id: 'domain.origin.weight',
    message: 'The weight must be a whole number from 1 to 100',
  }),
  'domain.origin.host': msg({
    id: 'domain.origin.host',
    message: 'The back-to-origin host must be an IPv4 address or a domain of at most 1024 characters',
  }),
  'domain.origin.matchTooLong': msg({
    id: 'domain.origin.matchTooLong',
    message: 'A match rule can have at most 200 characters',
  }),
  'domain.copy.targetsRequired': msg({
    id: 'domain.copy.targetsRequired',
    message: 'Enter at least one target domain',
  }),
  'domain.copy.targetsMax': msg({
    id: 'domain.copy.targetsMax',
    message: 'A configuration can be copied to at most 10 domains at a time',
  }),
  'domain.group.nameRequired': msg({ id: 'domain.group.nameRequired', message: 'Enter a group name' }),
  'domain.group.nameTooLong': msg({
    id: 'domain.group.nameTooLong',
    message: 'The group name can have at most 30 characters',
  }),
};

/** The message of a rule id, or the id's generic text when the browser does not know it. */
export const ruleMessage = (id: string): MessageDescriptor | undefined =>
  (domainRuleMessages as Record<string, MessageDescriptor>)[id];

export const statusLabels: Record<DomainStatus, MessageDescriptor> = {
  active: msg({ id: 'domain.status.active', message: 'Active' }),
  hung_up: msg({ id: 'domain.status.hungUp', message: 'Suspended' }),
  deleted: msg({ id: 'domain.status.deleted', message: 'Deleted' }),
};

export const actionLabels: Record<DomainAction, MessageDescriptor> = {
  hangUp: msg({ id: 'domain.action.hangUp', message: 'Suspend' }),
  recover: msg({ id: 'domain.action.recover', message: 'Resume' }),
  delete: msg({ id: 'domain.action.delete', message: 'Delete' }),
  rename: msg({ id: 'domain.action.rename', message: 'Rename' }),
  move: msg({ id: 'domain.action.move', message: 'Move to group' }),
  copy: msg({ id: 'domain.action.copy', message: 'Copy configuration' }),
  configure: msg({ id: 'domain.action.configure', message: 'Edit configuration' }),
};

export const specialConfigMessage = msg({
  id: 'domain.rule.specialConfig',
  message: 'This domain has a special configuration: contact an administrator',
});
export const httpsNotCopiedMessage = msg({
  id: 'domain.copy.httpsNotCopied',
  message: 'A certificate cannot be reused by a new domain, HTTPS config cannot be copied',
});
export const copyFailedMessage = msg({ id: 'domain.copy.failed', message: 'Copy config failed' });

/** Why a change was not saved in the outbox on this device: its storage is full, or it failed otherwise. */
export const saveFailureMessage = (error: unknown): MessageDescriptor =>
  error instanceof StoreFullError
    ? msg({
        id: 'domain.list.save.storageFull',
        message: "This device's storage is full, so the change was not saved. Free some space and try again.",
      })
    : msg({
        id: 'domain.list.save.failed',
        message: 'The change could not be saved on this device. Please try again.',
      });

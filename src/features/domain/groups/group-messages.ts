import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { domainRuleMessages } from '../domain-messages';
import { textRuleMessages } from '../../../ui/text-messages';
import type { GroupNameIssue } from './group-rules';

/**
 * The group refusals the server also sends (server/i18n/messages.ts), with the server's words,
 * so the browser's check and the server's refusal read the same.
 */
export const groupRefusals = {
  exists: msg({ id: 'domain.group.exists', message: 'A group with this name already exists' }),
  notEmpty: msg({
    id: 'domain.group.notEmpty',
    message: 'The group still has domains: move them out before deleting it',
  }),
  limit: msg({ id: 'domain.group.limit', message: 'At most 100 groups can be created' }),
};

export const groupNameMessages: Record<GroupNameIssue, MessageDescriptor> = {
  ...textRuleMessages,
  'domain.group.nameRequired': domainRuleMessages['domain.group.nameRequired'],
  'domain.group.nameTooLong': domainRuleMessages['domain.group.nameTooLong'],
  'domain.group.exists': groupRefusals.exists,
};

export const groupTexts = {
  all: msg({ id: 'domain.group.all', message: 'All domains' }),
  none: msg({ id: 'domain.group.none', message: 'No group' }),
};

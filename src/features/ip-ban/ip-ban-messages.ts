import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { BanLineProblem, BanRequestProblem, BanFieldProblem } from '../../contract/rules/ip-ban';
import { textRuleMessages } from '../../ui/text-messages';

/**
 * The texts of the contract's IP-ban message ids (src/contract/rules/ip.ts, rules/ip-ban.ts).
 * The ids the server also sends (server/i18n/messages.ts) carry the server's very words, so a
 * rule reads the same whether the browser or the server caught it.
 */
export const ipBanRuleMessages: Record<
  BanLineProblem | BanRequestProblem | BanFieldProblem,
  MessageDescriptor
> = {
  ...textRuleMessages,
  'ipBan.rule.required': msg({ id: 'ipBan.rule.required', message: 'Enter an IP address or CIDR range' }),
  'ipBan.rule.format': msg({
    id: 'ipBan.rule.format',
    message: 'Enter a valid IPv4 or IPv6 address or CIDR range',
  }),
  'ipBan.rule.prefix': msg({
    id: 'ipBan.rule.prefix',
    message: 'The prefix length is invalid: at most /32 for IPv4 and /128 for IPv6',
  }),
  'ipBan.rule.hostBits': msg({
    id: 'ipBan.rule.hostBits',
    message: 'A CIDR range must start at its network address, with the host bits zero (e.g. 192.0.2.0/24)',
  }),
  'ipBan.rule.tooWide': msg({
    id: 'ipBan.rule.tooWide',
    message: 'The range is too wide: the prefix must be at least /8 for IPv4 and /32 for IPv6',
  }),
  'ipBan.rule.duplicate': msg({ id: 'ipBan.rule.duplicate', message: 'Same as line {line}' }),
  'ipBan.rule.overlapsLine': msg({ id: 'ipBan.rule.overlapsLine', message: 'It overlaps line {line}' }),
  'ipBan.rule.alreadyBanned': msg({
    id: 'ipBan.rule.alreadyBanned',
    message: 'This IP or range is already banned',
  }),
  'ipBan.rule.overlapsEntry': msg({
    id: 'ipBan.rule.overlapsEntry',
    message: 'It overlaps {entry}, which is already banned',
  }),
  'ipBan.rule.noLines': msg({
    id: 'ipBan.rule.noLines',
    message: 'Enter at least one IP address or CIDR range',
  }),
  'ipBan.rule.tooManyLines': msg({
    id: 'ipBan.rule.tooManyLines',
    message: 'At most 500 lines can be banned at a time',
  }),
  'ipBan.rule.listFull': msg({
    id: 'ipBan.rule.listFull',
    message: 'The ban list is full: at most 10,000 entries can be banned at a time',
  }),
  'ipBan.reason.tooLong': msg({
    id: 'ipBan.reason.tooLong',
    message: 'The reason can have at most 100 characters',
  }),
  'ipBan.expiry.format': msg({ id: 'ipBan.expiry.format', message: 'Enter a valid expiry time' }),
  'ipBan.expiry.past': msg({ id: 'ipBan.expiry.past', message: 'The expiry time must be in the future' }),
};

const invalidValue = msg({ id: 'ipBan.rule.invalid', message: 'This value is not valid' });

/**
 * The text of a rule's message id. `other` is what the problem names: another line's number
 * (duplicates, overlapping lines) or an entry of the list.
 */
export function ruleText(i18n: I18n, id: string, other?: string): string {
  const descriptor = ipBanRuleMessages[id as keyof typeof ipBanRuleMessages] ?? invalidValue;
  // A descriptor with its values: the extractor reads literal `_()` arguments as messages.
  const withValues: MessageDescriptor = { ...descriptor, values: { line: other ?? '', entry: other ?? '' } };
  return i18n._(withValues);
}

export const statusLabels: Record<'banned' | 'unbanned', MessageDescriptor> = {
  banned: msg({ id: 'ipBan.status.banned', message: 'Banned' }),
  unbanned: msg({ id: 'ipBan.status.unbanned', message: 'Unbanned' }),
};

export const pendingLabels: Record<'queued' | 'rejected' | 'conflict', MessageDescriptor> = {
  queued: msg({ id: 'ipBan.pending.queued', message: 'Pending sync' }),
  rejected: msg({ id: 'ipBan.pending.rejected', message: 'Rejected' }),
  conflict: msg({ id: 'ipBan.pending.conflict', message: 'Conflict' }),
};

export const familyLabels: Record<4 | 6, MessageDescriptor> = {
  4: msg({ id: 'ipBan.family.ipv4', message: 'IPv4' }),
  6: msg({ id: 'ipBan.family.ipv6', message: 'IPv6' }),
};

export const fieldLabels = {
  status: msg({ id: 'ipBan.field.status', message: 'Status' }),
  reason: msg({ id: 'ipBan.field.reason', message: 'Reason' }),
  expiry: msg({ id: 'ipBan.field.expiry', message: 'Expires' }),
};

export const valueTexts = {
  noExpiry: msg({ id: 'ipBan.value.noExpiry', message: 'Never' }),
  expired: msg({ id: 'ipBan.value.expired', message: 'Expired' }),
  notOnServer: msg({ id: 'ipBan.value.notOnServer', message: '(not on the server)' }),
};

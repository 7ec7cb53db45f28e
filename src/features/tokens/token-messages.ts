import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TokenAccess } from '../../contract/users';
import { textRuleMessages } from '../../ui/text-messages';
import type { Problem } from './token-form';

/**
 * Messages of other catalogs this screen says as well, named by their id: the same rule, or the
 * same event, reads the same everywhere. The address rules are IP blocking's (ip-ban.po, loaded
 * with this screen), the rest the first load's (messages.po). Plain descriptors, so the
 * extraction does not copy them into this screen's part; the English is the fallback of a test
 * render (tests/unit/features/tokens/messages.test.ts holds them to those catalogs).
 */
export const firstLoadMessages = {
  /** src/contract/rules/ip.ts, as the IP-ban dialog and the server say them. */
  'ipBan.rule.required': { id: 'ipBan.rule.required', message: 'Enter an IP address or CIDR range' },
  'ipBan.rule.format': {
    id: 'ipBan.rule.format',
    message: 'Enter a valid IPv4 or IPv6 address or CIDR range',
  },
  'ipBan.rule.prefix': {
    id: 'ipBan.rule.prefix',
    message: 'The prefix length is invalid: at most /32 for IPv4 and /128 for IPv6',
  },
  'ipBan.rule.hostBits': {
    id: 'ipBan.rule.hostBits',
    message: 'A CIDR range must start at its network address, with the host bits zero (e.g. 192.0.2.0/24)',
  },
  'ipBan.rule.tooWide': {
    id: 'ipBan.rule.tooWide',
    message: 'The range is too wide: the prefix must be at least /8 for IPv4 and /32 for IPv6',
  },
  'ipBan.rule.duplicate': { id: 'ipBan.rule.duplicate', message: 'Same as line {line}' },
} satisfies Record<string, MessageDescriptor>;

/**
 * The texts of the form's rules by message id. The ids the server also sends
 * (server/i18n/messages.ts, `token.*`) carry the server's very words, so a rule reads the same
 * whether the form or the server caught it.
 */
export const tokenRuleMessages: Record<string, MessageDescriptor> = {
  ...textRuleMessages,
  'ipBan.rule.required': firstLoadMessages['ipBan.rule.required'],
  'ipBan.rule.format': firstLoadMessages['ipBan.rule.format'],
  'ipBan.rule.prefix': firstLoadMessages['ipBan.rule.prefix'],
  'ipBan.rule.hostBits': firstLoadMessages['ipBan.rule.hostBits'],
  'ipBan.rule.tooWide': firstLoadMessages['ipBan.rule.tooWide'],
  'ipBan.rule.duplicate': firstLoadMessages['ipBan.rule.duplicate'],
  'token.apiDisabled': msg({
    id: 'token.apiDisabled',
    message: 'This sub-account has no API permission. Enable it in its permissions first.',
  }),
  'token.expiry.past': msg({ id: 'token.expiry.past', message: 'The expiry must be in the future.' }),
  'token.domains.required': msg({
    id: 'token.domains.required',
    message: 'Choose at least one domain, or all domains.',
  }),
  'token.form.userRequired': msg({
    id: 'token.form.userRequired',
    message: 'Choose the user the token acts as.',
  }),
  'token.form.remarkTooLong': msg({
    id: 'token.form.remarkTooLong',
    message:
      '{max, plural, one {The remark can have at most # character.} other {The remark can have at most # characters.}}',
  }),
  'token.form.expiryDate': msg({ id: 'token.form.expiryDate', message: 'Choose the last day of the token.' }),
  'token.form.addressLines': msg({
    id: 'token.form.addressLines',
    message: '{count, plural, one {# line needs fixing.} other {# lines need fixing.}}',
  }),
  'token.form.addressesTooMany': msg({
    id: 'token.form.addressesTooMany',
    message:
      'At most {max, plural, one {# IP address or range} other {# IP addresses or ranges}} can be allowed.',
  }),
  'token.form.domainsTooMany': msg({
    id: 'token.form.domainsTooMany',
    message: 'At most {max, plural, one {# domain} other {# domains}} can be chosen.',
  }),
};

const invalidValue = msg({ id: 'token.form.invalid', message: 'This value is not valid.' });

/** The text of a problem: the console's for a rule it knows, else the server's words. */
export function problemText(i18n: I18n, problem: Problem | undefined): string | null {
  if (!problem) return null;
  const known = tokenRuleMessages[problem.id];
  if (!known) return problem.text ?? i18n._(invalidValue);
  // A descriptor with its values: the extractor reads literal `_()` arguments as messages.
  const withValues: MessageDescriptor = { ...known, values: problem.values ?? {} };
  return i18n._(withValues);
}

export const accessLabels: Record<TokenAccess, MessageDescriptor> = {
  read: msg({ id: 'token.access.read', message: 'Read only' }),
  write: msg({ id: 'token.access.write', message: 'Read-write' }),
};

export const accessHints: Record<TokenAccess, MessageDescriptor> = {
  read: msg({
    id: 'token.access.readHint',
    message: 'Reads lists, configuration, statistics and logs; any change is refused.',
  }),
  write: msg({
    id: 'token.access.writeHint',
    message: 'Also changes what its user may change: domains, configuration, certificates, IP blocking.',
  }),
};

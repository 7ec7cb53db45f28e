import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SecurityLevel } from '../../contract/users';
import { textRuleMessages } from '../../ui/text-messages';
import type { UserDetailTab } from './search';
import type { Problem } from './validate';

/**
 * The texts of the message ids of the sub-account rules (src/contract/users.ts,
 * src/contract/rules/account.ts), in the server's very words (server/i18n/messages.ts), so a rule
 * reads the same whether the form or the server caught it.
 */
export const userRuleMessages: Record<string, MessageDescriptor> = {
  ...textRuleMessages,
  'user.login.required': msg({ id: 'user.login.required', message: 'Enter a login' }),
  'user.login.invalid': msg({
    id: 'user.login.invalid',
    message: "A login is 4–32 characters: a letter first, then letters, digits, '_', '-' or '.'",
  }),
  'user.password.required': msg({ id: 'user.password.required', message: 'Enter a password' }),
  'user.password.spaces': msg({
    id: 'user.password.spaces',
    message: 'The password cannot contain spaces',
  }),
  'user.password.length': msg({
    id: 'user.password.length',
    message: 'The password must be 8–20 characters',
  }),
  'user.password.classes': msg({
    id: 'user.password.classes',
    message: 'The password needs at least three of: uppercase letters, lowercase letters, digits, symbols',
  }),
  'user.password.mismatch': msg({
    id: 'user.password.mismatch',
    message: 'The two passwords do not match',
  }),
  'user.password.currentRequired': msg({
    id: 'user.password.currentRequired',
    message: 'Enter the current password',
  }),
  'user.password.wrong': msg({ id: 'user.password.wrong', message: 'The current password is incorrect.' }),
  'user.password.unchanged': msg({
    id: 'user.password.unchanged',
    message: 'The new password must differ from the current one.',
  }),
  'user.twoFactor.codeInvalid': msg({ id: 'user.twoFactor.codeInvalid', message: 'Enter the 6-digit code.' }),
  'user.twoFactor.codeWrong': msg({
    id: 'user.twoFactor.codeWrong',
    message: 'The code is incorrect or was already used. Enter the current code of your authenticator app.',
  }),
  'user.twoFactor.codeOrRecovery': msg({
    id: 'user.twoFactor.codeOrRecovery',
    message: 'Enter a 6-digit code or a recovery code',
  }),
  'account.mobile.invalid': msg({
    id: 'account.mobile.invalid',
    message: 'Please enter a valid 11-digit mobile number.',
  }),
  'account.email.invalid': msg({
    id: 'account.email.invalid',
    message: 'Please enter a valid email address.',
  }),
};

const generic = msg({ id: 'user.form.invalid', message: 'This value is not valid' });

/** The text of a field's problem: the console's for a rule it knows, else the server's words. */
export function problemText(i18n: I18n, problem: Problem | undefined): string | null {
  if (!problem) return null;
  const known = userRuleMessages[problem.id];
  if (known) return i18n._(known);
  return problem.text ?? i18n._(generic);
}

/** spec §3 Sub-account: security level. */
export const securityLabels: Record<SecurityLevel, MessageDescriptor> = {
  low: msg({ id: 'user.security.low', message: 'Low' }),
  medium: msg({ id: 'user.security.medium', message: 'Medium' }),
  high: msg({ id: 'user.security.high', message: 'High' }),
};
export const securityColors: Record<SecurityLevel, string> = {
  low: 'orange',
  medium: 'blue',
  high: 'green',
};

/** spec §2: the steps of "create sub-account". */
export const createSteps = ['info', 'permissions', 'done'] as const;
export type CreateStep = (typeof createSteps)[number];
export const stepTitles: Record<CreateStep, MessageDescriptor> = {
  info: msg({ id: 'user.create.step.info', message: 'Fill in info' }),
  permissions: msg({ id: 'user.create.step.permissions', message: 'Assign permissions' }),
  done: msg({ id: 'user.create.step.done', message: 'Done' }),
};

export const tabLabels: Record<UserDetailTab, MessageDescriptor> = {
  profile: msg({ id: 'user.detail.tab.profile', message: 'Profile' }),
  permissions: msg({ id: 'user.detail.tab.permissions', message: 'Permissions' }),
  security: msg({ id: 'user.detail.tab.security', message: 'Security' }),
};

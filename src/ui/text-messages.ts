import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TextProblem } from '../contract';

/**
 * The texts of the text rule every free-text field follows (src/contract/rules/text.ts), in the
 * server's words (server/i18n/messages.ts), so the form and the server say the same.
 */
export const textRuleMessages: Record<TextProblem, MessageDescriptor> = {
  'common.text.invalidLine': msg({
    id: 'common.text.invalidLine',
    message: 'Enter one line without control characters or text-direction characters',
  }),
  'common.text.invalidMultiline': msg({
    id: 'common.text.invalidMultiline',
    message: 'Remove the control characters or text-direction characters',
  }),
};

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { textRuleMessages } from '../../ui/text-messages';

/** The texts of the contract's feedback message ids (src/contract/rules/feedback.ts), spec §8. */
export const feedbackRuleMessages: Record<string, MessageDescriptor> = {
  ...textRuleMessages,
  'feedback.type.required': msg({ id: 'feedback.type.required', message: 'Choose a submission type' }),
  'feedback.product.required': msg({ id: 'feedback.product.required', message: 'Choose a product' }),
  'feedback.title.required': msg({ id: 'feedback.title.required', message: 'Enter a title' }),
  'feedback.title.tooLong': msg({
    id: 'feedback.title.tooLong',
    message: 'The title can have at most 50 characters',
  }),
  'feedback.content.required': msg({ id: 'feedback.content.required', message: 'Describe your feedback' }),
  'feedback.content.tooLong': msg({
    id: 'feedback.content.tooLong',
    message: 'The content can have at most 1000 characters',
  }),
  'feedback.images.tooMany': msg({ id: 'feedback.images.tooMany', message: 'Upload up to 5 pictures!' }),
  'feedback.images.badType': msg({
    id: 'feedback.images.badType',
    message: 'Wrong file type: only jpg, png, gif and svg are supported.',
  }),
  'feedback.images.tooLarge': msg({ id: 'feedback.images.tooLarge', message: 'File size exceeds 5 MB' }),
};

export const feedbackTypeLabels: Record<string, MessageDescriptor> = {
  suggestion: msg({ id: 'feedback.form.typeSuggestion', message: 'Suggestion' }),
  defect: msg({ id: 'feedback.form.typeDefect', message: 'Functional defect' }),
  bug: msg({ id: 'feedback.form.typeBug', message: 'Bug' }),
  other: msg({ id: 'feedback.form.typeOther', message: 'Other' }),
};

import { z } from 'zod';
import { checkText, type TextShape } from './rules/text';

/**
 * A string held to the text rule (`rules/text`): every free-text field of the API is one of
 * these, so the rule is checked on the raw value before any trimming or length rule.
 */
export const text = (shape: TextShape = 'line', options: { missing?: string } = {}) =>
  z
    .string(options.missing ? { error: options.missing } : undefined)
    .superRefine((value, ctx) => {
      const problem = checkText(value, shape);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, continue: false });
    })
    // Named in the OpenAPI document (`x-text`), and found there by the tests of the rule.
    .meta({ 'x-text': shape });

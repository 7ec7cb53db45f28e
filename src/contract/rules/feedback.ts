import { productKeys } from '../dictionary';
import { limits } from '../limits';
import { checkText } from './text';

/** spec §2, §5: feedback submission types. */
export const feedbackTypes = ['suggestion', 'defect', 'bug', 'other'] as const;
export type FeedbackType = (typeof feedbackTypes)[number];

export interface FeedbackDraft {
  type: string;
  product: string;
  title: string;
  content: string;
  imageIds: readonly string[];
}

/**
 * The message id refusing one text of a form (the text rule's, then `[required, tooLong]` for a
 * blank value or one over `max` characters once trimmed); null when it is valid. The same rule as
 * the server's schemas (`feedbackText` in ../schemas).
 */
export function checkFormText(
  value: string,
  shape: 'line' | 'multiline',
  max: number,
  [required, tooLong]: readonly [string, string],
): string | null {
  const bad = checkText(value, shape);
  if (bad) return bad;
  const trimmed = value.trim();
  if (trimmed === '') return required;
  return [...trimmed].length > max ? tooLong : null;
}

/** The title of a feedback or a ticket (one line, at most `max` characters); null when it is valid. */
export const checkFormTitle = (title: string, max: number): string | null =>
  checkFormText(title, 'line', max, ['feedback.title.required', 'feedback.title.tooLong']);

/** Field → message id; empty when the draft is valid. Same rule on both sides. */
export function validateFeedback(draft: FeedbackDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(feedbackTypes as readonly string[]).includes(draft.type)) errors.type = 'feedback.type.required';
  if (!(productKeys as readonly string[]).includes(draft.product))
    errors.product = 'feedback.product.required';
  const title = checkFormTitle(draft.title, limits.feedback.titleMax);
  if (title) errors.title = title;
  const content = checkFormText(draft.content, 'multiline', limits.feedback.contentMax, [
    'feedback.content.required',
    'feedback.content.tooLong',
  ]);
  if (content) errors.content = content;
  if (draft.imageIds.length > limits.feedback.imagesMax) errors.images = 'feedback.images.tooMany';
  return errors;
}

export type ImageCheck =
  'ok' | 'feedback.images.tooMany' | 'feedback.images.badType' | 'feedback.images.tooLarge';

/** Checks one picture before upload: count first (spec §8 'Upload up to 5 pictures!'), then type, then size. */
export function checkFeedbackImage(file: { name: string; size: number }, alreadyChosen: number): ImageCheck {
  if (alreadyChosen >= limits.feedback.imagesMax) return 'feedback.images.tooMany';
  const dot = file.name.lastIndexOf('.');
  const ext = dot < 0 ? '' : file.name.slice(dot + 1).toLowerCase();
  if (!(limits.feedback.imageExtensions as readonly string[]).includes(ext)) return 'feedback.images.badType';
  if (file.size > limits.feedback.imageBytesMax) return 'feedback.images.tooLarge';
  return 'ok';
}

/**
 * Detects a picture's type from its bytes, never from its name: jpg, png, gif by signature;
 * svg by a leading `<svg` or XML prolog followed by an `<svg` root. Returns null otherwise.
 */
export function sniffImageType(bytes: Uint8Array): (typeof limits.feedback.imageTypes)[number] | null {
  const startsWith = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (startsWith([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return 'image/gif';
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 1024))
    .replace(/^\uFEFF/, '');
  const text = head
    .replace(/<\?xml[^>]*\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<!DOCTYPE[^>]*>/i, '');
  if (/^\s*<svg[\s>]/i.test(text)) return 'image/svg+xml';
  return null;
}

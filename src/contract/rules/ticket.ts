import { limits } from '../limits';
import { checkFormText, checkFormTitle } from './feedback';

/** What a ticket is about: the console's areas, so support can route it. */
export const ticketCategories = [
  'domain',
  'https',
  'statistics',
  'content',
  'security',
  'billing',
  'account',
  'other',
] as const;
export type TicketCategory = (typeof ticketCategories)[number];

/**
 * Where a ticket stands: `processing` waits for support (new, or the customer wrote last),
 * `replied` waits for the customer (support wrote last), `closed` is final.
 */
export const ticketStatuses = ['processing', 'replied', 'closed'] as const;
export type TicketStatus = (typeof ticketStatuses)[number];

export interface TicketDraft {
  category: string;
  title: string;
  content: string;
  imageIds: readonly string[];
}

/** The message of a reply; null when it is valid. */
export const checkTicketMessage = (content: string): string | null =>
  checkFormText(content, 'multiline', limits.ticket.contentMax, [
    'ticket.content.required',
    'feedback.content.tooLong',
  ]);

/** Field → message id; empty when the draft is valid. */
export function validateTicket(draft: TicketDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(ticketCategories as readonly string[]).includes(draft.category))
    errors.category = 'ticket.category.required';
  const title = checkFormTitle(draft.title, limits.ticket.titleMax);
  if (title) errors.title = title;
  const content = checkTicketMessage(draft.content);
  if (content) errors.content = content;
  if (draft.imageIds.length > limits.feedback.imagesMax) errors.images = 'feedback.images.tooMany';
  return errors;
}

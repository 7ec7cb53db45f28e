import { z } from 'zod';
import { limits } from './limits';
import { ticketCategories, ticketStatuses } from './rules/ticket';
import { feedbackText } from './schemas';

/**
 * Tickets (spec §2 top bar "Tickets"): a question to support, with a category, a title, a
 * description and pictures, then replies both ways until it is closed. A main account sees every
 * ticket of its account, a sub-account the ones it submitted. Pictures are uploaded as feedback's
 * are (`feedbackUpload`) and attached by their ids.
 */

const imageIds = z
  .array(z.string().uuid())
  .max(limits.feedback.imagesMax, 'feedback.images.tooMany')
  .default([]);

const content = feedbackText(limits.ticket.contentMax, 'multiline', {
  required: 'ticket.content.required',
  tooLong: 'feedback.content.tooLong',
});

const ticketId = z.coerce.number().int().positive().max(2_147_483_647);

export const ticketEntry = z.object({
  id: z.number().int(),
  category: z.enum(ticketCategories),
  title: z.string(),
  status: z.enum(ticketStatuses),
  /** The user who submitted it (the main account or a sub-account). */
  creator: z.string(),
  /** Messages in the ticket, the description included. */
  message_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TicketEntry = z.infer<typeof ticketEntry>;

export const ticketListsResult = z.object({
  /** Newest activity first, at most `limits.ticket.listMax`. */
  lists: z.array(ticketEntry),
  /** Every ticket the caller sees. */
  total: z.number().int(),
  open_max: z.number().int(),
});

export const ticketPicture = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
});
export type TicketPicture = z.infer<typeof ticketPicture>;

export const ticketMessage = z.object({
  id: z.number().int(),
  /** Written by support; otherwise by `author`, a user of the account. */
  from_support: z.boolean(),
  author: z.string().nullable(),
  content: z.string(),
  pictures: z.array(ticketPicture),
  created_at: z.string(),
});
export type TicketMessage = z.infer<typeof ticketMessage>;

export const ticketDetailBody = z.object({ id: ticketId });
export const ticketDetailResult = ticketEntry.extend({ messages: z.array(ticketMessage) });
export type TicketDetail = z.infer<typeof ticketDetailResult>;

export const ticketCreateBody = z.object({
  category: z.enum(ticketCategories, { error: 'ticket.category.required' }),
  title: feedbackText(limits.ticket.titleMax, 'line', {
    required: 'feedback.title.required',
    tooLong: 'feedback.title.tooLong',
  }),
  content,
  image_ids: imageIds,
});
export type TicketCreateBody = z.input<typeof ticketCreateBody>;

export const ticketReplyBody = z.object({ id: ticketId, content, image_ids: imageIds });
export const ticketCloseBody = z.object({ id: ticketId });

/** A picture of a ticket's message, answered as the file itself (not a JSON endpoint). */
export const ticketPicturePath = '/v3/ticket/picture';
export const ticketPictureBody = z.object({ id: z.string().uuid() });

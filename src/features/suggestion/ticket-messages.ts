import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TicketCategory, TicketStatus } from '../../contract';
import { feedbackRuleMessages } from './feedback-messages';

/** What a ticket is about, in words (src/contract/rules/ticket.ts). */
export const ticketCategoryLabels: Record<TicketCategory, MessageDescriptor> = {
  domain: msg({ id: 'ticket.category.domain', message: 'Domains and configuration' }),
  https: msg({ id: 'ticket.category.https', message: 'HTTPS certificates' }),
  statistics: msg({ id: 'ticket.category.statistics', message: 'Statistics and logs' }),
  content: msg({ id: 'ticket.category.content', message: 'Refresh and prefetch' }),
  security: msg({ id: 'ticket.category.security', message: 'Security and access control' }),
  billing: msg({ id: 'ticket.category.billing', message: 'Billing and traffic packages' }),
  account: msg({ id: 'ticket.category.account', message: 'Accounts and permissions' }),
  other: msg({ id: 'ticket.category.other', message: 'Other' }),
};

/** Where a ticket stands, in words, and the colour of its badge. */
export const ticketStatusLabels: Record<TicketStatus, MessageDescriptor> = {
  processing: msg({ id: 'ticket.status.processing', message: 'In progress' }),
  replied: msg({ id: 'ticket.status.replied', message: 'Awaiting your reply' }),
  closed: msg({ id: 'ticket.status.closed', message: 'Closed' }),
};
export const ticketStatusColors: Record<TicketStatus, string> = {
  processing: 'blue',
  replied: 'orange',
  closed: 'gray',
};

/** The texts of the ticket form's message ids: the contract's (src/contract/ticket.ts) and feedback's. */
export const ticketRuleMessages: Record<string, MessageDescriptor> = {
  ...feedbackRuleMessages,
  'ticket.category.required': msg({ id: 'ticket.category.required', message: 'Choose a category' }),
  'ticket.content.required': msg({ id: 'ticket.content.required', message: 'Describe the problem' }),
};

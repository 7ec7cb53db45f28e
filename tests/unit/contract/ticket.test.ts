import { describe, expect, it } from 'vitest';
import { checkTicketMessage, validateTicket } from '../../../src/contract';
import { ticketCreateBody, ticketReplyBody } from '../../../src/contract/ticket';

/** The field → message id the server's schema answers for a body. */
function serverIssues(body: Record<string, unknown>): Record<string, string> {
  const parsed = ticketCreateBody.safeParse(body);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe('the ticket form', () => {
  const cases: [string, { category: string; title: string; content: string }][] = [
    ['valid', { category: 'https', title: 'Old certificate', content: 'Still served in Guangzhou.' }],
    ['nothing chosen or typed', { category: '', title: '  ', content: '' }],
    ['unknown category', { category: 'refund', title: 'x', content: 'y' }],
    ['title of 51 characters', { category: 'other', title: '题'.repeat(51), content: 'y' }],
    ['title of 50 emoji', { category: 'other', title: '😀'.repeat(50), content: 'y' }],
    ['description of 1001 characters', { category: 'other', title: 'x', content: 'a'.repeat(1001) }],
    ['text-direction character', { category: 'other', title: 'a\u202eb', content: 'y' }],
    ['line breaks in the description', { category: 'other', title: 'x', content: 'line 1\nline 2' }],
  ];

  it.each(cases)('is judged alike in the browser and on the server: %s', (_name, draft) => {
    expect(validateTicket({ ...draft, imageIds: [] })).toEqual(serverIssues({ ...draft, image_ids: [] }));
  });

  it('asks for a description and a category in its own words', () => {
    expect(validateTicket({ category: '', title: 'x', content: ' ', imageIds: [] })).toEqual({
      category: 'ticket.category.required',
      content: 'ticket.content.required',
    });
  });

  it('judges a reply by the description’s rule', () => {
    expect(checkTicketMessage('  ')).toBe('ticket.content.required');
    expect(checkTicketMessage('ok')).toBeNull();
    const reply = ticketReplyBody.safeParse({ id: 1, content: 'b'.repeat(1001) });
    expect(reply.success ? null : reply.error.issues[0]?.message).toBe(checkTicketMessage('b'.repeat(1001)));
  });
});

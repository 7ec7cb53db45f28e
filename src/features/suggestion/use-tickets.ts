import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { api } from '../../api';
import type { InputOf, OutputOf } from '../../contract';
import { ticketPicturePath, type TicketDetail } from '../../contract/ticket';
import { useCall, withReads as withAccountReads } from '../../sync/reads';
import { useReadAccounts } from '../../ui/app-state';

/** A screen of this feature inside the read layer of the signed-in account pair. */
export const withReads = <P extends object>(Body: ComponentType<P>) =>
  withAccountReads(Body, useReadAccounts);

/** The tickets the user sees, kept for reading offline. */
export const useTickets = () => useCall('ticketLists', undefined);

/** One ticket with its messages, kept for reading offline. */
export const useTicket = (id: number) => useCall('ticketDetail', { id });

/**
 * Submitting, answering and closing tickets, online only (pictures are uploaded first, and a
 * ticket is a conversation with support, not an edit to replay). Each answer is the ticket as it
 * stands: the detail is replaced by it and the list read again.
 */
export function useTicketCalls() {
  const client = useQueryClient();
  const settle = (ticket: TicketDetail) => {
    client.setQueryData<OutputOf<'ticketDetail'>>(['ticketDetail', { id: ticket.id }], ticket);
    void client.invalidateQueries({ queryKey: ['ticketLists'] });
    return ticket;
  };
  return {
    create: (input: InputOf<'ticketCreate'>) => api.call('ticketCreate', input).then(settle),
    reply: (input: InputOf<'ticketReply'>) => api.call('ticketReply', input).then(settle),
    close: (id: number) => api.call('ticketClose', { id }).then(settle),
  };
}

const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('picture unreadable'));
    reader.readAsDataURL(blob);
  });

/**
 * A picture of a ticket's message, as an address an image can show. Read once per page and not
 * kept for offline use with the answers (a picture may be 5 MB): offline, an unread picture shows
 * its name only.
 */
export function useTicketPicture(id: string) {
  const query = useQuery({
    queryKey: ['ticketPicture', id],
    queryFn: () =>
      api.download(ticketPicturePath, { id }, { quiet: true }).then(({ blob }) => dataUrlOf(blob)),
    staleTime: Infinity,
    persister: undefined,
  });
  return { url: query.data, failed: query.isError || query.isPaused };
}

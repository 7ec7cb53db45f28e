import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ticketStatuses, type TicketStatus } from '../../contract';
import { useReadsStatus } from '../../sync/reads';
import { EmptyListCard } from '../../ui/empty-list-card';
import { FilterSelect } from '../../ui/filter-select';
import { ListPage } from '../../ui/list-page';
import { useOnline } from '../../ui/use-online';
import { emptyTicketDraft, TicketCreateDialog, type TicketDraft } from './ticket-create-dialog';
import { ticketStatusLabels } from './ticket-messages';
import { TicketTable } from './ticket-table';
import { usePictureUploads } from './use-picture-uploads';
import { useTicketCalls, useTickets, withReads } from './use-tickets';

interface TicketListProps {
  /** Opens a ticket (after submitting it). */
  onOpen: (id: number) => void;
  /** Opens "Submit ticket" at once (from a closed ticket's "Submit a new ticket"). */
  create?: boolean;
}

/**
 * Tickets (spec §2 top bar): the questions the user's account put to support, newest activity
 * first, and "Submit ticket". Read through the read layer, so the list stays readable offline
 * "as of" its time; submitting needs a connection.
 */
export const TicketListScreen = withReads(TicketListBody);

function TicketListBody({ onOpen, create = false }: TicketListProps) {
  const { t } = useLingui();
  const online = useOnline();
  const read = useTickets();
  const reads = useReadsStatus(online);
  const calls = useTicketCalls();
  const [status, setStatus] = useState<TicketStatus | undefined>(undefined);
  const [creating, setCreating] = useState(create);
  // Kept while the dialog is closed and opened again; emptied once the ticket is submitted.
  const [draft, setDraft] = useState<TicketDraft>(emptyTicketDraft);
  const pictures = usePictureUploads();

  const title = t({ id: 'ticket.list.title', message: 'Tickets' });
  const all = read.data?.lists ?? [];
  const shown = status ? all.filter((ticket) => ticket.status === status) : all;
  const total = read.data?.total ?? 0;
  const newest = all.length;
  const createButton = (
    <Button size="sm" colorPalette="blue" disabled={!online} onClick={() => setCreating(true)}>
      {t({ id: 'ticket.list.create', message: 'Submit ticket' })}
    </Button>
  );

  const dialog = creating ? (
    <TicketCreateDialog
      draft={draft}
      onDraftChange={setDraft}
      pictures={pictures}
      online={online}
      onClose={() => setCreating(false)}
      onSubmit={async (body) => {
        const ticket = await calls.create(body);
        setDraft(emptyTicketDraft);
        pictures.clear();
        setCreating(false);
        onOpen(ticket.id);
      }}
    />
  ) : null;

  return (
    <ListPage
      title={title}
      intro={t({
        id: 'ticket.list.intro',
        message:
          'Ask support about anything in the console. Support replies here; you can reply in turn until the ticket is closed.',
      })}
      count={t({
        id: 'ticket.list.count',
        message: plural(total, { one: '# ticket.', other: '# tickets.' }),
      })}
      reads={reads}
      read={read}
      actions={read.data ? createButton : null}
      neverRead={{
        what: t({ id: 'ticket.list.what', message: 'the tickets' }),
        offlineHint: t({
          id: 'ticket.list.offlineHint',
          message: 'Connect to the internet once to load them; they are then kept for offline use.',
        }),
      }}
    >
      {() => (
        <>
          {all.length === 0 ? (
            <EmptyListCard
              title={t({ id: 'ticket.list.empty', message: 'No tickets yet.' })}
              hint={t({
                id: 'ticket.list.emptyHint',
                message:
                  'When something in the console does not work as you expect, submit a ticket: say which domain and URL, since when, and add screenshots.',
              })}
              action={createButton}
            />
          ) : (
            <Stack gap="3">
              <HStack>
                <FilterSelect
                  label={t({ id: 'ticket.list.statusFilter', message: 'Status' })}
                  value={status}
                  all={t({ id: 'ticket.list.allStatuses', message: 'All statuses' })}
                  options={ticketStatuses.map((value) => ({ value, label: t(ticketStatusLabels[value]) }))}
                  onChange={setStatus}
                />
              </HStack>
              <TicketTable tickets={shown} />
              {shown.length === 0 ? (
                <Text color="fg.muted" fontSize="sm" textAlign="center" py="4">
                  {t({ id: 'ticket.list.noneOfStatus', message: 'No tickets have this status.' })}
                </Text>
              ) : null}
              {total > all.length ? (
                <Text color="fg.muted" fontSize="sm">
                  {t({
                    id: 'ticket.list.newestOnly',
                    message: plural(newest, {
                      one: 'The newest # ticket is shown.',
                      other: 'The newest # tickets are shown.',
                    }),
                  })}
                </Text>
              ) : null}
            </Stack>
          )}
          {dialog}
        </>
      )}
    </ListPage>
  );
}

import { Button, HStack, Spinner, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { formatDateTime } from './format';
import { isLive, type StoredList } from './stored-list';

/**
 * The state of a list kept on this device, in the header of its screen: the time of the data
 * when it may not be current (offline, or the last refresh failed), a spinner while it is being
 * brought up to date, and the button that brings it up to date.
 */
export function StoredListStatus({ list }: { list: StoredList }) {
  const { t } = useLingui();
  const { fetchedAt, online, pullState, neverRead, pull } = list;
  const live = isLive(list);
  const asOf = fetchedAt === undefined ? null : formatDateTime(fetchedAt);
  const pulling = pullState === 'pulling';
  return (
    <>
      {!live && asOf ? (
        <Text fontSize="sm" color="fg.warning" role="status">
          {t({ id: 'list.asOf', message: `Data as of ${asOf}` })}
        </Text>
      ) : null}
      {/* While nothing is stored, the body of the screen says that the list is being read. */}
      {pulling && !neverRead ? (
        <HStack gap="2" role="status">
          <Spinner size="xs" color="fg.muted" />
          <Text fontSize="sm" color="fg.muted">
            {t({ id: 'list.refreshing', message: 'Refreshing…' })}
          </Text>
        </HStack>
      ) : null}
      <Button variant="outline" size="sm" onClick={pull} disabled={!online || pulling}>
        {t({ id: 'list.refresh', message: 'Refresh' })}
      </Button>
    </>
  );
}

import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ScreenSkeleton } from './screen-skeleton';
import { isLive, type StoredList } from './stored-list';

/** The list, and the screen's own texts, which name it. */
export interface NeverReadListProps {
  list: StoredList;
  /** Shown while the list is being read. */
  loading: string;
  /** The read failed while online. */
  failedTitle: string;
  /** Offline: the list has not been read on this device yet. */
  offlineTitle: string;
  /** Offline: when the list will be read; by default, once online (`offlineHintThem`). */
  offlineHint?: string;
  /** The server's refusal (the caller may not read the list): shown instead, with no retry. */
  refused?: string | null;
}

/** The usual offline hint of a list (of many items): read once online, then kept. */
const offlineHintThem = msg({
  id: 'user.list.offlineHint',
  message: 'Connect to the internet once to load them; they are then kept for offline use.',
});

/**
 * The body of a list screen while its list was never read on this device and nothing is stored:
 * the list's shape while it is being read; otherwise why there is nothing to show, with a retry when
 * online.
 */
export function NeverReadList({
  list,
  loading,
  failedTitle,
  offlineTitle,
  offlineHint,
  refused,
}: NeverReadListProps) {
  const { t, i18n } = useLingui();
  const { online, pull } = list;
  if (!refused && isLive(list)) return <ScreenSkeleton label={loading} title={false} />;
  return (
    <Card.Root>
      <Card.Body>
        {refused ? (
          <Text role="alert">{refused}</Text>
        ) : (
          <Stack align="center" textAlign="center" gap="3" py="12" role="status">
            <Text fontWeight="semibold">{online ? failedTitle : offlineTitle}</Text>
            <Text color="fg.muted" fontSize="sm">
              {online
                ? t({ id: 'list.failedHint', message: 'Check your connection and try again.' })
                : (offlineHint ?? i18n._(offlineHintThem))}
            </Text>
            {online ? (
              <Button size="sm" variant="outline" onClick={pull}>
                {t({ id: 'common.action.retry', message: 'Retry' })}
              </Button>
            ) : null}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

import { Button, Card, Stack, Text } from '@chakra-ui/react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ScreenSkeleton } from './screen-skeleton';
import { isLive, type StoredList } from './stored-list';

/** The list, and the screen's name for it. */
export interface NeverReadListProps {
  list: StoredList;
  /**
   * What the screen reads, named as a sentence about it names it ("the sub-accounts", 「子账号列表」):
   * the list's sentences (being loaded, not loaded, not loaded on this device) are said of it.
   */
  what: string;
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

/** Said of what a screen reads while it was never read on this device (`NeverReadListProps.what`). */
export function useNeverReadTexts(what: string) {
  const { t } = useLingui();
  return {
    loading: t({ id: 'list.neverRead.loading', message: `Loading ${what}…` }),
    failedTitle: t({ id: 'list.neverRead.failed', message: `Could not load ${what}.` }),
    offlineTitle: t({ id: 'list.neverRead.offline', message: `This device has not loaded ${what} yet.` }),
    noStorage: t({
      id: 'list.neverRead.noStorage',
      message: `This browser does not let the console store data on this device, so ${what} cannot be shown or changed here. Allow site data for this site, or use another browser, then reload the page.`,
    }),
  };
}

/**
 * The body of a list screen while its list was never read on this device and nothing is stored:
 * the list's shape while it is being read; otherwise why there is nothing to show, with a retry when
 * online.
 */
export function NeverReadList({ list, what, offlineHint, refused }: NeverReadListProps) {
  const { t, i18n } = useLingui();
  const { loading, failedTitle, offlineTitle } = useNeverReadTexts(what);
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

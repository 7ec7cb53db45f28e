import { Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { ReadsStatus } from '../../sync/reads';
import { NeverReadList } from '../../ui/never-read-list';

/**
 * A screen whose account was never read on this device: being read, not read (with a retry), or
 * not readable offline until the device is online once.
 */
export function NotLoaded({
  header,
  reads,
  failed,
  what,
}: {
  header: ReactNode;
  reads: ReadsStatus;
  /** The last read failed. */
  failed: boolean;
  /** The account, as the screen names it (`NeverReadListProps.what`). */
  what: string;
}) {
  const { t } = useLingui();
  return (
    <Stack gap="5" maxW="1200px" mx="auto">
      {header}
      <NeverReadList
        list={{ ...reads, neverRead: true, pullState: failed ? 'failed' : 'pulling' }}
        what={what}
        offlineHint={t({
          id: 'user.detail.offlineHint',
          message: 'Connect to the internet once to load it; it is then kept for offline use.',
        })}
      />
    </Stack>
  );
}

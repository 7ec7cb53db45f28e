import { useReadsStatus } from '../../sync/reads';
import { StoredListStatus } from '../../ui/stored-list-status';

/**
 * How the answers a screen shows stand, in the words of the stored lists: "as of" the oldest one
 * when it may not be current (offline, or the last read failed), a spinner while they are read
 * again, and the button that reads them all again.
 */
export function ReadStatus({ online }: { online: boolean }) {
  return <StoredListStatus list={useReadsStatus(online)} />;
}

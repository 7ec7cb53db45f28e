import { ScreenSkeleton } from './screen-skeleton';
import { StorageUnavailable } from './storage-unavailable';

export interface ListPendingProps {
  /** The browser does not let the console store data on this device. */
  storageUnavailable: boolean;
  /** The screen's title. */
  title: string;
  /** What the user can do without storage. */
  noStorage: string;
  /** Said to screen readers while the store or the list opens. */
  loading: string;
}

/**
 * A screen of a list kept on this device, before the store and the list are open: the shape of
 * the screen, or why there will be none (every change goes through the outbox on this device).
 */
export function ListPending({ storageUnavailable, title, noStorage, loading }: ListPendingProps) {
  return storageUnavailable ? (
    <StorageUnavailable title={title} message={noStorage} />
  ) : (
    <ScreenSkeleton label={loading} />
  );
}

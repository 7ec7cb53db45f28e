/** How bringing a list stored on this device up to date from the server stands. */
export type ListPullState = 'idle' | 'pulling' | 'done' | 'failed';

/** A list kept on this device and brought up to date from the server while its screen is open. */
export interface StoredList {
  /** When it was last read from the server (epoch milliseconds); undefined when never on this device. */
  fetchedAt: number | undefined;
  /** Never read on this device and nothing stored, not even a pending edit: there is nothing to show. */
  neverRead: boolean;
  online: boolean;
  pullState: ListPullState;
  /** Brings the list up to date now. */
  pull: () => void;
}

/**
 * The stored list of a screen, from its last read (undefined when never), how many rows it holds
 * with the pending edits, the connection, and the refresh that keeps it up to date.
 */
export function storedList(
  read: { fetchedAt: number } | undefined,
  rowCount: number,
  online: boolean,
  refresh: { state: ListPullState; pull: () => void },
): StoredList {
  return {
    fetchedAt: read?.fetchedAt,
    neverRead: read === undefined && rowCount === 0,
    online,
    pullState: refresh.state,
    pull: refresh.pull,
  };
}

/** Online and the last refresh has not failed: what the list shows is current, or is being made so. */
export const isLive = (list: Pick<StoredList, 'online' | 'pullState'>) =>
  list.online && list.pullState !== 'failed';

/** Nothing on this device yet, and it is being read: the screen shows its shape meanwhile. */
export const isFirstRead = (list: StoredList) => list.neverRead && isLive(list);

import type { ReactNode } from 'react';
import { ListPending, type ListPendingProps } from './list-pending';
import type { NeverReadTexts } from './list-page';
import { NeverReadList, useNeverReadTexts } from './never-read-list';
import { ScreenPage, type ScreenPageProps } from './screen-page';
import type { StoredList } from './stored-list';
import { StoredListStatus } from './stored-list-status';

export interface StoredListPageProps<T>
  extends
    Omit<ScreenPageProps, 'title' | 'children'>,
    Pick<ListPendingProps, 'storageUnavailable' | 'title'>,
    NeverReadTexts {
  /** What the screen shows, as stored on this device; undefined while the store or the list opens. */
  data: T | undefined;
  /** How the stored list stands (`storedList`), for its status and while it was never read. */
  list: StoredList;
  /** The screen's dialogs, kept whether or not the list was read. */
  dialogs?: ReactNode;
  /** The body, once the list is stored on this device. */
  children: (data: T) => ReactNode;
}

/**
 * A screen of a list kept on this device: its shape while the store opens (or why there is no
 * store); then its header with the status of the list and the screen's buttons, and its body, or,
 * while the list was never read on this device, why there is nothing to show.
 */
export function StoredListPage<T>({
  data,
  list,
  storageUnavailable,
  what,
  offlineHint,
  title,
  actions,
  dialogs,
  children,
  ...frame
}: StoredListPageProps<T>) {
  const { loading, noStorage } = useNeverReadTexts(what);
  if (data === undefined)
    return (
      <ListPending
        storageUnavailable={storageUnavailable}
        title={title}
        noStorage={noStorage}
        loading={loading}
      />
    );
  return (
    <ScreenPage
      title={title}
      {...frame}
      actions={
        <>
          <StoredListStatus list={list} />
          {actions}
        </>
      }
    >
      {list.neverRead ? <NeverReadList list={list} what={what} offlineHint={offlineHint} /> : children(data)}
      {dialogs}
    </ScreenPage>
  );
}

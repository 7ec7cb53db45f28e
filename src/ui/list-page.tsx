import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { NeverReadCall } from './never-read-call';
import type { NeverReadListProps } from './never-read-list';
import { ScreenPage } from './screen-page';
import type { StoredList } from './stored-list';
import { StoredListStatus } from './stored-list-status';

/** What separates two sentences: a space in English, nothing after a Chinese full stop. */
const sentenceGap = (locale: string) => (locale.startsWith('zh') ? '' : ' ');

/** The screen's own words for its list while it was never read on this device. */
export type NeverReadTexts = Pick<NeverReadListProps, 'what' | 'offlineHint'>;

export interface ListPageProps<T> {
  title: string;
  /** What the screen is for, under the title. */
  intro: string;
  /** How much the list holds (and may hold): said after the intro once the list is read. */
  count?: string;
  /** How the screen's reads stand (`useReadsStatus`). */
  reads: StoredList;
  /** The screen's call through the read layer. */
  read: { data: T | undefined; failed: boolean; error: unknown };
  /** The screen's buttons, beside the status of its reads. */
  actions?: ReactNode;
  neverRead: NeverReadTexts;
  /** The body, once the call has answered. */
  children: (data: T) => ReactNode;
}

/**
 * A screen showing what one call through the read layer answers: its title, what it is for and how
 * much it holds, the "as of" status of its reads and its buttons; then its body, or, while the
 * call never answered on this device, why there is nothing to show.
 */
export function ListPage<T>({
  title,
  intro,
  count,
  reads,
  read,
  actions,
  neverRead,
  children,
}: ListPageProps<T>) {
  const { i18n } = useLingui();
  return (
    <ScreenPage
      title={title}
      intro={
        <>
          {intro}
          {read.data !== undefined && count ? `${sentenceGap(i18n.locale)}${count}` : null}
        </>
      }
      actions={
        <>
          <StoredListStatus list={reads} />
          {actions}
        </>
      }
    >
      {read.data === undefined ? (
        <NeverReadCall reads={reads} failed={read.failed} error={read.error} {...neverRead} />
      ) : (
        children(read.data)
      )}
    </ScreenPage>
  );
}

import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { DomainRow } from '../rows';
import { DomainTableRow, type RowHandlers } from './domain-table-row';
import { headerHeight, rowHeight } from './table-layout';

interface VirtualRowsProps extends RowHandlers {
  /** The element that scrolls (null until it is in the page). */
  scrollElement: HTMLElement | null;
  rows: readonly DomainRow[];
  selected: ReadonlySet<string>;
  /** The domain whose menu of further operations is open. */
  menuFor: string | null;
}

const focusable = 'a[href], button:not([disabled]), input:not([disabled])';

/**
 * The body of the domain table: only the rows in sight, and a few around them, are in the page.
 * It alone renders as the table scrolls. Arrow up / down move the focus to the same column of
 * the next row, scrolling it into view.
 */
export function VirtualRows({ scrollElement, rows, selected, menuFor, ...handlers }: VirtualRowsProps) {
  // The library's own memoisation suits React as used here (no React Compiler in this build).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
    estimateSize: () => rowHeight,
    overscan: 8,
    // The sticky header comes first in the scrolling box.
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    // The first paint already shows rows, before the box has been measured.
    initialRect: { width: 1200, height: 640 },
    // Scroll updates render with React's batching, not one synchronous render per scroll event.
    useFlushSync: false,
  });

  // Arrow keys move between rows: a listener on the body, which holds every row's controls.
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = body.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      const target = event.target as HTMLElement;
      const rowElement = target.closest<HTMLElement>('[data-index]');
      const column = target.closest<HTMLElement>('[data-col]')?.dataset.col;
      if (!rowElement || !column) return;
      const next = Number(rowElement.dataset.index) + (event.key === 'ArrowDown' ? 1 : -1);
      if (next < 0 || next >= rows.length) return;
      event.preventDefault();
      virtualizer.scrollToIndex(next);
      const focusNext = (tries: number) => {
        const nextRow = element.querySelector<HTMLElement>(`[data-index="${next}"]`);
        const control =
          nextRow?.querySelector<HTMLElement>(`[data-col="${column}"] :is(${focusable})`) ??
          nextRow?.querySelector<HTMLElement>(focusable);
        if (control) control.focus();
        else if (tries > 0) requestAnimationFrame(() => focusNext(tries - 1));
      };
      requestAnimationFrame(() => focusNext(3));
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [rows.length, virtualizer]);

  return (
    <div
      role="rowgroup"
      data-part="body"
      ref={body}
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <DomainTableRow
            key={row.id}
            row={row}
            index={item.index}
            start={item.start - headerHeight}
            checked={selected.has(row.id)}
            menuOpen={menuFor === row.id}
            {...handlers}
          />
        );
      })}
    </div>
  );
}

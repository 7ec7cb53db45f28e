import { Box } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { HeaderCheckbox } from '../../../ui/header-checkbox';
import type { DomainRow } from '../rows';
import type { RowHandlers } from './domain-table-row';
import { columnLabels } from './list-messages';
import { RowMenu, type RowMenuTarget } from './row-menu';
import { listColumns, tableStyles, type ListColumn } from './table-layout';
import { VirtualRows } from './virtual-rows';

/** The columns with a title (the selection's header is a checkbox). */
const headerColumns = listColumns.filter((c): c is Exclude<ListColumn, 'select'> => c !== 'select');

interface DomainTableProps extends Omit<RowHandlers, 'onMore'> {
  /** The rows of the view, filtered and sorted. */
  rows: readonly DomainRow[];
  selected: ReadonlySet<string>;
  /** How many rows of the view are selected (the header's checkbox). */
  selectedInView: number;
  onSelectAll(selected: boolean): void;
}

/**
 * The domains of the view as an accessible table (explicit roles, `aria-rowcount` and
 * `aria-rowindex`) whose body only holds the rows in sight (`VirtualRows`), so 10,000 domains
 * scroll and filter as fast as 20. This frame renders when the view changes, not when it
 * scrolls. The header stays on top; the selection, the name and the operations stay in view when
 * the table scrolls sideways (tablet width).
 */
export function DomainTable({
  rows,
  selected,
  selectedInView,
  onSelectAll,
  onSelect,
  onAction,
  onCopyCname,
}: DomainTableProps) {
  const { t, i18n } = useLingui();
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const [menu, setMenu] = useState<RowMenuTarget | null>(null);
  const onMore = useCallback((row: DomainRow, anchor: HTMLElement) => setMenu({ row, anchor }), []);
  const closeMenu = useCallback(() => setMenu(null), []);

  const all = rows.length;
  // The menu follows its domain through changes of the data; it closes when the domain leaves the view.
  const menuFresh = menu ? rows.find((row) => row.id === menu.row.id) : undefined;
  const menuRow = menu && menuFresh ? { row: menuFresh, anchor: menu.anchor } : null;

  return (
    <Box
      ref={setScrollElement}
      overflow="auto"
      borderWidth="1px"
      borderRadius="md"
      h={{ base: '65vh', lg: 'calc(100vh - 330px)' }}
      minH="360px"
      maxH="900px"
      bg="bg"
    >
      <Box
        role="table"
        aria-label={t({ id: 'domain.list.table.label', message: 'Domain list' })}
        aria-rowcount={all + 1}
        aria-colcount={listColumns.length}
        css={tableStyles}
      >
        <div role="rowgroup" data-part="header">
          <div role="row" data-part="header-row" aria-rowindex={1}>
            <div role="columnheader" data-col="select">
              <HeaderCheckbox
                all={all}
                selected={selectedInView}
                onChange={onSelectAll}
                label={t({ id: 'domain.list.selectAll', message: 'Select every domain in the list' })}
              />
            </div>
            {headerColumns.map((column) => {
              const label = i18n._(columnLabels[column]);
              return (
                <div key={column} role="columnheader" data-col={column}>
                  <span className="pc-truncate" title={label}>
                    {label}
                  </span>
                </div>
              );
            })}
          </div>
        </div>
        <VirtualRows
          scrollElement={scrollElement}
          rows={rows}
          selected={selected}
          menuFor={menuRow?.row.id ?? null}
          onSelect={onSelect}
          onAction={onAction}
          onCopyCname={onCopyCname}
          onMore={onMore}
        />
      </Box>
      {menuRow ? (
        <RowMenu key={menuRow.row.id} target={menuRow} onClose={closeMenu} onAction={onAction} />
      ) : null}
    </Box>
  );
}

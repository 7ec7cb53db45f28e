import type { SystemStyleObject } from '@chakra-ui/react';
import { plainCellStyles } from '../../../ui/plain-cells';

/**
 * The grid of the domain list, shared by its header and its rows. The rows are positioned by the
 * virtualiser, so the columns are a CSS grid rather than a <table>'s automatic layout; the
 * roles of a table are given explicitly.
 */
export const listColumns = [
  'select',
  'domain',
  'primaryOrigin',
  'type',
  'area',
  'status',
  'cname',
  'group',
  'createdAt',
  'actions',
] as const;
export type ListColumn = (typeof listColumns)[number];

const widths: Record<ListColumn, string> = {
  select: '40px',
  domain: 'minmax(180px, 2fr)',
  primaryOrigin: 'minmax(130px, 1.4fr)',
  type: '104px',
  area: '112px',
  status: '112px',
  cname: 'minmax(190px, 1.6fr)',
  group: 'minmax(100px, 1fr)',
  createdAt: '150px',
  actions: '176px',
};

export const gridTemplate = listColumns.map((c) => widths[c]).join(' ');

/** Below this width the table scrolls sideways; selection, name and operations stay in view. */
export const tableMinWidth = `${listColumns.reduce((sum, c) => sum + parseInt(widths[c].replace(/^minmax\(/, ''), 10), 0)}px`;

/** Every row has this height, so 10,000 of them are laid out without being measured. */
export const rowHeight = 60;
export const headerHeight = 40;

/**
 * The styles of the whole table, given once on its root: the rows and cells are plain elements
 * with data attributes, so the rows that scroll into view (or a keystroke brings) cost no style
 * computation of their own. The selection and name columns stick to the left, the operations to
 * the right, when the table scrolls sideways.
 */
export const tableStyles: SystemStyleObject = {
  position: 'relative',
  minWidth: tableMinWidth,
  fontSize: 'sm',
  '& [role="row"]': {
    display: 'grid',
    gridTemplateColumns: gridTemplate,
    width: '100%',
    borderBottomWidth: '1px',
    borderColor: 'border',
    bg: 'bg',
  },
  '& [data-part="header"]': { position: 'sticky', top: 0, zIndex: 2 },
  '& [data-part="body-row"]': {
    position: 'absolute',
    top: 0,
    left: 0,
    height: `${rowHeight}px`,
    // A row's layout never affects another's: the browser lays out only the rows that change.
    contain: 'layout style',
    _hover: { bg: 'bg.subtle' },
    '&[data-selected]': { bg: 'blue.subtle' },
  },
  '& [data-part="header-row"]': {
    height: `${headerHeight}px`,
    bg: 'bg.muted',
    color: 'fg.muted',
    fontSize: 'xs',
    fontWeight: 'semibold',
  },
  '& [role="cell"], & [role="columnheader"]': {
    display: 'flex',
    alignItems: 'center',
    gap: '1',
    minWidth: 0,
    paddingInline: '3',
    bg: 'inherit',
  },
  '& [data-col="select"]': {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    justifyContent: 'center',
    paddingInline: 0,
  },
  '& [data-col="domain"]': { position: 'sticky', left: widths.select, zIndex: 1 },
  '& [data-col="actions"]': {
    position: 'sticky',
    right: 0,
    zIndex: 1,
    borderStartWidth: '1px',
    borderColor: 'border',
    gap: '0.5',
  },
  '& [data-col="domain"], & [data-col="status"]': {
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '0.5',
    justifyContent: 'center',
  },
  ...plainCellStyles,
};

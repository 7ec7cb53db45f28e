import type { SystemStyleObject } from '@chakra-ui/react';

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

const palette = (name: string) => ({ colorPalette: name });

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
  '& .dl-truncate': {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    minWidth: 0,
    maxWidth: '100%',
  },
  '& .dl-clamp': { lineClamp: 2 },
  '& .dl-mono': { fontFamily: 'mono', fontSize: 'xs' },
  '& .dl-muted': { color: 'fg.muted' },
  '& .dl-small': { fontSize: 'xs', flexShrink: 0 },
  '& .dl-link': {
    color: 'blue.fg',
    fontWeight: 'medium',
    _hover: { textDecoration: 'underline' },
    _focusVisible: {
      outline: '2px solid',
      outlineColor: 'blue.focusRing',
      outlineOffset: '1px',
      borderRadius: 'l1',
    },
  },
  '& .dl-badge': {
    display: 'inline-flex',
    alignItems: 'center',
    maxWidth: '100%',
    paddingInline: '1.5',
    borderRadius: 'l1',
    fontSize: 'xs',
    fontWeight: 'medium',
    lineHeight: '1.25rem',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    bg: 'colorPalette.subtle',
    color: 'colorPalette.fg',
    '&[data-variant="outline"]': {
      bg: 'transparent',
      boxShadow: 'inset 0 0 0px 1px var(--shadow-color)',
      shadowColor: 'colorPalette.muted',
    },
  },
  '& [data-palette="green"]': palette('green'),
  '& [data-palette="orange"]': palette('orange'),
  '& [data-palette="gray"]': palette('gray'),
  '& [data-palette="blue"]': palette('blue'),
  '& [data-palette="red"]': palette('red'),
  '& [data-palette="purple"]': palette('purple'),
  '& .dl-button': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '0.5',
    height: '6',
    paddingInline: '1.5',
    borderRadius: 'l1',
    fontSize: 'xs',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    color: 'colorPalette.fg',
    cursor: 'pointer',
    _hover: { bg: 'colorPalette.subtle' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.focusRing', outlineOffset: '1px' },
    _disabled: { opacity: 0.4, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
  },
  '& .dl-icon-button': { paddingInline: '1', flexShrink: 0 },
  '& input[type="checkbox"]': {
    width: '4',
    height: '4',
    accentColor: 'var(--chakra-colors-blue-solid)',
    cursor: 'pointer',
  },
  '& .dl-sr': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    padding: 0,
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0, 0, 0, 0)',
    whiteSpace: 'nowrap',
    borderWidth: 0,
  },
};

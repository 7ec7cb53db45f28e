import type { SystemStyleObject } from '@chakra-ui/react';

const palette = (name: string) => ({ colorPalette: name });

/**
 * What a table's cells are drawn with when its rows are plain elements: given once on the table's
 * root, so a row costs no style computation of its own (a Chakra component computes and hashes its
 * styles on each render: twenty rows of badges, buttons and checkboxes were over a thousand
 * components before the list could paint). Classes: `pc-truncate`, `pc-clamp`, `pc-mono`,
 * `pc-muted`, `pc-small`, `pc-link`, `pc-badge` (`data-variant="outline"`), `pc-button`,
 * `pc-icon-button`, `pc-sr` (for screen readers only); `data-palette` gives a badge or button
 * its colour; a native checkbox takes the console's blue.
 */
export const plainCellStyles: SystemStyleObject = {
  '& .pc-truncate': {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    minWidth: 0,
    maxWidth: '100%',
  },
  '& .pc-clamp': { lineClamp: 2 },
  '& .pc-mono': { fontFamily: 'mono', fontSize: 'xs' },
  '& .pc-muted': { color: 'fg.muted' },
  '& .pc-small': { fontSize: 'xs', flexShrink: 0 },
  '& .pc-link': {
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
  '& .pc-badge': {
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
  '& .pc-button': {
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
  '& .pc-icon-button': { paddingInline: '1', flexShrink: 0 },
  '& input[type="checkbox"]': {
    width: '4',
    height: '4',
    accentColor: 'var(--chakra-colors-blue-solid)',
    cursor: 'pointer',
  },
  '& .pc-sr': {
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

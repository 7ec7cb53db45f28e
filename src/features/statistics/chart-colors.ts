/** The series colours of the statistics charts, in order: each at least 3:1 on the light and the dark page. */
export const chartColors = ['#3182ce', '#dd6b20', '#38a169', '#805ad5', '#e53e3e', '#319795'];

/**
 * The series' line patterns, in order, so that lines are told apart without their colour: solid,
 * dashed, dotted, dash-dot. The previous period is always drawn dashed and grey.
 */
export const seriesDashes = ['', '8 4', '2 3', '10 3 2 3', '4 4', '1 2'];
export const previousDash = '6 4';
export const previousColor = '#a0aec0';

/** Axis text and grid lines following the colour mode (nivo puts these in style, where CSS variables work). */
export const chartTheme = {
  text: { fill: 'var(--chakra-colors-fg-muted)' },
  axis: {
    ticks: {
      text: { fill: 'var(--chakra-colors-fg-muted)' },
      line: { stroke: 'var(--chakra-colors-border-emphasized)' },
    },
    domain: { line: { stroke: 'var(--chakra-colors-border-emphasized)' } },
  },
  grid: { line: { stroke: 'var(--chakra-colors-border)' } },
  crosshair: { line: { stroke: 'var(--chakra-colors-fg)' } },
};

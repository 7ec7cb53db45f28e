import { Box, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
import { ResponsiveBar } from '@nivo/bar';
import { byteTicks, formatValue, type Unit } from './metrics';
import { chartColors, chartTheme } from './chart-colors';

export interface BarsChartProps {
  rows: { label: string; value: number }[];
  unit: Unit;
  locale: string;
  label: string;
}

/**
 * Horizontal bars, largest on top: a breakdown by region, carrier, status, domain or client. It
 * names itself and lists its bars' figures to assistive technology; the screen's table beside it
 * holds them for everyone.
 */
export function BarsChart({ rows, unit, locale, label }: BarsChartProps) {
  const summaryId = useId();
  const data = [...rows].reverse().map((r) => ({ label: r.label, value: r.value }));
  const ticks = unit === 'bytes' ? byteTicks(Math.max(0, ...rows.map((r) => r.value)), 4) : null;
  return (
    <Box height={`${Math.max(160, data.length * 28 + 48)}px`}>
      <ResponsiveBar
        data={data}
        role="img"
        ariaLabel={label}
        ariaDescribedBy={summaryId}
        theme={chartTheme}
        keys={['value']}
        indexBy="label"
        layout="horizontal"
        margin={{ top: 8, right: 48, bottom: 36, left: 160 }}
        colors={[chartColors[0] ?? '#3182ce']}
        enableLabel={false}
        enableGridY={false}
        enableGridX
        animate={false}
        valueFormat={(v) => formatValue(v, unit, locale)}
        axisBottom={{ format: (v: number) => formatValue(v, unit, locale), tickValues: ticks ?? 4 }}
        gridXValues={ticks ?? 4}
        {...(ticks ? { valueScale: { type: 'linear' as const, min: 0, max: ticks.at(-1) ?? 'auto' } } : {})}
        axisLeft={{ format: (v: string) => (v.length > 22 ? `${v.slice(0, 21)}…` : v) }}
        tooltip={({ indexValue, formattedValue }) => (
          <Box bg="bg.panel" borderWidth="1px" borderRadius="md" p="2" shadow="md" fontSize="xs">
            {indexValue}: {formattedValue}
          </Box>
        )}
      />
      <VisuallyHidden id={summaryId}>
        {rows.map((r) => `${r.label}: ${formatValue(r.value, unit, locale)}`).join('; ')}
      </VisuallyHidden>
    </Box>
  );
}

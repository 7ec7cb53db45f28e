import { Box, Stack, Text } from '@chakra-ui/react';
import { ResponsiveLine } from '@nivo/line';
import { formatDateTime } from '../../ui/format';
import { byteTicks, formatValue, type Unit } from './metrics';
import { chartColors } from './chart-colors';

export interface TrendSeries {
  id: string;
  label: string;
  points: { x: Date; y: number }[];
  /** Drawn dashed: the previous period, moved onto this one. */
  previous?: boolean;
}

export interface TrendChartProps {
  series: TrendSeries[];
  unit: Unit;
  locale: string;
  /** Time labels of the x axis: hours for a day, dates for longer periods. */
  axisFormat: string;
  markers: { at: Date; label: string }[];
  label: string;
  height?: number;
}

export function TrendChart({
  series,
  unit,
  locale,
  axisFormat,
  markers,
  label,
  height = 320,
}: TrendChartProps) {
  const data = series.map((s) => ({ id: s.label, data: s.points }));
  const colors = series.map((s, i) =>
    s.previous ? '#a0aec0' : (chartColors[i % chartColors.length] ?? '#3182ce'),
  );
  const ticks =
    unit === 'bytes' ? byteTicks(Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.y))), 5) : null;
  return (
    <Box height={`${height}px`} role="img" aria-label={label}>
      <ResponsiveLine
        data={data}
        margin={{ top: 16, right: 24, bottom: 56, left: 88 }}
        xScale={{ type: 'time', format: 'native', useUTC: false }}
        yScale={{ type: 'linear', min: 0, max: ticks ? (ticks.at(-1) ?? 'auto') : 'auto' }}
        axisBottom={{ format: axisFormat, tickValues: 6, tickSize: 4 }}
        axisLeft={{
          format: (v: number) => formatValue(v, unit, locale),
          tickValues: ticks ?? 5,
          tickSize: 4,
        }}
        gridYValues={ticks ?? 5}
        colors={colors}
        // Few points (days of a short period) are drawn as dots too: one alone is otherwise invisible.
        enablePoints={series.every((s) => s.points.length <= 62)}
        pointSize={6}
        enableGridX={false}
        lineWidth={2}
        enableSlices="x"
        animate={false}
        markers={markers.map((m) => ({
          axis: 'x' as const,
          value: m.at,
          lineStyle: { stroke: '#d69e2e', strokeWidth: 1, strokeDasharray: '4 4' },
          legend: '◆',
          legendPosition: 'top' as const,
          textStyle: { fill: '#d69e2e', fontSize: 10 },
        }))}
        sliceTooltip={({ slice }) => (
          <Stack gap="1" bg="bg.panel" borderWidth="1px" borderRadius="md" p="2" shadow="md" fontSize="xs">
            <Text fontWeight="semibold">{formatDateTime(slice.points[0]?.data.x as Date)}</Text>
            {slice.points.map((p) => (
              <Text key={p.id} color={p.seriesColor}>
                {p.seriesId}: {formatValue(Number(p.data.y), unit, locale)}
              </Text>
            ))}
          </Stack>
        )}
        legends={[
          {
            anchor: 'bottom-left',
            direction: 'row',
            translateY: 52,
            itemWidth: 170,
            itemHeight: 16,
            symbolSize: 10,
          },
        ]}
      />
    </Box>
  );
}

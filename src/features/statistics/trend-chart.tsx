import { Box, Button, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ResponsiveLine, type LineCustomSvgLayerProps } from '@nivo/line';
import { useId, useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { byteTicks, formatValue, type Unit } from './metrics';
import { chartColors, chartTheme, previousColor, previousDash, seriesDashes } from './chart-colors';
import { DataTable } from './data-table';

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
  /**
   * The figures are in a table of the screen already (the statistics' details): no table of the
   * chart's own behind a button.
   */
  tabled?: boolean;
}

interface Style {
  color: string;
  dash: string;
}

/** A line as nivo is given it, with its pattern. */
interface Drawn {
  id: string;
  data: { x: Date; y: number }[];
  dash: string;
}

/** nivo's lines layer, with each line's pattern. */
function Lines({ series, lineGenerator }: LineCustomSvgLayerProps<Drawn>) {
  return (
    <g>
      {series.map((s) => (
        <path
          key={s.id}
          d={lineGenerator(s.data.map((d) => d.position)) ?? undefined}
          fill="none"
          stroke={s.color}
          strokeWidth={2}
          strokeDasharray={s.dash || undefined}
        />
      ))}
    </g>
  );
}

const styleOf = (s: TrendSeries, i: number): Style =>
  s.previous
    ? { color: previousColor, dash: previousDash }
    : {
        color: chartColors[i % chartColors.length] ?? '#3182ce',
        dash: seriesDashes[i % seriesDashes.length] ?? '',
      };

/**
 * A line chart over time. Its lines differ by pattern as well as colour; it names itself and
 * describes its figures to assistive technology (highest, lowest and latest of each line), and
 * shows them as a table on request where the screen has none.
 */
export function TrendChart({
  series,
  unit,
  locale,
  axisFormat,
  markers,
  label,
  height = 320,
  tabled = false,
}: TrendChartProps) {
  const { t } = useLingui();
  const summaryId = useId();
  const [table, setTable] = useState(false);
  const styles = series.map(styleOf);
  const data: Drawn[] = series.map((s, i) => ({ id: s.label, data: s.points, dash: styles[i]?.dash ?? '' }));
  const ticks =
    unit === 'bytes' ? byteTicks(Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.y))), 5) : null;
  const format = (v: number) => formatValue(v, unit, locale);

  return (
    <Stack gap="2" as="figure" m="0">
      <Box height={`${height}px`}>
        <ResponsiveLine
          data={data}
          role="img"
          ariaLabel={label}
          ariaDescribedBy={summaryId}
          theme={chartTheme}
          margin={{ top: 16, right: 24, bottom: 32, left: 88 }}
          xScale={{ type: 'time', format: 'native', useUTC: false }}
          yScale={{ type: 'linear', min: 0, max: ticks ? (ticks.at(-1) ?? 'auto') : 'auto' }}
          axisBottom={{ format: axisFormat, tickValues: 6, tickSize: 4 }}
          axisLeft={{ format, tickValues: ticks ?? 5, tickSize: 4 }}
          gridYValues={ticks ?? 5}
          colors={styles.map((s) => s.color)}
          layers={['grid', 'markers', 'axes', Lines, 'crosshair', 'points', 'slices', 'mesh']}
          // Few points (days of a short period) are drawn as dots too: one alone is otherwise invisible.
          enablePoints={series.every((s) => s.points.length <= 62)}
          pointSize={6}
          enableGridX={false}
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
                  {p.seriesId}: {format(Number(p.data.y))}
                </Text>
              ))}
            </Stack>
          )}
        />
      </Box>
      <HStack as="figcaption" gap="4" wrap="wrap" ps="88px" fontSize="xs" color="fg.muted">
        {series.map((s, i) => (
          <HStack key={s.id} gap="1.5">
            <svg width="24" height="8" aria-hidden="true" focusable="false">
              <line
                x1="0"
                y1="4"
                x2="24"
                y2="4"
                stroke={styles[i]?.color}
                strokeWidth="2"
                strokeDasharray={styles[i]?.dash || undefined}
              />
            </svg>
            <Text>{s.label}</Text>
          </HStack>
        ))}
        {tabled ? null : (
          <Button
            size="2xs"
            variant="ghost"
            ms="auto"
            aria-expanded={table}
            onClick={() => setTable((shown) => !shown)}
          >
            {table
              ? t({ id: 'stats.chart.hideTable', message: 'Hide the figures' })
              : t({ id: 'stats.chart.showTable', message: 'Show the figures as a table' })}
          </Button>
        )}
      </HStack>
      <VisuallyHidden id={summaryId}>
        {series
          .map((s) => {
            const name = s.label;
            const line = summaryOf(s.points);
            if (!line) return t({ id: 'stats.chart.summaryEmpty', message: `${name}: no data` });
            const highest = format(line.highest.y);
            const at = formatDateTime(line.highest.x);
            const lowest = format(line.lowest.y);
            const latest = format(line.latest.y);
            return t({
              id: 'stats.chart.summary',
              message: `${name}: highest ${highest} at ${at}, lowest ${lowest}, latest ${latest}`,
            });
          })
          .join('; ')}
      </VisuallyHidden>
      {table ? (
        <DataTable
          rows={[...(series[0]?.points ?? [])].map((p, i) => ({ at: p.x, index: i })).reverse()}
          rowKey={(r) => String(r.at.getTime())}
          columns={[
            { header: t({ id: 'stats.table.time', message: 'Time' }), cell: (r) => formatDateTime(r.at) },
            ...series.map((s) => ({
              header: s.label,
              end: true,
              cell: (r: { index: number }) => {
                const point = s.points[r.index];
                return point ? format(point.y) : '--';
              },
            })),
          ]}
        />
      ) : null}
    </Stack>
  );
}

/** The highest, lowest and latest point of a line, or null for a line without points. */
function summaryOf(points: TrendSeries['points']) {
  const latest = points.at(-1);
  if (!latest) return null;
  let highest = latest;
  let lowest = latest;
  for (const p of points) {
    if (p.y > highest.y) highest = p;
    if (p.y < lowest.y) lowest = p;
  }
  return { highest, lowest, latest };
}

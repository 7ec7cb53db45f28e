import {
  Alert,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  SimpleGrid,
  Stat,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../api';
import {
  blockRuleNames,
  carrierNames,
  regionNames,
  type TopDimension,
  type TrafficTopResult,
} from '../../contract/traffic';
import { useReadsStatus, type Read } from '../../sync/reads';
import { Pager } from '../../ui/pager';
import { BlockSkeleton } from '../../ui/screen-skeleton';
import { StoredListStatus } from '../../ui/stored-list-status';
import { dimensionLabels, placeName } from './labels';
import { statsMessages } from './messages';
import { formatValue, ratio, type Unit } from './metrics';

/** A block of a view: a titled card. */
/** The place of a chart while its code loads: marked busy for assistive technology (and tests). */
export const ChartSpace = ({ height }: { height: string }) => <Box height={height} aria-busy="true" />;

export function Panel({
  title,
  id,
  children,
  actions,
}: {
  title: string;
  id: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card.Root as="section" aria-labelledby={id}>
      <Card.Header>
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Heading as="h2" size="md" id={id}>
            {title}
          </Heading>
          {actions}
        </HStack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

export interface FigureItem {
  label: string;
  value: string;
  /** Under the value: when it happened, or the change against the previous period. */
  help?: string;
}

export function Figures({ items }: { items: FigureItem[] }) {
  return (
    <SimpleGrid columns={{ base: 2, md: Math.min(4, items.length) }} gap="4">
      {items.map((item) => (
        <Stat.Root key={item.label} borderWidth="1px" borderRadius="md" p="3">
          <Stat.Label>{item.label}</Stat.Label>
          <Stat.ValueText fontSize="xl">{item.value}</Stat.ValueText>
          {item.help ? <Stat.HelpText>{item.help}</Stat.HelpText> : null}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}

/**
 * How the answers a screen shows stand, in the words of the stored lists: "as of" the oldest one
 * when it may not be current (offline, or the last read failed), a spinner while they are read
 * again, and the button that reads them all again.
 */
export function ReadStatus({ online }: { online: boolean }) {
  return <StoredListStatus list={useReadsStatus(online)} />;
}

/** What stands in for a chart or table: loading, failure with nothing kept, no data. */
export function ReadState({
  read,
  empty,
  children,
}: {
  read: Read<unknown>;
  empty: boolean;
  children: ReactNode;
}) {
  const { t, i18n } = useLingui();
  if (read.data === undefined) {
    if (read.failed) {
      const message = isApiError(read.error) ? read.error.message : '';
      return (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              {t({ id: 'stats.read.failed', message: 'The statistics could not be read.' })}
            </Alert.Title>
            {message ? <Alert.Description>{message}</Alert.Description> : null}
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={read.refetch}>
            {t({ id: 'common.action.retry', message: 'Retry' })}
          </Button>
        </Alert.Root>
      );
    }
    return <BlockSkeleton label={t({ id: 'stats.read.loading', message: 'Reading the statistics…' })} />;
  }
  if (empty)
    return (
      <Box py="8" textAlign="center" role="status">
        <Text color="fg.muted">{i18n._(statsMessages.noData)}</Text>
      </Box>
    );
  return <>{children}</>;
}

/** The label of a breakdown key: a region or carrier name, a domain name, a rule, a time band. */
export function useKeyLabel(names: ReadonlyMap<string, string>) {
  const { t, i18n } = useLingui();
  return (dimension: TopDimension, key: string): string => {
    switch (dimension) {
      case 'region':
        return placeName(regionNames, key, i18n.locale);
      case 'carrier':
        return placeName(carrierNames, key, i18n.locale);
      case 'domain':
        return names.get(key) ?? t({ id: 'stats.key.deletedDomain', message: 'Deleted domain' });
      case 'blocked_rule':
        return placeName(blockRuleNames, key, i18n.locale);
      case 'response_time':
        return `${key} ms`;
      default:
        return key === '-' ? t({ id: 'stats.key.empty', message: '(empty)' }) : key;
    }
  };
}

/** Rows of a response-time breakdown in the order of their bands, not by count. */
export function orderRows(dimension: TopDimension, rows: TrafficTopResult['rows']): TrafficTopResult['rows'] {
  if (dimension !== 'response_time') return rows;
  const lower = (key: string) => Number.parseInt(key, 10);
  return [...rows].sort((a, b) => lower(a.key) - lower(b.key));
}

const pageSizes = [20, 50, 100] as const;

/** One page of rows, where it starts, and the pager that turns the pages (when there is more than one). */
export function usePages<T>(rows: readonly T[]): { shown: T[]; offset: number; pager: ReactNode } {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<(typeof pageSizes)[number]>(pageSizes[0]);
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pageCount);
  const offset = (current - 1) * size;
  const pager =
    rows.length > pageSizes[0] ? (
      <Pager
        total={rows.length}
        page={current}
        pageCount={pageCount}
        sizes={pageSizes}
        size={size}
        onPage={setPage}
        onSize={(next) => {
          setSize(next);
          setPage(1);
        }}
      />
    ) : null;
  return { shown: rows.slice(offset, offset + size), offset, pager };
}

export interface Column<T> {
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** Figures align right. */
  end?: boolean;
  /** Long text (URLs, user agents, file names) breaks anywhere. */
  long?: boolean;
  width?: string;
}

/** The tables of the statistics screens: a header row and one row per item. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
}: {
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
}) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            {columns.map((column, i) => (
              <Table.ColumnHeader key={i} textAlign={column.end ? 'end' : undefined} width={column.width}>
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, r) => (
            <Table.Row key={rowKey(row)}>
              {columns.map((column, i) => (
                <Table.Cell
                  key={i}
                  textAlign={column.end ? 'end' : undefined}
                  {...(column.long ? { maxW: '420px', wordBreak: 'break-all' } : {})}
                >
                  {column.cell(row, r)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** A ranking table: rank, key, requests and flow with their shares. */
export function TopTable({
  dimension,
  result,
  label,
}: {
  dimension: TopDimension;
  result: TrafficTopResult;
  label: (dimension: TopDimension, key: string) => string;
}) {
  const { t, i18n } = useLingui();
  const { shown, offset, pager } = usePages(orderRows(dimension, result.rows));
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const fmt = (v: number, unit: Unit) => formatValue(v, unit, locale);
  return (
    <Stack gap="3">
      <DataTable
        rows={shown}
        rowKey={(row) => row.key}
        columns={[
          {
            header: t({ id: 'stats.table.rank', message: 'Rank' }),
            width: '64px',
            cell: (_, i) => offset + i + 1,
          },
          {
            header: i18n._(dimensionLabels[dimension]),
            long: true,
            cell: (row) => label(dimension, row.key),
          },
          {
            header: t({ id: 'stats.table.requests', message: 'Requests' }),
            end: true,
            cell: (row) => fmt(row.requests, 'count'),
          },
          {
            header: t({ id: 'stats.table.requestShare', message: 'Share of requests' }),
            end: true,
            cell: (row) => fmt(ratio(row.requests, result.total_requests), 'percent'),
          },
          {
            header: t({ id: 'stats.table.flow', message: 'Traffic' }),
            end: true,
            cell: (row) => fmt(row.bytes, 'bytes'),
          },
          {
            header: t({ id: 'stats.table.flowShare', message: 'Share of traffic' }),
            end: true,
            cell: (row) => fmt(ratio(row.bytes, result.total_bytes), 'percent'),
          },
        ]}
      />
      {pager}
    </Stack>
  );
}

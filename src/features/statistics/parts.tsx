import {
  Alert,
  Box,
  Button,
  Card,
  Heading,
  HStack,
  SimpleGrid,
  Spinner,
  Stat,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../api';
import {
  blockRuleNames,
  carrierNames,
  regionNames,
  type TopDimension,
  type TrafficTopResult,
} from '../../contract/traffic';
import type { Read } from '../../sync/reads';
import { formatDateTime } from '../../ui/format';
import { Pager } from '../../ui/pager';
import { dimensionLabels, placeName } from './labels';
import { formatValue, ratio, type Unit } from './metrics';

/** A block of a view: a titled card. */
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
 * How the data of a screen stands: "as of" the oldest answer shown when it may not be current
 * (offline, or the last read failed), a spinner while it is read again, and the button that
 * reads every answer of the screen again.
 */
export function ReadStatus({ online, scope = 'traffic' }: { online: boolean; scope?: string }) {
  const { t } = useLingui();
  const client = useQueryClient();
  const fetching = useIsFetching({ queryKey: [scope] }) > 0;
  const queries = client.getQueryCache().findAll({ queryKey: [scope], type: 'active' });
  const shown = queries.filter((q) => q.state.data !== undefined);
  const failed = shown.some((q) => q.state.status === 'error' || q.state.fetchStatus === 'paused');
  const oldest = Math.min(...shown.map((q) => q.state.dataUpdatedAt).filter((at) => at > 0));
  const asOf = Number.isFinite(oldest) ? formatDateTime(oldest) : null;
  return (
    <HStack gap="3">
      {(failed || !online) && asOf ? (
        <Text fontSize="sm" color="fg.warning" role="status" data-testid="as-of">
          {t({ id: 'list.asOf', message: `Data as of ${asOf}` })}
        </Text>
      ) : null}
      {fetching ? (
        <Spinner
          size="xs"
          color="fg.muted"
          aria-label={t({ id: 'list.refreshing', message: 'Refreshing…' })}
        />
      ) : null}
      <Button
        variant="outline"
        size="sm"
        disabled={!online}
        onClick={() => void client.refetchQueries({ queryKey: [scope], type: 'active' })}
      >
        {t({ id: 'list.refresh', message: 'Refresh' })}
      </Button>
    </HStack>
  );
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
    return (
      <HStack gap="2" py="8" justify="center" role="status">
        <Spinner size="sm" />
        <Text color="fg.muted">{t({ id: 'stats.read.loading', message: 'Reading the statistics…' })}</Text>
      </HStack>
    );
  }
  if (empty)
    return (
      <Box py="8" textAlign="center" role="status">
        <Text color="fg.muted">
          {i18n._({ id: 'stats.message.noData', message: 'There is no data for the current domain' })}
        </Text>
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

/** A ranking table: rank, key, requests and flow with their shares. */
export function TopTable({
  dimension,
  result,
  label,
  pageSize = 20,
}: {
  dimension: TopDimension;
  result: TrafficTopResult;
  label: (dimension: TopDimension, key: string) => string;
  pageSize?: 20 | 50 | 100;
}) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState<20 | 50 | 100>(pageSize);
  const rows = orderRows(dimension, result.rows);
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pageCount);
  const locale = i18n.locale === 'zh_CN' ? 'zh-CN' : 'en-US';
  const shown = rows.slice((current - 1) * size, current * size);
  const fmt = (v: number, unit: Unit) => formatValue(v, unit, locale);
  return (
    <Stack gap="3">
      <Table.ScrollArea borderWidth="1px" borderRadius="md">
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader width="64px">
                {t({ id: 'stats.table.rank', message: 'Rank' })}
              </Table.ColumnHeader>
              <Table.ColumnHeader>{i18n._(dimensionLabels[dimension])}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {t({ id: 'stats.table.requests', message: 'Requests' })}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {t({ id: 'stats.table.requestShare', message: 'Share of requests' })}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {t({ id: 'stats.table.flow', message: 'Flow' })}
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                {t({ id: 'stats.table.flowShare', message: 'Share of flow' })}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {shown.map((row, i) => (
              <Table.Row key={row.key}>
                <Table.Cell>{(current - 1) * size + i + 1}</Table.Cell>
                <Table.Cell maxW="420px" wordBreak="break-all">
                  {label(dimension, row.key)}
                </Table.Cell>
                <Table.Cell textAlign="end">{fmt(row.requests, 'count')}</Table.Cell>
                <Table.Cell textAlign="end">
                  {fmt(ratio(row.requests, result.total_requests), 'percent')}
                </Table.Cell>
                <Table.Cell textAlign="end">{fmt(row.bytes, 'bytes')}</Table.Cell>
                <Table.Cell textAlign="end">
                  {fmt(ratio(row.bytes, result.total_bytes), 'percent')}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {rows.length > 20 ? (
        <Pager
          total={rows.length}
          page={current}
          pageCount={pageCount}
          sizes={[20, 50, 100] as const}
          size={size}
          onPage={setPage}
          onSize={(next) => {
            setSize(next);
            setPage(1);
          }}
        />
      ) : null}
    </Stack>
  );
}

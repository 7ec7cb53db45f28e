import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import {
  blockRuleNames,
  carrierNames,
  regionNames,
  type TopDimension,
  type TrafficTopResult,
} from '../../contract/traffic';
import { Pager } from '../../ui/pager';
import { placeName } from './labels';

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

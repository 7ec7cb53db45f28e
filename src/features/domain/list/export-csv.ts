import { limits } from '../../../contract/limits';
import type { DomainStatus } from '../../../contract/rules/domain';
import type { DomainRow } from '../rows';
import { listColumns, type ListColumn } from './table-layout';
import { downloadBlob } from '../../../ui/download';

/** spec §9: an export holds at most 2000 rows. */
export const exportRowsMax = limits.exportRowsMax;

/** The rows an export takes: the view's first `max`, and whether some were left out. */
export function exportSlice<T>(rows: readonly T[], max = exportRowsMax): { rows: T[]; truncated: boolean } {
  return { rows: rows.slice(0, max), truncated: rows.length > max };
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. A field a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or CR: a group name can) is
 * prefixed with an apostrophe so it is shown as text.
 */
export function csvField(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CSV document: lines ended by CRLF, and a UTF-8 byte order mark first, without which Excel
 * reads the file in the system's code page and garbles Chinese.
 */
export function buildCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((fields) => fields.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `domains-YYYYMMDD-HHmmss.csv`, in the viewer's time. */
export function csvFileName(date: Date, prefix = 'domains'): string {
  const day = `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}`;
  const time = `${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
  return `${prefix}-${day}-${time}.csv`;
}

/** The columns of the list that an export carries: all but the checkboxes and the actions, in the list's order. */
export type ExportColumn = Exclude<ListColumn, 'select' | 'actions'>;
export const exportColumns = listColumns.filter(
  (column): column is ExportColumn => column !== 'select' && column !== 'actions',
);

/** The words of the export in the current language. */
export interface ExportTexts {
  columns: Record<ExportColumn, string>;
  status(status: DomainStatus): string;
  type(code: string): string;
  area(code: string): string;
  /** The group of a domain in no group. */
  noGroup: string;
  /** "+N more" after the primary origin. */
  moreOrigins(count: number): string;
  /** A time as the list shows it. */
  time(ms: number): string;
}

/** The header and rows of an export of the list, as the list shows them. */
export function domainCsv(rows: readonly DomainRow[], texts: ExportTexts): string {
  const header = exportColumns.map((column) => texts.columns[column]);
  const body = rows.map((row) => {
    const { entry } = row;
    const origin =
      row.moreOrigins > 0 ? `${row.primaryOrigin} ${texts.moreOrigins(row.moreOrigins)}` : row.primaryOrigin;
    const values: Record<ExportColumn, string> = {
      domain: entry.domain,
      primaryOrigin: origin,
      type: texts.type(entry.service_type),
      area: texts.area(entry.area),
      status: texts.status(entry.status),
      cname: entry.cname,
      group: row.groupName ?? texts.noGroup,
      createdAt: row.createdAt > 0 ? texts.time(row.createdAt) : '',
    };
    return exportColumns.map((column) => values[column]);
  });
  return buildCsv(header, body);
}

/** Hands a text file to the browser as a download. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

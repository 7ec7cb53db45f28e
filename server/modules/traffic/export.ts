import ExcelJS from 'exceljs';
import type { Language } from '../../../src/contract';
import { blockRuleNames, carrierNames, regionNames, type TopDimension } from '../../../src/contract/traffic';
import { catalogText } from '../../i18n/catalog';

/**
 * The file's texts are the report screen's (its catalog part, statistics.po), so the file and the
 * table say the same; only where the file holds a bare number does its title name the unit.
 */
const text = (id: string, language: Language) => catalogText(id, language) ?? id;
/** The screen's id of a dimension's name: `stats.dimension.` and the dimension in camel case. */
const dimensionId = (dimension: TopDimension) =>
  `stats.dimension.${dimension.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())}`;

/**
 * A report as a file: an Excel workbook (exceljs, which also reads it back in the tests) or CSV
 * with a byte-order mark, so spreadsheet programs read the Chinese text right. At most the rows
 * given (the caller keeps to spec §9's 2000).
 */
export async function exportReport(
  format: 'xlsx' | 'csv',
  dimension: TopDimension,
  rows: readonly { key: string; requests: number; bytes: number }[],
  totals: { total_requests: number; total_bytes: number },
  language: Language,
): Promise<{ body: Buffer; type: string; name: string }> {
  const headers = [
    text('stats.table.rank', language),
    text(dimension === 'response_time' ? 'stats.export.responseTime' : dimensionId(dimension), language),
    text('stats.table.requests', language),
    text('stats.table.requestShare', language),
    text('stats.export.bytes', language),
    text('stats.table.flowShare', language),
  ];
  // Regions, carriers and rules by their names in the file's language, as the screen shows them.
  const names: Record<string, { zh_CN: string; en_US: string }> | null =
    dimension === 'region'
      ? regionNames
      : dimension === 'carrier'
        ? carrierNames
        : dimension === 'blocked_rule'
          ? blockRuleNames
          : null;
  const keyOf = (key: string) => names?.[key]?.[language] ?? key;
  const share = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10000) / 100 : 0);
  const table = rows.map((r, i) => [
    i + 1,
    keyOf(r.key),
    r.requests,
    share(r.requests, totals.total_requests),
    r.bytes,
    share(r.bytes, totals.total_bytes),
  ]);
  const stamp = new Date().toISOString().slice(0, 10);
  const name = `report-${dimension}-${stamp}.${format}`;
  if (format === 'csv') {
    const cell = (v: string | number) => {
      const text = String(v);
      // Quote when needed; a leading formula character is neutralised (CSV injection).
      const safe = /^[=+\-@\t\r]/.test(text) && typeof v === 'string' ? `'${text}` : text;
      return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    const lines = [headers, ...table].map((row) => row.map(cell).join(','));
    return {
      body: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8'),
      type: 'text/csv; charset=utf-8',
      name,
    };
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(text('stats.export.sheet', language));
  sheet.addRow(headers).font = { bold: true };
  for (const row of table) sheet.addRow(row);
  sheet.getColumn(2).width = 60;
  for (const c of [3, 4, 5, 6]) sheet.getColumn(c).width = 16;
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return {
    body,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    name,
  };
}

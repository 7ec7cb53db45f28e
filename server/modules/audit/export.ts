import ExcelJS from 'exceljs';
import type { Language } from '../../../src/contract';
import type { AuditEntry } from '../../../src/contract/users';
import { catalogText } from '../../i18n/catalog';

/**
 * The texts of the file are the screen's (its catalog part, audit-log.po), so the file and the
 * table say the same: column titles, sources, and actions by their readable names (an action
 * without one keeps its own name, as on the screen).
 */
const text = (id: string, language: Language) => catalogText(id, language) ?? id;
export const actionName = (action: string, language: Language) =>
  catalogText(`auditLog.action.${action}`, language) ?? action;

/** A value of a change as one line of text: text as it is, anything else as JSON, nothing as "-". */
function valueText(value: unknown): string {
  if (value === undefined) return '-';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

const changesText = (entry: AuditEntry) =>
  entry.changes.map((c) => `${c.field || '-'}: ${valueText(c.before)} → ${valueText(c.after)}`).join('\n');

/** spec §5, §9: `YYYY-MM-DD HH:mm:ss`, in China Standard Time (UTC+8) as the console's days are. */
export function chinaTime(iso: string): string {
  return new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The audit log as a file: an Excel workbook (exceljs) or CSV with a byte-order mark, so
 * spreadsheet programs read the Chinese text right. The caller keeps to spec §9's 2000 rows.
 */
export async function exportAudit(
  format: 'xlsx' | 'csv',
  entries: readonly AuditEntry[],
  objectName: (target: string) => string,
  language: Language,
): Promise<{ body: Buffer; type: string; name: string }> {
  const headers = [
    text('auditLog.export.time', language),
    text('auditLog.column.actor', language),
    text('auditLog.column.account', language),
    text('auditLog.column.source', language),
    text('auditLog.column.action', language),
    text('auditLog.column.object', language),
    text('auditLog.column.address', language),
    text('auditLog.column.changes', language),
  ];
  const table = entries.map((e) => [
    chinaTime(e.at),
    e.actor.login,
    e.account.login,
    text(`auditLog.source.${e.source}`, language),
    actionName(e.action, language),
    objectName(e.target),
    e.ip,
    changesText(e),
  ]);
  const stamp = new Date().toISOString().slice(0, 10);
  const name = `audit-log-${stamp}.${format}`;
  if (format === 'csv') {
    const cell = (value: string) => {
      // A leading formula character is neutralised (CSV injection); quoted when needed.
      const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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
  const sheet = workbook.addWorksheet(text('auditLog.export.sheet', language));
  sheet.addRow(headers).font = { bold: true };
  for (const row of table) sheet.addRow(row).alignment = { vertical: 'top', wrapText: true };
  [20, 16, 16, 12, 24, 40, 16, 60].forEach((width, i) => (sheet.getColumn(i + 1).width = width));
  return {
    body: Buffer.from(await workbook.xlsx.writeBuffer()),
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    name,
  };
}

import { AUDIT_CSV_COLUMNS, type AuditEntry } from '@forecourt/contracts';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a spreadsheet would
 * run as a formula (=, +, -, @, tab, carriage return first) is prefixed with an apostrophe, since labels
 * and targets come from users.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The entries as CSV with a header row, lines ending in CRLF as RFC 4180 says. */
export function auditCsv(entries: AuditEntry[]): string {
  const lines = [AUDIT_CSV_COLUMNS.join(',')];
  for (const e of entries) lines.push(AUDIT_CSV_COLUMNS.map((c) => csvCell(e[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

import { parseCsv, type CsvRecord } from './csv';

/** What stops an import before its lines are read: a broken quote, no line, or too many. */
export interface ImportFileError {
  line: number;
  field: '';
  reason: 'badQuotes' | 'empty' | 'tooManyLines';
  value?: string;
}

/** A CSV import's file: its header's column names (trimmed) and its non-blank lines. */
export type ImportTable = { ok: true; columns: string[]; lines: CsvRecord[] } | { ok: false; error: ImportFileError };

/**
 * Reads the file of a CSV import (the users' on the board, the stocks' in settings): a header line, then
 * at most maxLines lines that are not blank. Each import then checks its own columns and lines.
 */
export function readImportTable(csv: string, maxLines: number): ImportTable {
  const parsed = parseCsv(csv);
  if (!parsed.ok) return { ok: false, error: { line: parsed.line, field: '', reason: 'badQuotes' } };
  const [header, ...records] = parsed.records;
  const lines = records.filter((r) => r.fields.some((f) => f.trim() !== ''));
  if (!header || !lines.length) return { ok: false, error: { line: 1, field: '', reason: 'empty' } };
  if (lines.length > maxLines)
    return { ok: false, error: { line: 1, field: '', reason: 'tooManyLines', value: String(maxLines) } };
  return { ok: true, columns: header.fields.map((f) => f.trim()), lines };
}

/** The answer of an import that wrote nothing (a dry run, or a file with a bad line). */
export const unappliedImport = <Change, LineError>(dryRun: boolean, changes: Change[], errors: LineError[]) => ({
  dryRun,
  applied: false,
  changes,
  errors,
});

import { describe, expect, it } from 'vitest';
import { readImportTable } from './csv-import';

describe('readImportTable', () => {
  it('answers the trimmed columns and the lines that are not blank, with their file lines', () => {
    expect(readImportTable(' email ;givenName\na@x.fr;Ann\n;\nb@x.fr;Bo\n', 5)).toEqual({
      ok: true,
      columns: ['email', 'givenName'],
      lines: [
        { line: 2, fields: ['a@x.fr', 'Ann'] },
        { line: 4, fields: ['b@x.fr', 'Bo'] },
      ],
    });
  });

  it('stops at a broken quote, an empty file or too many lines', () => {
    expect(readImportTable('name\n"open', 5)).toEqual({
      ok: false,
      error: { line: 2, field: '', reason: 'badQuotes' },
    });
    expect(readImportTable('name\n\n', 5)).toEqual({ ok: false, error: { line: 1, field: '', reason: 'empty' } });
    expect(readImportTable('name\na\nb\nc', 2)).toEqual({
      ok: false,
      error: { line: 1, field: '', reason: 'tooManyLines', value: '2' },
    });
  });
});

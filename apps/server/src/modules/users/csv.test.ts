import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  it('reads quoted fields with separators, doubled quotes and line breaks, and numbers records by their first line', () => {
    const parsed = parseCsv('\uFEFFemail,givenName\r\na@x.test,"Dupont, ""Jo"""\n"b@x.test","two\nlines"\nc@x.test,C');
    expect(parsed).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['email', 'givenName'] },
        { line: 2, fields: ['a@x.test', 'Dupont, "Jo"'] },
        { line: 3, fields: ['b@x.test', 'two\nlines'] },
        { line: 5, fields: ['c@x.test', 'C'] },
      ],
    });
  });

  it('takes semicolons as the separator when the header has more of them', () => {
    expect(parseCsv('email;roles\na@x.test;manage-users,x\n')).toEqual({
      ok: true,
      records: [
        { line: 1, fields: ['email', 'roles'] },
        { line: 2, fields: ['a@x.test', 'manage-users,x'] },
      ],
    });
  });

  it('fails on an unclosed quote with the line it opens on', () => {
    expect(parseCsv('email\na@x.test\n"b@x.test\n')).toEqual({ ok: false, line: 3 });
  });
});

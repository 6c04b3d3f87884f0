/** One record of a CSV file: its fields and the file line it starts on (1-based). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export type CsvParse = { ok: true; records: CsvRecord[] } | { ok: false; line: number };

/**
 * RFC 4180 CSV: fields separated by commas (or semicolons, when the header line has more of them, as
 * spreadsheets in French or German save it), quoted fields may hold separators, doubled quotes and line
 * breaks; CRLF or LF; a leading byte-order mark is dropped. An unclosed quote fails with its line.
 */
export function parseCsv(text: string): CsvParse {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const sep = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  for (let i = 0; i < src.length; i += 1) {
    const c = src[i]!;
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line += 1;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === sep) {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i += 1;
      fields.push(field);
      records.push({ line: start, fields });
      fields = [];
      field = '';
      line += 1;
      start = line;
    } else field += c;
  }
  if (quoted) return { ok: false, line: quoteLine };
  if (field !== '' || fields.length) {
    fields.push(field);
    records.push({ line: start, fields });
  }
  return { ok: true, records };
}

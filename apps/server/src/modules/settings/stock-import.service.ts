import {
  CONTACT_LINES_MAX,
  E164,
  STOCK_IMPORT_COLUMNS,
  STOCK_IMPORT_CONTACT_PREFIX,
  STOCK_IMPORT_MAX_LINES,
  type StockImportLineChange,
  type StockImportLineError,
  type StockImportResult,
} from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import type { UserContext } from '../identity/user-context';
import { readImportTable, unappliedImport } from '../users/csv-import';
import { settingsGroup } from './groups.service';
import { insertStock, listGroupStocks, updateStock, type StockRow } from './stocks.repo';

type Deps = Pick<Adapters, 'db' | 'clock' | 'ids'>;
type Card = Array<{ title: string; value: string; titles?: Record<string, string> }>;
type Fields = Pick<StockRow, 'name' | 'label' | 'contactPhone'> & { contactInformation: Card };

const NAME_MAX = 120;
const TITLE_MAX = 60;
const VALUE_MAX = 200;
const key = (name: string) => name.trim().toLowerCase();
const cardOf = (text: string): Card => {
  try {
    const parsed = JSON.parse(text || '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as Card) : [];
  } catch {
    return [];
  }
};

interface Planned {
  line: number;
  before: (StockRow & { card: Card }) | null;
  after: Fields;
}

/**
 * Imports a CSV file of a group's stocks (settings, provider administrators and customer success), as the
 * users' import does: a row whose `id`, or else whose name, is a stock of the group updates the columns the
 * file has; any other row creates a stock. Every line is checked as the stock form checks it; a dry run, or a
 * file with any bad line, writes nothing and says per line what would change or what is wrong. Otherwise
 * everything is written in one transaction, each change audited.
 */
export async function importStocks(
  deps: Deps,
  user: UserContext,
  groupId: string,
  csv: string,
  opts: { dryRun: boolean },
  audit: AuditContext,
): Promise<StockImportResult> {
  await settingsGroup(deps, user, groupId);
  const errors: StockImportLineError[] = [];
  const done = (changes: StockImportLineChange[] = []): StockImportResult =>
    unappliedImport(opts.dryRun, changes, errors);
  const table = readImportTable(csv, STOCK_IMPORT_MAX_LINES);
  if (!table.ok) {
    errors.push(table.error);
    return done();
  }
  const { columns, lines } = table;

  const contactColumns: Array<{ index: number; title: string }> = [];
  const seenColumns = new Set<string>();
  for (const [index, c] of columns.entries()) {
    if (seenColumns.has(c.toLowerCase())) errors.push({ line: 1, field: c, reason: 'duplicateColumn', value: c });
    seenColumns.add(c.toLowerCase());
    if (c.toLowerCase().startsWith(STOCK_IMPORT_CONTACT_PREFIX)) {
      const title = c.slice(STOCK_IMPORT_CONTACT_PREFIX.length).trim();
      if (!title || title.length > TITLE_MAX) errors.push({ line: 1, field: c, reason: 'unknownColumn', value: c });
      contactColumns.push({ index, title });
    } else if (!(STOCK_IMPORT_COLUMNS as readonly string[]).includes(c))
      errors.push({ line: 1, field: c, reason: 'unknownColumn', value: c });
  }
  if (!columns.includes('name')) errors.push({ line: 1, field: 'name', reason: 'missingColumn' });
  if (contactColumns.length > CONTACT_LINES_MAX)
    errors.push({ line: 1, field: '', reason: 'tooManyContacts', value: String(CONTACT_LINES_MAX) });
  if (errors.length) return done();

  const stocks = (await listGroupStocks(deps.db, groupId)).map((s) => ({ ...s, card: cardOf(s.contactInformation) }));
  const byId = new Map(stocks.map((s) => [s.id, s]));
  const byName = new Map<string, typeof stocks>();
  for (const s of stocks) byName.set(key(s.name), [...(byName.get(key(s.name)) ?? []), s]);
  const cell = (fields: string[], name: string) => {
    const i = columns.indexOf(name);
    return i < 0 ? undefined : (fields[i] ?? '').trim();
  };

  const targets = new Set<string>();
  const planned: Planned[] = [];
  for (const record of lines) {
    const line = record.line;
    const before0 = errors.length;
    const fail = (field: string, reason: StockImportLineError['reason'], value?: string) =>
      errors.push({ line, field, reason, ...(value !== undefined ? { value } : {}) });
    const id = cell(record.fields, 'id');
    const name = cell(record.fields, 'name') ?? '';
    if (!name) fail('name', 'required');
    else if (name.length > NAME_MAX) fail('name', 'tooLong', name.slice(0, 20));

    let before: Planned['before'] = null;
    if (id) {
      before = byId.get(id) ?? null;
      if (!before) fail('id', 'unknownStock', id);
    } else if (name) {
      const named = byName.get(key(name)) ?? [];
      if (named.length > 1) fail('name', 'ambiguousName', name);
      before = named.length === 1 ? named[0]! : null;
    }
    // One stock a line: the same stock twice, or two new ones of one name, would make the file's order matter.
    const target = before ? `id:${before.id}` : `new:${key(name)}`;
    if (name && targets.has(target)) fail(id ? 'id' : 'name', 'duplicateStock', id || name);
    targets.add(target);

    const label = cell(record.fields, 'label');
    if (label === undefined ? !before : !label) fail('label', 'required');
    else if (label && label.length > NAME_MAX) fail('label', 'tooLong', label.slice(0, 20));

    const phoneCell = cell(record.fields, 'phone');
    const phone = phoneCell === undefined ? undefined : phoneCell.replace(/\s+/g, '') || null;
    if (phone && !E164.test(phone)) fail('phone', 'invalidPhone', phoneCell);

    // A line of the card keeps the titles per language the stock's dialog gave its title: the file has no
    // column for them, and re-importing a file must not take them away.
    const translated = new Map((before?.card ?? []).map((l) => [l.title, l.titles]));
    const card: Card = [];
    for (const { index, title } of contactColumns) {
      const value = (record.fields[index] ?? '').trim();
      const titles = translated.get(title);
      if (value.length > VALUE_MAX) fail(columns[index]!, 'tooLong', value.slice(0, 20));
      else if (value) card.push(titles ? { title, value, titles } : { title, value });
    }
    if (errors.length > before0) continue;
    planned.push({
      line,
      before,
      after: {
        name,
        label: label ?? before!.label,
        contactPhone: phone === undefined ? (before?.contactPhone ?? null) : phone,
        contactInformation: contactColumns.length ? card : (before?.card ?? []),
      },
    });
  }

  const changes: StockImportLineChange[] = planned.map((p) => {
    if (!p.before) return { line: p.line, name: p.after.name, action: 'CREATE', fields: [] };
    // A phone written with spaces (as the demo's are) is the same number as the file's.
    const was: Fields = {
      ...p.before,
      contactPhone: p.before.contactPhone?.replace(/\s+/g, '') ?? null,
      contactInformation: p.before.card,
    };
    const fields = (['name', 'label', 'contactPhone', 'contactInformation'] as const)
      .filter((f) => JSON.stringify(was[f]) !== JSON.stringify(p.after[f]))
      .map((f) => (f === 'contactPhone' ? 'phone' : f));
    return { line: p.line, name: p.after.name, action: fields.length ? 'UPDATE' : 'UNCHANGED', fields };
  });
  if (errors.length || opts.dryRun) return done(errors.length ? [] : changes);

  const now = deps.clock.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    for (const [i, p] of planned.entries()) {
      const row = { ...p.after, contactInformation: JSON.stringify(p.after.contactInformation) };
      if (!p.before) {
        const stockId = deps.ids.uuid();
        await insertStock(trx, { id: stockId, groupId, createdAt: now, ...row });
        await recordAudit(
          deps,
          { ...audit, groupId, action: 'stock.create', target: { type: 'stock', id: stockId }, after: p.after },
          trx,
        );
      } else if (changes[i]!.action === 'UPDATE') {
        await updateStock(trx, p.before.id, row);
        await recordAudit(
          deps,
          {
            ...audit,
            groupId,
            action: 'stock.update',
            target: { type: 'stock', id: p.before.id },
            before: {
              name: p.before.name,
              label: p.before.label,
              contactPhone: p.before.contactPhone,
              contactInformation: p.before.card,
            },
            after: p.after,
          },
          trx,
        );
      }
    }
  });
  return { dryRun: false, applied: true, changes, errors };
}

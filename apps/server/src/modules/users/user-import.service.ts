import {
  ACCOUNT_LANGUAGES,
  MODEL_TYPES,
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_LINES,
  USER_OPTION_NAMES,
  VEHICLE_IDENTIFICATION_METHODS,
  type ImportLineChange,
  type ImportLineError,
  type UserImportResult,
} from '@forecourt/contracts';
import { z } from 'zod';
import type { UserContext } from '../identity/user-context';
import { dealerGroupOf } from '../identity/users.service';
import { readImportTable, unappliedImport } from './csv-import';
import {
  findGroupUsersRights,
  findUsersByEmail,
  groupOwners,
  insertInvitations,
  insertUsers,
  replaceRights,
  type StoredRights,
} from './user-board.repo';
import {
  boardScope,
  requireActiveGroup,
  invitationFor,
  mailInvitation,
  type UserBoardDeps,
} from './user-board.service';
import { recordAudit, type AuditContext } from '../audit/audit.service';
import { auditedRights, boardOptions, escalations, habilitationsAbove, normaliseOptions } from './user-rights';

type Column = (typeof USER_IMPORT_COLUMNS)[number];
const REQUIRED: Column[] = ['email', 'givenName', 'familyName'];
const SWITCHES = USER_OPTION_NAMES.filter((n) => n !== 'vehicleIdentificationMethods');
const Email = z.email().max(254);
const ROLE = /^[a-z0-9][a-z0-9-]{0,49}$/;

/** A list inside a cell: values separated by `;`, `,` or `|` (whichever the file's separator leaves free). */
const listOf = (cell: string) =>
  cell
    .split(/[;,|]/)
    .map((v) => v.trim())
    .filter(Boolean);

interface Planned {
  line: number;
  email: string;
  id: string | null;
  before: StoredRights | null;
  after: StoredRights;
}

const CHANGE_FIELDS: Array<[keyof StoredRights, string]> = [
  ['givenName', 'givenName'],
  ['familyName', 'familyName'],
  ['locale', 'locale'],
  ['roles', 'roles'],
  ['models', 'models'],
  ['options', 'options'],
  ['ownerIds', 'stocks'],
];
const canonical = (key: keyof StoredRights, v: unknown) =>
  JSON.stringify(
    key === 'options' ? boardOptions(v as Record<string, unknown>) : Array.isArray(v) ? [...(v as string[])].sort() : v,
  );

/**
 * Imports a CSV file of users into the manager's group (or, for a provider administrator, the group named): a new e-mail creates an account (and invites it), a
 * known one of the group updates the columns the file has. Every line is checked as the board checks a
 * form (values, the group's stocks, no right the manager does not hold); a dry run, or a file with any bad
 * line, writes nothing and says per line what would change or what is wrong. Otherwise everything is
 * written in one transaction, and the invitations are sent after it.
 */
export async function importUsers(
  deps: UserBoardDeps,
  caller: UserContext,
  csv: string,
  opts: { dryRun: boolean; group?: string },
  audit: AuditContext,
): Promise<UserImportResult> {
  const manager = await boardScope(deps, caller, opts.group);
  await requireActiveGroup(deps, manager.groupId);
  const errors: ImportLineError[] = [];
  const done = (changes: ImportLineChange[] = []): UserImportResult => unappliedImport(opts.dryRun, changes, errors);
  const table = readImportTable(csv, USER_IMPORT_MAX_LINES);
  if (!table.ok) {
    errors.push(table.error);
    return done();
  }
  const { columns, lines } = table;
  for (const c of columns)
    if (!(USER_IMPORT_COLUMNS as readonly string[]).includes(c))
      errors.push({ line: 1, field: c, reason: 'unknownColumn', value: c });
  for (const c of REQUIRED) if (!columns.includes(c)) errors.push({ line: 1, field: c, reason: 'missingColumn' });
  if (errors.length) return done();

  const stocks = await groupOwners(deps.db, manager.groupId);
  const stockOf = new Map<string, string>();
  for (const s of stocks) {
    stockOf.set(s.id.toLowerCase(), s.id);
    stockOf.set(s.name.trim().toLowerCase(), s.id);
  }
  const cellsOf = (fields: string[]) =>
    Object.fromEntries(columns.map((c, i) => [c, (fields[i] ?? '').trim()])) as Partial<Record<Column, string>>;

  const emails = lines.map((r) => (cellsOf(r.fields).email ?? '').toLowerCase());
  const existing = new Map((await findUsersByEmail(deps.db, emails.filter(Boolean))).map((u) => [u.email, u]));
  const ours = [...existing.values()].filter((u) => u.groupId === manager.groupId).map((u) => u.id);
  const rightsOf = await findGroupUsersRights(deps.db, manager.groupId, ours);

  const seen = new Set<string>();
  const planned: Planned[] = [];
  for (const [index, record] of lines.entries()) {
    const line = record.line;
    const cells = cellsOf(record.fields);
    const fail = (field: string, reason: ImportLineError['reason'], value?: string) =>
      errors.push({ line, field, reason, ...(value !== undefined ? { value } : {}) });
    const before0 = errors.length;
    const email = emails[index]!;
    if (!email) fail('email', 'required');
    else if (!Email.safeParse(email).success) fail('email', 'invalidEmail', email);
    else if (seen.has(email)) fail('email', 'duplicateEmail', email);
    seen.add(email);
    const account = existing.get(email);
    if (account && account.groupId !== manager.groupId) fail('email', 'otherGroup', email);
    const before = account ? (rightsOf.get(account.id) ?? null) : null;

    for (const c of ['givenName', 'familyName'] as const) {
      const v = cells[c] ?? '';
      if (!v) fail(c, 'required');
      else if (v.length > 100) fail(c, 'tooLong', v.slice(0, 20));
    }
    const locale = cells.locale || before?.locale || manager.locale;
    if (!(ACCOUNT_LANGUAGES as readonly string[]).includes(locale)) fail('locale', 'unknownValue', locale);
    const listed = (c: Column, allowed: (v: string) => boolean, kept: string[]) => {
      if (cells[c] === undefined) return kept;
      const values = listOf(cells[c]!);
      for (const v of values) if (!allowed(v)) fail(c, 'unknownValue', v);
      return values;
    };
    const roles = listed('roles', (v) => ROLE.test(v), before?.roles ?? []);
    const models = listed('models', (v) => (MODEL_TYPES as readonly string[]).includes(v), before?.models ?? []);
    const switchesBefore = SWITCHES.filter((n) => before?.options[n] === true);
    const switches = listed('options', (v) => (SWITCHES as readonly string[]).includes(v), switchesBefore);
    const methodsBefore = (before?.options.vehicleIdentificationMethods as string[] | undefined) ?? [];
    const methods = listed(
      'vehicleIdentificationMethods',
      (v) => (VEHICLE_IDENTIFICATION_METHODS as readonly string[]).includes(v),
      methodsBefore,
    );
    const stockNames = listed('stocks', (v) => stockOf.has(v.toLowerCase()), []);
    // Stocks the manager does not reach stay on an updated account; the file sets the others.
    const stockIds =
      cells.stocks === undefined
        ? (before?.ownerIds ?? [])
        : [
            ...(before?.ownerIds ?? []).filter((o) => !manager.ownerIds.includes(o)),
            ...stockNames.map((v) => stockOf.get(v.toLowerCase())!).filter(Boolean),
          ];
    if (errors.length > before0) continue;

    const after: StoredRights = {
      givenName: cells.givenName!,
      familyName: cells.familyName!,
      locale,
      habilitations: before?.habilitations ?? [],
      roles: [...new Set(roles)],
      models: [...new Set(models)],
      options: normaliseOptions({
        ...Object.fromEntries(switches.map((n) => [n, true])),
        vehicleIdentificationMethods: methods as (typeof VEHICLE_IDENTIFICATION_METHODS)[number][],
      }),
      ownerIds: [...new Set(stockIds)].sort(),
    };
    if (before && habilitationsAbove(manager, before).length) fail('email', 'notGranted', email);
    for (const e of escalations(manager, before, after)) {
      const field =
        e.field === 'ownerIds'
          ? 'stocks'
          : e.value.startsWith('vehicleIdentificationMethods:')
            ? 'vehicleIdentificationMethods'
            : e.field;
      fail(field, 'notGranted', e.value.replace('vehicleIdentificationMethods:', ''));
    }
    if (errors.length > before0) continue;
    planned.push({ line, email, id: account?.id ?? null, before, after });
  }

  const changes: ImportLineChange[] = planned.map((p) => {
    if (!p.before) return { line: p.line, email: p.email, action: 'CREATE', fields: [] };
    const fields = CHANGE_FIELDS.filter(([k]) => canonical(k, p.before![k]) !== canonical(k, p.after[k])).map(
      ([, n]) => n,
    );
    return { line: p.line, email: p.email, action: fields.length ? 'UPDATE' : 'UNCHANGED', fields };
  });
  if (errors.length || opts.dryRun) return done(errors.length ? [] : changes);

  const now = deps.clock.now().toISOString();
  const entry = { ...audit, groupId: manager.groupId, target: { type: 'user', id: null } };
  const created = planned
    .filter((p) => !p.id)
    .map((p) => {
      const id = deps.ids.uuid();
      return { p, id, ...invitationFor(deps, { id, email: p.email }) };
    });
  await deps.db.transaction().execute(async (trx) => {
    for (const [i, p] of planned.entries()) {
      if (!p.id || changes[i]!.action !== 'UPDATE') continue;
      await replaceRights(trx, p.id, p.after);
      await recordAudit(
        deps,
        {
          ...entry,
          action: 'user.update',
          target: { type: 'user', id: p.id },
          before: auditedRights(p.before!),
          after: auditedRights(p.after),
        },
        trx,
      );
    }
    await insertUsers(
      trx,
      created.map(({ p, id }) => ({
        user: { id, email: p.email, groupId: manager.groupId, createdAt: now },
        rights: p.after,
      })),
    );
    await insertInvitations(
      trx,
      created.flatMap((c) => (c.row ? [c.row] : [])),
    );
    for (const { p, id } of created)
      await recordAudit(
        deps,
        {
          ...entry,
          action: 'user.invite',
          target: { type: 'user', id },
          after: auditedRights(p.after, { email: p.email }),
        },
        trx,
      );
  });
  const group = (await dealerGroupOf(deps.db, manager)).name;
  for (const { p, link } of created)
    await mailInvitation(
      deps,
      caller,
      { email: p.email, givenName: p.after.givenName, locale: p.after.locale },
      link,
      group,
    );
  return { dryRun: false, applied: true, changes, errors };
}

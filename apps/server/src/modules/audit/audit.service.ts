import type { AuditEntry, AuditFilters, AuditListResponse, AuditQuery } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import type { Db, Executor } from '../../platform/db/database';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { groupNames, insertAuditRow, listAuditRows, type AuditRow, type AuditRowFilter } from './audit.repo';
import { auditCsv } from './audit-csv';

/** Who made a change: a signed-in user, or a named system actor (`cli`, `setup`) with no user id. */
export interface AuditActor {
  id: string | null;
  label: string;
}

/** Who acted and from where: what a route hands its service so that the service can audit its changes. */
export interface AuditContext {
  actor: AuditActor;
  clientAddress: string | null;
}

/** One change to record. `groupId` is the dealer group the change concerns (its managers read it). */
export interface AuditEntryInput extends AuditContext {
  groupId: string | null;
  /** `<subject>.<verb>` in lower case: `user.create`, `group.rename`, `stamp.update`. */
  action: string;
  target: { type: string; id: string | null };
  /** The state before and after, as plain JSON (never a password or a secret). */
  before?: unknown;
  after?: unknown;
}

/** The admin command's actor (`npm run admin`). */
export const CLI_ACTOR: AuditActor = { id: null, label: 'cli' };

export const actorOf = (user: Pick<UserContext, 'id' | 'email'>): AuditActor => ({ id: user.id, label: user.email });

type RecordDeps = Pick<Adapters, 'db' | 'clock' | 'ids'>;

const json = (value: unknown): string | null => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Records one administrative change. Pass the change's transaction as `executor` so that the change and
 * its entry commit together: a change is never left unaudited, an entry never names a change that rolled back.
 */
export async function recordAudit(deps: RecordDeps, entry: AuditEntryInput, executor?: Executor): Promise<void> {
  await insertAuditRow(executor ?? deps.db, {
    id: deps.ids.uuid(),
    at: deps.clock.now().toISOString(),
    actorId: entry.actor.id,
    actorLabel: entry.actor.label,
    groupId: entry.groupId,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    before: json(entry.before),
    after: json(entry.after),
    clientAddress: entry.clientAddress,
  });
}

/** Makes a change and records its entry in one transaction: both commit, or neither. */
export const withAudit = <T>(deps: RecordDeps, entry: AuditEntryInput, change: (trx: Executor) => Promise<T>) =>
  deps.db.transaction().execute(async (trx) => {
    const result = await change(trx);
    await recordAudit(deps, entry, trx);
    return result;
  });

const parseJson = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** The rows as the screen and the export show them, each with its group's name of today. */
async function entriesOf(db: Db, rows: AuditRow[]): Promise<AuditEntry[]> {
  const names = await groupNames(db, [...new Set(rows.flatMap((r) => (r.groupId ? [r.groupId] : [])))]);
  return rows.map((r) => ({
    ...r,
    groupName: (r.groupId && names.get(r.groupId)) || null,
    before: parseJson(r.before),
    after: parseJson(r.after),
  }));
}

export const isProviderAdministrator = (user: Pick<UserContext, 'habilitations'>): boolean =>
  user.habilitations.includes('PROVIDER_ADMINISTRATOR');

/** Whether the user may open the audit screen at all: provider administrators and group managers. */
export const canReadAudit = (user: Pick<UserContext, 'habilitations' | 'roles'>): boolean =>
  isProviderAdministrator(user) || user.roles.includes('manage-users');

/**
 * The groups a reader sees: provider administrators every group (or the one they filter on), a group's
 * managers (role manage-users) their own group only; anyone else is refused.
 */
function scopeOf(user: UserContext, groupId: string | undefined): string | null {
  if (isProviderAdministrator(user)) return groupId ?? null;
  if (!user.roles.includes('manage-users'))
    throw forbidden('Only provider administrators and managers read the audit log');
  if (groupId && groupId !== user.groupId) throw notFound('Group');
  return user.groupId;
}

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

function rowFilter(user: UserContext, filters: AuditFilters): AuditRowFilter {
  if (filters.from && filters.to && filters.from > filters.to)
    throw badRequest('The start date is after the end date', { field: 'from' });
  return {
    groupId: scopeOf(user, filters.groupId),
    action: filters.action,
    actor: filters.actor,
    targetType: filters.targetType,
    targetId: filters.targetId,
    fromAt: filters.from ? `${filters.from}T00:00:00.000Z` : undefined,
    toAt: filters.to ? nextDay(filters.to) : undefined,
  };
}

const encodeCursor = (r: AuditRow) => Buffer.from(JSON.stringify([r.at, r.id])).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof at === 'string' && typeof id === 'string') return { at, id };
  } catch {
    // answered below
  }
  throw badRequest('The cursor is not one this list gave', { field: 'cursor' });
}

/** One page of the entries the user may read, newest first. */
export async function listAudit(
  deps: Pick<Adapters, 'db'>,
  user: UserContext,
  query: AuditQuery,
): Promise<AuditListResponse> {
  const filter = rowFilter(user, query);
  if (query.cursor) filter.after = decodeCursor(query.cursor);
  const rows = await listAuditRows(deps.db, filter, query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: await entriesOf(deps.db, page),
    nextCursor: rows.length > query.limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

/** The export stops here: a bigger export is narrowed by date. */
export const AUDIT_EXPORT_MAX = 100_000;
const EXPORT_PAGE = 1000;

/** Every entry the user may read under the filters, newest first, as CSV (header row first). */
export async function exportAuditCsv(
  deps: Pick<Adapters, 'db'>,
  user: UserContext,
  filters: AuditFilters,
): Promise<string> {
  const filter = rowFilter(user, filters);
  const entries: AuditEntry[] = [];
  for (;;) {
    const rows = await listAuditRows(deps.db, filter, EXPORT_PAGE);
    entries.push(...(await entriesOf(deps.db, rows)));
    if (rows.length < EXPORT_PAGE || entries.length >= AUDIT_EXPORT_MAX) break;
    const last = rows[rows.length - 1]!;
    filter.after = { at: last.at, id: last.id };
  }
  return auditCsv(entries.slice(0, AUDIT_EXPORT_MAX));
}

import { sql } from 'kysely';
import type { Db, Executor } from '../../platform/db/database';

/** One audit_log row in the domain's camelCase; `before` and `after` as the JSON text stored. */
export interface AuditRow {
  id: string;
  at: string;
  actorId: string | null;
  actorLabel: string;
  groupId: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  before: string | null;
  after: string | null;
  clientAddress: string | null;
}

const COLUMNS = [
  'id',
  'at',
  'actor_id as actorId',
  'actor_label as actorLabel',
  'group_id as groupId',
  'action',
  'target_type as targetType',
  'target_id as targetId',
  'before',
  'after',
  'client_address as clientAddress',
] as const;

/**
 * The only write this module has: there is deliberately no update or delete here, and the table's
 * triggers (migration 0040) refuse them from anywhere else.
 */
export async function insertAuditRow(db: Executor, row: AuditRow): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: row.id,
      at: row.at,
      actor_id: row.actorId,
      actor_label: row.actorLabel,
      group_id: row.groupId,
      action: row.action,
      target_type: row.targetType,
      target_id: row.targetId,
      before: row.before,
      after: row.after,
      client_address: row.clientAddress,
    })
    .execute();
}

export interface AuditRowFilter {
  /** null: every group (provider administrators). */
  groupId: string | null;
  action?: string | undefined;
  actor?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** ISO instants: at >= fromAt and at < toAt. */
  fromAt?: string | undefined;
  toAt?: string | undefined;
  /** Keyset: entries strictly older than this (at, id). */
  after?: { at: string; id: string } | undefined;
}

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Newest first, `limit` rows matching the filter. */
export async function listAuditRows(db: Db, filter: AuditRowFilter, limit: number): Promise<AuditRow[]> {
  let q = db.selectFrom('audit_log').select(COLUMNS);
  if (filter.groupId !== null) q = q.where('group_id', '=', filter.groupId);
  if (filter.action) q = q.where('action', '=', filter.action);
  if (filter.targetType) q = q.where('target_type', '=', filter.targetType);
  if (filter.targetId) q = q.where('target_id', '=', filter.targetId);
  if (filter.fromAt) q = q.where('at', '>=', filter.fromAt);
  if (filter.toAt) q = q.where('at', '<', filter.toAt);
  if (filter.actor) {
    const actor = filter.actor;
    q = q.where((eb) =>
      eb.or([
        eb('actor_id', '=', actor),
        eb(sql<string>`lower(actor_label)`, 'like', sql<string>`${likePattern(actor)} escape '\\'`),
      ]),
    );
  }
  if (filter.after) {
    const { at, id } = filter.after;
    q = q.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]));
  }
  return q.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Today's names of these dealer groups, by id. */
export async function groupNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('dealer_groups').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

import { sql, type Selectable } from 'kysely';
import type { AuditLogTable } from '../../db/schema';
import type { Db, Executor } from '../../platform/db/database';

export type AuditRow = Selectable<AuditLogTable>;

/**
 * The only write this module has: there is deliberately no update or delete here, and the table's
 * triggers (migration 0040) refuse them from anywhere else.
 */
export async function insertAuditRow(db: Executor, row: AuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
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
  let q = db.selectFrom('audit_log').selectAll();
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

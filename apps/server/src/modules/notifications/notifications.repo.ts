import type { Db } from '../../platform/db/database';

/** The newest outbox entries of a dealer group, in the domain's camelCase. */
export async function listOutbox(db: Db, groupId: string, limit: number) {
  return db
    .selectFrom('notifications_outbox as n')
    .leftJoin('users as u', 'u.id', 'n.created_by')
    .select([
      'n.id',
      'n.channel',
      'n.recipient',
      'n.subject',
      'n.body_text as bodyText',
      'n.status',
      'n.transport_id as transportId',
      'n.error',
      'n.created_at as createdAt',
      'u.email as sender',
    ])
    .where('n.group_id', '=', groupId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(limit)
    .execute();
}

import type { Db, Executor } from '../../platform/db/database';

export interface DmsSettingsRow {
  groupId: string;
  driver: 'folder' | 'webhook';
  webhookUrl: string | null;
  webhookSecret: string | null;
}

export async function findDmsSettings(db: Db, groupId: string): Promise<DmsSettingsRow | null> {
  const row = await db.selectFrom('dms_settings').selectAll().where('group_id', '=', groupId).executeTakeFirst();
  return row
    ? {
        groupId: row.group_id,
        driver: row.driver === 'webhook' ? 'webhook' : 'folder',
        webhookUrl: row.webhook_url,
        webhookSecret: row.webhook_secret,
      }
    : null;
}

export async function saveDmsSettings(db: Executor, s: DmsSettingsRow, at: string): Promise<void> {
  const values = { driver: s.driver, webhook_url: s.webhookUrl, webhook_secret: s.webhookSecret, updated_at: at };
  await db
    .insertInto('dms_settings')
    .values({ group_id: s.groupId, ...values })
    .onConflict((oc) => oc.column('group_id').doUpdateSet(values))
    .execute();
}

export async function deleteDmsSettings(db: Executor, groupId: string): Promise<void> {
  await db.deleteFrom('dms_settings').where('group_id', '=', groupId).execute();
}

export interface DeliveryValues {
  id: string;
  groupId: string;
  shootingId: string | null;
  kind: 'push' | 'test';
  driver: 'folder' | 'webhook';
  target: string;
  status: 'OK' | 'FAILED';
  error: string | null;
  durationMs: number;
  createdAt: string;
}

export async function insertDelivery(db: Db, d: DeliveryValues): Promise<void> {
  await db
    .insertInto('dms_deliveries')
    .values({
      id: d.id,
      group_id: d.groupId,
      shooting_id: d.shootingId,
      kind: d.kind,
      driver: d.driver,
      target: d.target,
      status: d.status,
      error: d.error,
      duration_ms: d.durationMs,
      created_at: d.createdAt,
    })
    .execute();
}

export async function listDeliveries(db: Db, groupId: string, limit: number): Promise<DeliveryValues[]> {
  const rows = await db
    .selectFrom('dms_deliveries')
    .selectAll()
    .where('group_id', '=', groupId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    groupId: r.group_id,
    shootingId: r.shooting_id,
    kind: r.kind === 'test' ? 'test' : 'push',
    driver: r.driver === 'webhook' ? 'webhook' : 'folder',
    target: r.target,
    status: r.status === 'OK' ? 'OK' : 'FAILED',
    error: r.error,
    durationMs: r.duration_ms,
    createdAt: r.created_at,
  }));
}

import type { StampsTable } from '../../db/schema';
import { camelRow, type Camel } from '../../platform/db/camel-rows';
import type { Db } from '../../platform/db/database';

const columns = ['id', 'group_id', 'name', 'format', 'width', 'height', 'overlay_key'] as const;
export type StampRow = Camel<Pick<StampsTable, (typeof columns)[number]>>;

export async function listGroupStamps(db: Db, groupId: string, formats?: string[]): Promise<StampRow[]> {
  let q = db.selectFrom('stamps').select(columns).where('group_id', '=', groupId);
  if (formats?.length) q = q.where('format', 'in', formats);
  return (await q.orderBy('name').orderBy('id').execute()).map(camelRow);
}

/** The stamp when the group owns it. */
export async function findGroupStamp(db: Db, id: string, groupId: string): Promise<StampRow | null> {
  const row = await db
    .selectFrom('stamps')
    .select(columns)
    .where('id', '=', id)
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return row ? camelRow(row) : null;
}

/** For the worker, which acts on work already authorised. */
export async function findStamp(db: Db, id: string): Promise<StampRow | null> {
  const row = await db.selectFrom('stamps').select(columns).where('id', '=', id).executeTakeFirst();
  return row ? camelRow(row) : null;
}

/** The stamp's cropping configuration, when it has one. */
export async function findStampConfiguration(db: Db, stampId: string) {
  return db
    .selectFrom('stamp_configurations')
    .select([
      'background_key as backgroundKey',
      'blurring_value as blurringValue',
      'cropping_type as croppingType',
      'floor_level as floorLevel',
    ])
    .where('stamp_id', '=', stampId)
    .executeTakeFirst();
}

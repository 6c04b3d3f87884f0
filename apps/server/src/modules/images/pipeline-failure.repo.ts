import type { Db } from '../../platform/db/database';

export interface UnfinishedRun {
  id: string;
  /** The run's source images not rendered yet, with their position in the shooting. */
  pending: { imageId: string; position: number }[];
}

/** The shooting's runs not finished yet, each with its pending items. */
export async function listUnfinishedRuns(db: Db, shootingId: string): Promise<UnfinishedRun[]> {
  const runs = await db
    .selectFrom('pipeline_runs')
    .select('id')
    .where('shooting_id', '=', shootingId)
    .where('finished_at', 'is', null)
    .orderBy('seq')
    .execute();
  if (runs.length === 0) return [];
  const items = await db
    .selectFrom('pipeline_run_items')
    .innerJoin('images', 'images.id', 'pipeline_run_items.source_image_id')
    .select(['pipeline_run_items.run_id', 'images.id', 'images.position'])
    .where(
      'pipeline_run_items.run_id',
      'in',
      runs.map((r) => r.id),
    )
    .where('pipeline_run_items.done_at', 'is', null)
    .orderBy('images.position')
    .execute();
  return runs.map((r) => ({
    id: r.id,
    pending: items.filter((i) => i.run_id === r.id).map((i) => ({ imageId: i.id, position: i.position })),
  }));
}

/**
 * Removes every image of one position of the shooting (the original and whatever was derived from it) in
 * one transaction; their run items go with them (cascade). Answers the blob keys they used.
 */
export async function deleteImagesAtPosition(db: Db, shootingId: string, position: number): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('images')
      .select(['blob_key', 'thumbnail_key'])
      .where('shooting_id', '=', shootingId)
      .where('position', '=', position)
      .execute();
    await trx.deleteFrom('images').where('shooting_id', '=', shootingId).where('position', '=', position).execute();
    return rows.flatMap((r) => [r.blob_key, ...(r.thumbnail_key ? [r.thumbnail_key] : [])]);
  });
}

import type { EditKind, EditStatus, ImageType } from '@forecourt/contracts';
import type { ImageEditsTable } from '../../db/schema';
import type { Db } from '../../platform/db/database';
import type { Placement } from '../vision/crop-framing';

/** A file an edit produced, before or after it became an image of the shooting. */
export interface EditOutput {
  imageType: ImageType;
  blobKey: string;
  thumbnailKey: string;
  width: number;
  height: number;
  bytes: number;
}

export interface EditRow {
  id: string;
  shootingId: string;
  originalId: string;
  position: number;
  kind: EditKind;
  params: unknown;
  status: EditStatus;
  error: string | null;
  outputs: EditOutput[];
  /** The mask of a cropping edit, stored beside its outputs. */
  maskKey: string | null;
  /** Where a cropping edit put the photo's pixels on its renderings (null: in place, as before framing). */
  placement: Placement | null;
  /** The cover edit whose plates a cropping edit's _CROPPED_LPC renderings carry, if any. */
  coverEditId: string | null;
}

/** What a finished edit stores beside its status. */
export interface EditResult {
  outputs: EditOutput[];
  maskKey?: string;
  placement?: Placement;
  coverEditId?: string;
}

export interface PositionImage {
  id: string;
  position: number;
  imageType: ImageType;
  blobKey: string;
  stampId: string | null;
  maskId: string | null;
}

/** Every image of the position of `imageId` in the shooting (none when the image is not in it). */
export async function findPositionImages(db: Db, shootingId: string, imageId: string): Promise<PositionImage[]> {
  const named = await db
    .selectFrom('images')
    .select('position')
    .where('id', '=', imageId)
    .where('shooting_id', '=', shootingId)
    .executeTakeFirst();
  if (!named) return [];
  return db
    .selectFrom('images')
    .select([
      'id',
      'position',
      'image_type as imageType',
      'blob_key as blobKey',
      'stamp_id as stampId',
      'mask_id as maskId',
    ])
    .where('shooting_id', '=', shootingId)
    .where('position', '=', named.position)
    .$narrowType<{ imageType: ImageType }>()
    .execute();
}

export async function findOwnerPlateCover(db: Db, ownerId: string): Promise<string | null> {
  const row = await db.selectFrom('owners').select('plate_cover_key').where('id', '=', ownerId).executeTakeFirst();
  return row?.plate_cover_key ?? null;
}

export async function findCroppingConfiguration(db: Db, stampId: string) {
  const row = await db
    .selectFrom('stamp_configurations')
    .selectAll()
    .where('stamp_id', '=', stampId)
    .executeTakeFirst();
  return row
    ? {
        croppingType: row.cropping_type,
        backgroundKey: row.background_key,
        blurringValue: row.blurring_value,
        floorLevel: row.floor_level,
      }
    : null;
}

export async function insertEdit(
  db: Db,
  e: Pick<EditRow, 'id' | 'shootingId' | 'originalId' | 'position' | 'kind' | 'params'> & {
    createdBy: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('image_edits')
    .values({
      id: e.id,
      shooting_id: e.shootingId,
      original_id: e.originalId,
      position: e.position,
      kind: e.kind,
      params: JSON.stringify(e.params),
      status: 'PENDING',
      outputs: '{}',
      created_by: e.createdBy,
      created_at: e.now,
    })
    .execute();
}

/** How an edit's result is kept in image_edits.outputs (read back by toEdit). */
interface StoredResult {
  files?: EditOutput[];
  maskKey?: string;
  placement?: Placement;
  coverEditId?: string;
}

const storedResult = (result: EditResult): string =>
  JSON.stringify({
    files: result.outputs,
    maskKey: result.maskKey,
    placement: result.placement,
    coverEditId: result.coverEditId,
  } satisfies StoredResult);

const toEdit = (r: ImageEditsTable): EditRow => {
  const stored = JSON.parse(r.outputs) as StoredResult;
  return {
    id: r.id,
    shootingId: r.shooting_id,
    originalId: r.original_id,
    position: r.position,
    kind: r.kind as EditKind,
    params: JSON.parse(r.params),
    status: r.status as EditStatus,
    error: r.error,
    outputs: stored.files ?? [],
    maskKey: stored.maskKey ?? null,
    placement: stored.placement ?? null,
    coverEditId: stored.coverEditId ?? null,
  };
};

export async function findEdit(db: Db, id: string): Promise<EditRow | null> {
  const row = await db.selectFrom('image_edits').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toEdit(row) : null;
}

/**
 * The cover a position must carry: its latest licence-plate cover edit that has not failed. One still
 * pending counts already, so that pictures added meanwhile are covered too.
 */
export async function findPositionCover(db: Db, shootingId: string, position: number): Promise<EditRow | null> {
  const row = await db
    .selectFrom('image_edits')
    .selectAll()
    .where('shooting_id', '=', shootingId)
    .where('position', '=', position)
    .where('kind', '=', 'LICENSE_PLATE_COVER')
    .where('status', '!=', 'ERROR')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? toEdit(row) : null;
}

/** Replaces the stored result of a finished cropping edit (its covered renderings made again). */
export async function updateEditResult(db: Db, id: string, result: EditResult): Promise<void> {
  await db
    .updateTable('image_edits')
    .set({ outputs: storedResult(result) })
    .where('id', '=', id)
    .where('status', '=', 'DONE')
    .execute();
}

export async function findShootingEdits(db: Db, shootingId: string, ids: string[]): Promise<EditRow[]> {
  if (ids.length === 0) return [];
  return (
    await db
      .selectFrom('image_edits')
      .selectAll()
      .where('shooting_id', '=', shootingId)
      .where('id', 'in', ids)
      .execute()
  ).map(toEdit);
}

/** Ends a pending edit; a second call (a retried job) changes nothing. */
export async function finishEdit(
  db: Db,
  id: string,
  result: ({ status: 'DONE' } & EditResult) | { status: 'ERROR'; error: string },
  now: string,
): Promise<void> {
  await db
    .updateTable('image_edits')
    .set(
      result.status === 'DONE'
        ? {
            status: 'DONE',
            outputs: storedResult(result),
            finished_at: now,
          }
        : { status: 'ERROR', error: result.error, finished_at: now },
    )
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

/** Links cropped images to the edit whose mask they come from. */
export async function setMaskOf(
  db: Db,
  shootingId: string,
  position: number,
  types: ImageType[],
  editId: string,
): Promise<void> {
  if (types.length === 0) return;
  await db
    .updateTable('images')
    .set({ mask_id: editId })
    .where('shooting_id', '=', shootingId)
    .where('position', '=', position)
    .where('image_type', 'in', types)
    .execute();
}

export interface StoredVerification {
  imageId: string;
  position: number;
  imageType: ImageType;
  result: string;
  createdAt: string;
}

export async function listShootingVerifications(
  db: Db,
  shootingId: string,
  kind: string,
): Promise<StoredVerification[]> {
  return db
    .selectFrom('image_verifications')
    .innerJoin('images', 'images.id', 'image_verifications.image_id')
    .select([
      'images.id as imageId',
      'images.position',
      'images.image_type as imageType',
      'image_verifications.result',
      'image_verifications.created_at as createdAt',
    ])
    .where('images.shooting_id', '=', shootingId)
    .where('image_verifications.kind', '=', kind)
    .orderBy('images.position')
    .orderBy('images.image_type')
    .$narrowType<{ imageType: ImageType }>()
    .execute();
}

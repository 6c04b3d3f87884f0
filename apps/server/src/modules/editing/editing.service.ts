import type { AddedImages, CroppingType, EditKind, ImageEdit, LicencePlateCoverBody } from '@forecourt/contracts';
import { CROPPING_TYPES, DEFAULT_FLOOR_LEVEL } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { badRequest, notFound } from '../../platform/errors';
import { requireOption } from '../identity/auth';
import type { UserContext } from '../identity/user-context';
import type { Quad } from '../vision/geometry';
import { findShootingInScope, type ShootingRow } from '../shootings/shooting-scope.service';
import { outputsToAdd } from './covered-crop.service';
import type { CoverParams, CropParams } from './edit-params';
import { addToShooting } from './edit-run.service';
import {
  findCroppingConfiguration,
  findEdit,
  findPositionImages,
  findShootingEdits,
  insertEdit,
  setMaskOf,
  type EditRow,
  type PositionImage,
} from './editing.repo';

type Deps = Pick<Adapters, 'db' | 'blobs' | 'queue' | 'clock' | 'ids'>;

export const toImageEdit = (e: EditRow): ImageEdit => ({
  id: e.id,
  shootingId: e.shootingId,
  imageId: e.originalId,
  position: e.position,
  kind: e.kind,
  status: e.status,
  ...(e.error ? { error: e.error } : {}),
  imageTypes: e.outputs.map((o) => o.imageType),
});

/** The shooting and the ORIGINAL of the named image's position, when the caller may edit them. */
async function editableOriginal(
  deps: Deps,
  user: UserContext,
  shootingId: string,
  imageId: string,
): Promise<{ shooting: ShootingRow; original: PositionImage; stampId: string }> {
  const shooting = await findShootingInScope(deps.db, user, { shootingId });
  if (!shooting) throw notFound('Shooting');
  const original = (await findPositionImages(deps.db, shooting.id, imageId)).find((i) => i.imageType === 'ORIGINAL');
  if (!original) throw notFound('Image');
  if (shooting.shootingType !== 'STANDARD') throw badRequest('Only photo shootings can be edited');
  const stampId = original.stampId ?? shooting.stampId;
  if (!stampId) throw badRequest('This shooting has no stamp yet');
  return { shooting, original, stampId };
}

async function startEdit(
  deps: Deps,
  user: UserContext,
  target: { shooting: ShootingRow; original: PositionImage },
  kind: EditKind,
  params: CoverParams | CropParams,
): Promise<ImageEdit> {
  const id = deps.ids.uuid();
  await insertEdit(deps.db, {
    id,
    shootingId: target.shooting.id,
    originalId: target.original.id,
    position: target.original.position,
    kind,
    params,
    createdBy: user.id,
    now: deps.clock.now().toISOString(),
  });
  const job = kind === 'LICENSE_PLATE_COVER' ? 'editing.cover' : 'editing.crop';
  await deps.queue.enqueue(job, { editId: id }, { key: `${job}:${id}` });
  const edit = await findEdit(deps.db, id);
  return toImageEdit(edit!);
}

/** Queues the licence-plate cover of one picture on the plates the user confirmed. */
export async function requestPlateCover(
  deps: Deps,
  user: UserContext,
  p: { shootingId: string; imageId: string },
  body: LicencePlateCoverBody,
): Promise<ImageEdit> {
  requireOption(user, 'useLicensePlateCover');
  const target = await editableOriginal(deps, user, p.shootingId, p.imageId);
  const params: CoverParams = {
    plates: body.plates.map((plate) => plate.corners as Quad),
    ownerId: target.shooting.ownerId,
    ownerName: target.shooting.ownerName,
    stampId: target.stampId,
  };
  return startEdit(deps, user, target, 'LICENSE_PLATE_COVER', params);
}

/** Queues the cropping of one picture with the stamp configuration of its ORIGINAL. */
export async function requestCrop(
  deps: Deps,
  user: UserContext,
  kind: CroppingType,
  body: { shootingId: string; imageId: string },
): Promise<ImageEdit> {
  requireOption(user, 'useCropping');
  const target = await editableOriginal(deps, user, body.shootingId, body.imageId);
  const config = await findCroppingConfiguration(deps.db, target.stampId);
  const configured = (CROPPING_TYPES as readonly string[]).includes(config?.croppingType ?? '')
    ? (config!.croppingType as CroppingType)
    : 'CROPPING';
  if (configured !== kind) throw badRequest(`This stamp is configured for ${configured}`);
  const params: CropParams = {
    croppingType: kind,
    backgroundKey: config?.backgroundKey ?? null,
    blurringValue: config?.blurringValue ?? 0,
    stampId: target.stampId,
    floorLevel: config?.floorLevel ?? DEFAULT_FLOOR_LEVEL,
  };
  return startEdit(deps, user, target, kind, params);
}

/** One edit of a shooting the caller reaches. */
export async function getEdit(
  deps: Pick<Deps, 'db'>,
  user: UserContext,
  shootingId: string,
  editId: string,
): Promise<ImageEdit> {
  const shooting = await findShootingInScope(deps.db, user, { shootingId });
  const edit = shooting && (await findEdit(deps.db, editId));
  if (!edit || edit.shootingId !== shooting.id) throw notFound('Edit');
  return toImageEdit(edit);
}

/** Adds the pictures of finished cropping edits to the shooting; each edit answers on its own. */
export async function addEditedImages(
  deps: Deps,
  user: UserContext,
  shootingId: string,
  editIds: string[],
): Promise<AddedImages> {
  requireOption(user, 'useCropping');
  const shooting = await findShootingInScope(deps.db, user, { shootingId });
  if (!shooting) throw notFound('Shooting');
  const edits = new Map((await findShootingEdits(deps.db, shooting.id, editIds)).map((e) => [e.id, e]));
  if (editIds.some((id) => !edits.has(id))) throw notFound('Edit');
  const results: AddedImages['results'] = [];
  for (const id of editIds) {
    const edit = edits.get(id)!;
    if (edit.kind === 'LICENSE_PLATE_COVER') throw badRequest('A licence-plate cover is added by its own job');
    if (edit.status !== 'DONE') {
      results.push({ editId: id, imageTypes: [], error: edit.error ?? 'The cropping is not finished' });
      continue;
    }
    const stampId = (edit.params as CropParams).stampId;
    const outputs = await outputsToAdd(deps, edit, stampId);
    await addToShooting(deps, edit, outputs, stampId);
    await setMaskOf(
      deps.db,
      shooting.id,
      edit.position,
      outputs.map((o) => o.imageType),
      edit.id,
    );
    results.push({ editId: id, imageTypes: outputs.map((o) => o.imageType) });
  }
  return { results };
}

import {
  pickOrderGallery,
  type Damage,
  type DamageSpot,
  type ShootingType,
  type VehiclePicture,
} from '@forecourt/contracts';
import { badRequest } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { damageView } from './inspection-view';
import { changed, DAMAGES, existingItem, photos } from './inspection-items.service';
import * as repo from './inspections.repo';
import { loadInspectable, type InspectionDeps, type ShootingParams } from './inspections.service';

/**
 * Places a damage on a picture of the vehicle (the dealer's click in the inspection's detail page), or
 * moves it there. The picture may be one of this inspection's or of another shooting of the same
 * registration under the same owner, such as the merchandising spin whose player shows it.
 */
export async function placeDamage(
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams,
  damageId: string,
  spot: DamageSpot,
): Promise<Damage> {
  const { shooting, existing } = await existingItem(DAMAGES, deps, user, params, damageId);
  if (
    !(await repo.findVehicleImage(
      deps.db,
      { ownerId: shooting.ownerId, registration: shooting.registration },
      spot.imageId,
    ))
  ) {
    throw badRequest('imageId is not a picture of this vehicle', [
      { path: ['imageId'], message: 'is not a picture of this vehicle' },
    ]);
  }
  return saveSpot(deps, shooting.id, existing, spot);
}

/** Takes the damage off its picture; the damage itself stays. */
export async function removeDamageSpot(
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams,
  damageId: string,
): Promise<Damage> {
  const { shooting, existing } = await existingItem(DAMAGES, deps, user, params, damageId);
  return saveSpot(deps, shooting.id, existing, null);
}

async function saveSpot(
  deps: InspectionDeps,
  shootingId: string,
  existing: repo.ItemRow<'inspection_damages'>,
  spot: DamageSpot | null,
): Promise<Damage> {
  const now = deps.clock.now().toISOString();
  await repo.setDamageSpot(deps.db, existing.id, spot, now);
  await changed(deps, shootingId, now);
  const row = {
    ...existing,
    spotImageId: spot?.imageId ?? null,
    spotX: spot?.x ?? null,
    spotY: spot?.y ?? null,
    updatedAt: now,
  };
  return damageView(row, await photos(deps, shootingId));
}

/**
 * The pictures a damage of this inspection may be placed on: per shooting of the vehicle, the final
 * picture of each position (as the order gallery and the player pick it), the inspection's own first.
 */
export async function listDamagePictures(
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams,
): Promise<VehiclePicture[]> {
  const shooting = await loadInspectable(deps.db, user, params);
  const rows = await repo.listVehicleImages(deps.db, {
    ownerId: shooting.ownerId,
    registration: shooting.registration,
  });
  const byShooting = new Map<string, typeof rows>();
  for (const r of rows) byShooting.set(r.shootingId, [...(byShooting.get(r.shootingId) ?? []), r]);
  const own = byShooting.get(shooting.id) ?? [];
  byShooting.delete(shooting.id);
  const finals = [own, ...byShooting.values()]
    .flatMap((images) => pickOrderGallery(images.map((i) => ({ ...i, order: i.position }))))
    .slice(0, repo.VEHICLE_PICTURES_MAX);
  const ttl = { expiresInSeconds: deps.config.PRESIGN_GET_TTL_SECONDS };
  return Promise.all(
    finals.map(async (i) => ({
      id: i.id,
      shootingId: i.shootingId,
      shootingType: i.shootingType as ShootingType,
      shootingCreated: i.shootingCreated,
      order: i.position,
      url: await deps.blobs.presignGet(i.blobKey, ttl),
      thumbnailUrl: i.thumbnailKey ? await deps.blobs.presignGet(i.thumbnailKey, ttl) : null,
    })),
  );
}

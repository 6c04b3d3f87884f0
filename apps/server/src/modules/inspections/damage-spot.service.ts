import type { Damage, DamageSpot } from '@forecourt/contracts';
import { badRequest } from '../../platform/errors';
import type { UserContext } from '../identity/identity.repo';
import { damageView } from './inspection-view';
import { changed, DAMAGES, existingItem, photos } from './inspection-items.service';
import * as repo from './inspections.repo';
import type { InspectionDeps, ShootingParams } from './inspections.service';

/**
 * Places a damage on a picture of the vehicle (the dealer's click in the inspection's detail page), or
 * moves it there. The picture may be one of this inspection's or of another shooting of the same
 * registration under the same owner, such as the merchandising spin whose player shows it.
 */
export async function placeDamage(deps: InspectionDeps, user: UserContext, params: ShootingParams, damageId: string, spot: DamageSpot): Promise<Damage> {
  const { shooting, existing } = await existingItem(DAMAGES, deps, user, params, damageId);
  if (!(await repo.findVehicleImage(deps.db, { ownerId: shooting.owner_id, registration: shooting.registration }, spot.imageId))) {
    throw badRequest('imageId is not a picture of this vehicle', [{ path: ['imageId'], message: 'is not a picture of this vehicle' }]);
  }
  return saveSpot(deps, shooting.id, existing, spot);
}

/** Takes the damage off its picture; the damage itself stays. */
export async function removeDamageSpot(deps: InspectionDeps, user: UserContext, params: ShootingParams, damageId: string): Promise<Damage> {
  const { shooting, existing } = await existingItem(DAMAGES, deps, user, params, damageId);
  return saveSpot(deps, shooting.id, existing, null);
}

async function saveSpot(deps: InspectionDeps, shootingId: string, existing: repo.ItemRow<'inspection_damages'>, spot: DamageSpot | null): Promise<Damage> {
  const now = deps.clock.now().toISOString();
  await repo.setDamageSpot(deps.db, existing.id, spot, now);
  await changed(deps, shootingId, now);
  const row = { ...existing, spot_image_id: spot?.imageId ?? null, spot_x: spot?.x ?? null, spot_y: spot?.y ?? null, updated_at: now };
  return damageView(row, await photos(deps, shootingId));
}

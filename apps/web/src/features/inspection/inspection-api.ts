import {
  Damage,
  InspectionView,
  shootingApiPath,
  VehiclePicturesResponse,
  type DamageSpotBody,
} from '@forecourt/contracts';
import { request } from '../../api/http';
import type { ShootingKey } from '../../lib/shooting-key';

export const fetchInspection = (key: ShootingKey) =>
  request(`/api${shootingApiPath(key)}/inspection`, { schema: InspectionView });

const spotPath = (key: ShootingKey, damageId: string) =>
  `/api${shootingApiPath(key)}/damages/${encodeURIComponent(damageId)}/spot`;

/** Places a damage on a picture of the vehicle (where the player shows its hotspot). */
export const placeDamage = (key: ShootingKey, damageId: string, body: DamageSpotBody) =>
  request(spotPath(key, damageId), { method: 'PUT', body, schema: Damage });

export const removeDamageSpot = (key: ShootingKey, damageId: string) =>
  request(spotPath(key, damageId), { method: 'DELETE', schema: Damage });

/** The pictures a damage of the inspection may be placed on (its own, then the vehicle's other shootings'). */
export const fetchDamagePictures = (key: ShootingKey) =>
  request(`/api${shootingApiPath(key)}/damage-pictures`, { schema: VehiclePicturesResponse });

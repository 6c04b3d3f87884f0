import type { ShootingKey } from '../../lib/shooting-key';

/** Query keys of a shooting's inspection: its damages and health check, and the pictures a spot can show. */
export const inspectionKeys = {
  inspection: (k: ShootingKey) => ['inspection', k.ownerId, k.productId, k.shootingId] as const,
  damagePictures: (k: ShootingKey) => ['damage-pictures', k.ownerId, k.productId, k.shootingId] as const,
};

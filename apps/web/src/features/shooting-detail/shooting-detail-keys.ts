import type { ShootingKey } from '../../lib/shooting-key';

/** Query keys of one shooting's detail page; a change to the shooting invalidates `detail`. */
export const shootingDetailKeys = {
  detail: (k: ShootingKey) => ['shooting', k.ownerId, k.productId, k.shootingId] as const,
  pipeline: (k: ShootingKey) => ['shooting-pipeline', k.ownerId, k.productId, k.shootingId] as const,
};

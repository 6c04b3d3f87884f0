import type { ShootingType } from '@forecourt/contracts';

const INSPECTION: ShootingType[] = ['INSPECTION', 'INSPECTION_REPAIR_ORDER'];
const REMARKETING: ShootingType[] = ['STANDARD', 'VIDEO'];

/**
 * The types a user may search (spec section 6): inspection types with INSPECT or INSPECT_REPAIR_ORDER,
 * remarketing types with VIDEO or PROCESS, all of them with neither or both.
 */
export function offeredTypes(models: readonly string[]): ShootingType[] {
  const inspect = models.includes('INSPECT') || models.includes('INSPECT_REPAIR_ORDER');
  const remarketing = models.includes('VIDEO') || models.includes('PROCESS');
  if (inspect === remarketing) return [...REMARKETING, ...INSPECTION];
  return inspect ? INSPECTION : REMARKETING;
}

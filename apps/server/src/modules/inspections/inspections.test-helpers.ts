import { startTestApp } from '../../test/start-test-app';
import { TestClock } from '../../test/test-clock';
import { makeShooting, type ShootingSpec } from '../shootings/shootings.fixtures';

export const MANAGER = 'manager@demo.forecourt.test';
export const SALES = 'sales@demo.forecourt.test';
export const WORKSHOP = 'workshop@demo.forecourt.test';
export const OTHER = 'other@other-dealer.forecourt.test';

/** An app on fresh adapters with the demo accounts, on a clock the test moves. */
export async function setupInspections() {
  const clock = new TestClock('2026-03-02T09:00:00.000Z');
  return { ...(await startTestApp({}, { clock })), clock };
}
export type InspectionTest = Awaited<ReturnType<typeof setupInspections>>;

/** An inspection-type shooting of the Paris demo owner, with photos, and the API path below it. */
export async function makeInspectionShooting(
  t: InspectionTest,
  spec: Partial<ShootingSpec> & { type: 'INSPECTION' | 'INSPECTION_REPAIR_ORDER' },
) {
  const made = await makeShooting(t.adapters, {
    ownerId: 'own-demo-paris',
    images: [1, 2, 3].map((position) => ({ position, type: 'ORIGINAL' })),
    ...spec,
  });
  return { ...made, path: `/api/owners/${made.ownerId}/products/${made.productId}/shootings/${made.shootingId}` };
}

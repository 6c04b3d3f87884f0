import { startTestApp } from '../../test/start-test-app';
import { TestClock } from '../../test/test-clock';
import { makeShooting, type ShootingSpec } from '../shootings/shootings.fixtures';

export const MANAGER = 'manager@demo.forecourt.test';
export const SALES = 'sales@demo.forecourt.test';
export const WORKSHOP = 'workshop@demo.forecourt.test';
export const OTHER = 'other@other-dealer.forecourt.test';

/**
 * Health-check items of a repair order as a workshop posts them, for the suites that need some: red front pads
 * (14,000 cents in all), amber rear tyres the customer declined (23,000) and green headlights (nothing to pay).
 */
export const HEALTH_CHECK = {
  frontPads: {
    category: 'BRAKES',
    label: 'Front pads',
    rating: 'RED',
    partsPriceCents: 8_000,
    labourPriceCents: 6_000,
  },
  rearTyres: {
    category: 'TYRES',
    label: 'Rear tyres',
    rating: 'AMBER',
    partsPriceCents: 20_000,
    labourPriceCents: 3_000,
    decision: 'DECLINED',
  },
  headlights: { category: 'LIGHTS', label: 'Headlights', rating: 'GREEN', partsPriceCents: 0, labourPriceCents: 0 },
} as const;

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
export type InspectionShooting = Awaited<ReturnType<typeof makeInspectionShooting>>;

/**
 * `call(method, url, email?, payload?)`: the API as a demo user (the manager by default) calls it, on the app
 * `current()` answers (set in a beforeAll).
 */
export const inspectionApi =
  (current: () => InspectionTest) =>
  async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, email = MANAGER, payload?: unknown) => {
    const t = current();
    return t.app.inject({
      method,
      url,
      headers: await t.headers(email),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };

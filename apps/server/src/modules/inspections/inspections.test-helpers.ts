import { buildApp } from '../../app';
import type { App } from '../../app-types';
import { seedAccounts } from '../../seed/seed-accounts';
import { authHeaders } from '../../test/auth-helpers';
import { createTestAdapters } from '../../test/test-adapters';
import { TestClock } from '../../test/test-clock';
import { makeShooting, type ShootingSpec } from '../shootings/shootings.fixtures';

export const MANAGER = 'manager@demo.forecourt.test';
export const SALES = 'sales@demo.forecourt.test';
export const WORKSHOP = 'workshop@demo.forecourt.test';
export const OTHER = 'other@other-dealer.forecourt.test';

/** An app on fresh adapters with the demo accounts, on a clock the test moves. */
export async function setupInspections() {
  const clock = new TestClock('2026-03-02T09:00:00.000Z');
  const adapters = await createTestAdapters({}, { clock });
  await seedAccounts(adapters);
  const app: App = await buildApp(adapters);
  return {
    adapters,
    app,
    clock,
    headers: (email: string) => authHeaders(adapters, email),
    close: async () => (await app.close(), await adapters.cleanup()),
  };
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

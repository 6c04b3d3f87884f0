import type { AvailableProduct, CreatedId } from '@forecourt/contracts';
import type { Adapters } from '../../platform/adapters';
import { AppError, notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { requireProduct } from '../shootings/shooting-scope.service';
import { findProductByVin, insertVirtualProduct, listProductsByWorkflow, setPhotoState } from './products.repo';

type Deps = Pick<Adapters, 'db' | 'clock'>;

/** The vehicles the registration combobox offers for one of the user's owners. */
export async function listAvailableProducts(
  { db }: Deps,
  user: UserContext,
  q: { ownerId: string; workflow: string; state: string },
): Promise<AvailableProduct[]> {
  if (!user.ownerIds.includes(q.ownerId)) throw notFound('Owner');
  const rows = await listProductsByWorkflow(db, { ...q, ownerIds: user.ownerIds });
  return rows.map((r) => ({
    id: r.id,
    productId: r.id,
    ownerId: r.ownerId,
    registration: r.registration,
    details: { registration: r.registration },
  }));
}

/**
 * Creates the virtual product of a new registration. The portal makes the vin (`Virtual_<uuid>`), which
 * also makes a retried call safe: the same vin answers the product already created.
 */
export async function createVirtualProduct(
  { db, clock }: Deps,
  user: UserContext,
  body: { vin: string; ownerId: string; registration: string; workflows: string[] },
): Promise<CreatedId> {
  if (!user.ownerIds.includes(body.ownerId)) throw notFound('Owner');
  const existing = await findProductByVin(db, body.vin);
  if (existing) {
    if (existing.ownerId !== body.ownerId || !user.ownerIds.includes(existing.ownerId)) {
      throw new AppError('CONFLICT', 'This vin is already used');
    }
    return { id: existing.id };
  }
  const id = body.vin.slice('Virtual_'.length);
  await insertVirtualProduct(db, {
    id,
    ...body,
    workflows: [...new Set(body.workflows)],
    now: clock.now().toISOString(),
  });
  return { id };
}

/** Step 5 of sending a shooting: the photo workflow of the product is done, so it leaves the TODO list. */
export async function completePhotoWorkflow(
  deps: Deps,
  user: UserContext,
  productId: string,
  ownerId?: string,
): Promise<void> {
  const product = await requireProduct(deps.db, user, { productId, ownerId });
  await setPhotoState(deps.db, product.id, 'DONE');
}

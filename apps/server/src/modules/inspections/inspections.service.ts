import {
  hasOption,
  INSPECTION_SHOOTING_TYPES,
  shootingTypesForModels,
  type Currency,
  type InspectionUpsertBody,
  type InspectionView,
  type RepairOrder,
  type VehicleCondition,
} from '@forecourt/contracts';
import type { Config } from '../../config';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Clock } from '../../platform/clock';
import type { Db } from '../../platform/db/database';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { Ids } from '../../platform/ids';
import type { Queue } from '../../platform/queue/queue';
import type { UserContext } from '../identity/user-context';
import { damageView, healthCheckItemView, photoLookup, tradeInOfferView } from './inspection-view';
import { healthCheckTotals } from './inspection-totals';
import { requireShooting, type ShootingRow } from '../shootings/shooting-scope.service';
import * as repo from './inspections.repo';

export interface InspectionDeps {
  db: Db;
  blobs: BlobStore;
  clock: Clock;
  ids: Ids;
  config: Pick<Config, 'PRESIGN_GET_TTL_SECONDS'>;
  queue: Queue;
}

/**
 * After every change: the reports already generated for the shooting are rebuilt by the reports module's job,
 * queued by name so that inspections, which the reports read, never import them. A GET of a stale report
 * rebuilds it anyway; the job only spares that wait.
 */
export async function queueReportsRefresh(deps: Pick<InspectionDeps, 'queue' | 'ids'>, shootingId: string) {
  await deps.queue.enqueue(
    'reports.refresh-shooting',
    { shootingId },
    { key: `reports.refresh-shooting:${deps.ids.uuid()}` },
  );
}

export interface ShootingParams {
  ownerId: string;
  productId: string;
  shootingId: string;
}

export type InspectionShootingType = (typeof INSPECTION_SHOOTING_TYPES)[number];
export type InspectableShooting = ShootingRow & { shootingType: InspectionShootingType };

const isInspectionType = (t: string): t is InspectionShootingType =>
  (INSPECTION_SHOOTING_TYPES as readonly string[]).includes(t);

/**
 * The caller's inspection or repair-order shooting: 404 for another dealer's id or a shooting that is
 * not an inspection, 403 when the user's models do not include inspections (spec section 6).
 */
export async function loadInspectable(db: Db, user: UserContext, params: ShootingParams): Promise<InspectableShooting> {
  const shooting = await requireShooting(db, user, params);
  const type = shooting.shootingType;
  if (!isInspectionType(type)) throw notFound('Inspection');
  if (!shootingTypesForModels(user.models).includes(type)) throw forbidden('Your account does not include inspections');
  return { ...shooting, shootingType: type };
}

export const canSeeTradeIn = (user: UserContext): boolean => hasOption(user.options, 'use2spect');

export function requireTradeIn(user: UserContext): void {
  if (!canSeeTradeIn(user)) throw new AppError('FORBIDDEN', 'Your account does not have trade-in access (use2spect)');
}

export function requireRepairOrder(shooting: InspectableShooting, what: string): void {
  if (shooting.shootingType !== 'INSPECTION_REPAIR_ORDER') {
    throw badRequest(`${what} belong to repair orders (INSPECTION_REPAIR_ORDER shootings)`);
  }
}

/** Everything the detail page shows of one inspection or repair order. */
export async function getInspection(
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams,
): Promise<InspectionView> {
  const shooting = await loadInspectable(deps.db, user, params);
  return inspectionView(deps, user, shooting);
}

/** Everything recorded on a shooting's inspection, for its reports (whose calls check the scope). */
export async function inspectionRecords(deps: Pick<InspectionDeps, 'db'>, shootingId: string) {
  const [head, damages, items, offers, images] = await Promise.all([
    repo.findInspection(deps.db, shootingId),
    repo.listDamages(deps.db, shootingId),
    repo.listHealthCheckItems(deps.db, shootingId),
    repo.listTradeInOffers(deps.db, shootingId),
    repo.listShootingImages(deps.db, shootingId),
  ]);
  return { head, damages, items, offers, images, currency: head?.currency ?? repo.DEFAULT_CURRENCY };
}

async function inspectionView(
  deps: InspectionDeps,
  user: UserContext,
  shooting: InspectableShooting,
): Promise<InspectionView> {
  const { db } = deps;
  const [head, damages, items, offers, images] = await Promise.all([
    repo.findInspection(db, shooting.id),
    repo.listDamages(db, shooting.id),
    repo.listHealthCheckItems(db, shooting.id),
    canSeeTradeIn(user) ? repo.listTradeInOffers(db, shooting.id) : Promise.resolve([]),
    repo.listShootingImages(db, shooting.id),
  ]);
  const photo = photoLookup(deps.blobs, images, deps.config.PRESIGN_GET_TTL_SECONDS);
  const itemViews = await Promise.all(items.map((i) => healthCheckItemView(i, photo)));
  const video = head?.workshopVideoId ? await repo.findShootingVideo(db, shooting.id, head.workshopVideoId) : undefined;
  return {
    shootingId: shooting.id,
    shootingType: shooting.shootingType,
    currency: (head?.currency ?? repo.DEFAULT_CURRENCY) as Currency,
    overallCondition: (head?.overallCondition ?? null) as VehicleCondition | null,
    repairOrder: repairOrderOf(head),
    damages: await Promise.all(damages.map((d) => damageView(d, photo))),
    damagesTotalCents: damages.reduce((sum, d) => sum + d.estimatedCostCents, 0),
    healthCheck: { items: itemViews, totals: healthCheckTotals(itemViews) },
    workshopVideo: video
      ? {
          id: video.id,
          streamer: video.streamer,
          url: video.blobKey
            ? await deps.blobs.presignGet(video.blobKey, { expiresInSeconds: deps.config.PRESIGN_GET_TTL_SECONDS })
            : video.url,
          reference: video.reference,
        }
      : null,
    tradeInOffers: offers.map(tradeInOfferView),
    created: head?.createdAt ?? null,
    updated: head?.updatedAt ?? null,
  };
}

export function repairOrderOf(
  head: Pick<repo.InspectionRow, 'repairOrderNumber' | 'mileage' | 'customerName'> | undefined,
): RepairOrder | null {
  if (!head?.repairOrderNumber) return null;
  return { number: head.repairOrderNumber, mileage: head.mileage ?? 0, customerName: head.customerName ?? '' };
}

/** Creates or updates the inspection's own fields (condition, repair order, workshop video, currency). */
export async function saveInspection(
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams,
  body: InspectionUpsertBody,
): Promise<InspectionView> {
  const shooting = await loadInspectable(deps.db, user, params);
  if (body.repairOrder !== undefined) requireRepairOrder(shooting, 'Repair order details');
  if (body.workshopVideoId !== undefined) requireRepairOrder(shooting, 'Workshop videos');
  if (body.overallCondition !== undefined && shooting.shootingType !== 'INSPECTION') {
    throw badRequest('The overall condition belongs to inspections (INSPECTION shootings)');
  }
  if (body.workshopVideoId && !(await repo.findShootingVideo(deps.db, shooting.id, body.workshopVideoId))) {
    throw badRequest('workshopVideoId is not a video of this shooting', [
      { path: ['workshopVideoId'], message: 'is not a video of this shooting' },
    ]);
  }
  const now = deps.clock.now().toISOString();
  const changes = {
    ...(body.currency !== undefined && { currency: body.currency }),
    ...(body.overallCondition !== undefined && { overallCondition: body.overallCondition }),
    ...(body.workshopVideoId !== undefined && { workshopVideoId: body.workshopVideoId }),
    ...(body.repairOrder !== undefined && {
      repairOrderNumber: body.repairOrder?.number ?? null,
      mileage: body.repairOrder?.mileage ?? null,
      customerName: body.repairOrder?.customerName ?? null,
    }),
    updatedAt: now,
  };
  await repo.upsertInspection(
    deps.db,
    { shootingId: shooting.id, currency: repo.DEFAULT_CURRENCY, createdAt: now, ...changes },
    changes,
  );
  await queueReportsRefresh(deps, shooting.id);
  return inspectionView(deps, user, shooting);
}

import type {
  Damage,
  DamageCreateBody,
  DamageUpdateBody,
  HealthCheckItem,
  HealthCheckItemCreateBody,
  HealthCheckItemUpdateBody,
  TradeInOffer,
  TradeInOfferCreateBody,
  TradeInOfferUpdateBody,
} from '@forecourt/contracts';
import { badRequest, notFound } from '../../platform/errors';
import type { UserContext } from '../identity/identity.repo';
import { damageView, healthCheckItemView, photoLookup, tradeInOfferView } from './inspection-view';
import * as repo from './inspections.repo';
import {
  loadInspectable,
  requireRepairOrder,
  requireTradeIn,
  type InspectableShooting,
  type InspectionDeps,
  type ShootingParams,
} from './inspections.service';

/** A photo must be one of the shooting's own images. */
async function checkImage(deps: InspectionDeps, shooting: InspectableShooting, imageId: string | null | undefined): Promise<void> {
  if (imageId && !(await repo.findShootingImage(deps.db, shooting.id, imageId))) {
    throw badRequest('imageId is not an image of this shooting', [{ path: ['imageId'], message: 'is not an image of this shooting' }]);
  }
}

async function photos(deps: InspectionDeps, shootingId: string) {
  return photoLookup(deps.blobs, await repo.listShootingImages(deps.db, shootingId), deps.config.PRESIGN_GET_TTL_SECONDS);
}

async function changed(deps: InspectionDeps, shootingId: string, now: string): Promise<void> {
  await repo.touchInspection(deps.db, shootingId, now);
  await deps.onChange(shootingId);
}

export async function createDamage(deps: InspectionDeps, user: UserContext, params: ShootingParams, body: DamageCreateBody): Promise<Damage> {
  const shooting = await loadInspectable(deps.db, user, params);
  await checkImage(deps, shooting, body.imageId);
  const now = deps.clock.now().toISOString();
  const row = {
    id: deps.ids.uuid(),
    shooting_id: shooting.id,
    position: await repo.nextPosition(deps.db, 'inspection_damages', shooting.id),
    zone: body.zone,
    kind: body.kind,
    severity: body.severity,
    image_id: body.imageId,
    note: body.note,
    estimated_cost_cents: body.estimatedCostCents,
    created_at: now,
    updated_at: now,
  };
  await repo.insertDamage(deps.db, row);
  await changed(deps, shooting.id, now);
  return damageView(row, await photos(deps, shooting.id));
}

export async function updateDamage(
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams & { damageId: string },
  body: DamageUpdateBody,
): Promise<Damage> {
  const shooting = await loadInspectable(deps.db, user, params);
  const existing = await repo.findDamage(deps.db, shooting.id, params.damageId);
  if (!existing) throw notFound('Damage');
  await checkImage(deps, shooting, body.imageId);
  const now = deps.clock.now().toISOString();
  const changes = {
    ...(body.zone !== undefined && { zone: body.zone }),
    ...(body.kind !== undefined && { kind: body.kind }),
    ...(body.severity !== undefined && { severity: body.severity }),
    ...(body.imageId !== undefined && { image_id: body.imageId }),
    ...(body.note !== undefined && { note: body.note }),
    ...(body.estimatedCostCents !== undefined && { estimated_cost_cents: body.estimatedCostCents }),
    updated_at: now,
  };
  await repo.updateDamage(deps.db, existing.id, changes);
  await changed(deps, shooting.id, now);
  return damageView({ ...existing, ...changes }, await photos(deps, shooting.id));
}

export async function deleteDamage(deps: InspectionDeps, user: UserContext, params: ShootingParams & { damageId: string }): Promise<void> {
  const shooting = await loadInspectable(deps.db, user, params);
  const existing = await repo.findDamage(deps.db, shooting.id, params.damageId);
  if (!existing) throw notFound('Damage');
  await repo.deleteDamage(deps.db, existing.id);
  await changed(deps, shooting.id, deps.clock.now().toISOString());
}

export async function createHealthCheckItem(
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams,
  body: HealthCheckItemCreateBody,
): Promise<HealthCheckItem> {
  const shooting = await loadInspectable(deps.db, user, params);
  requireRepairOrder(shooting, 'Health-check items');
  await checkImage(deps, shooting, body.imageId);
  const now = deps.clock.now().toISOString();
  const row = {
    id: deps.ids.uuid(),
    shooting_id: shooting.id,
    position: await repo.nextPosition(deps.db, 'health_check_items', shooting.id),
    category: body.category,
    label: body.label,
    rating: body.rating,
    parts_price_cents: body.partsPriceCents,
    labour_price_cents: body.labourPriceCents,
    decision: body.decision,
    note: body.note,
    image_id: body.imageId,
    created_at: now,
    updated_at: now,
  };
  await repo.insertHealthCheckItem(deps.db, row);
  await changed(deps, shooting.id, now);
  return healthCheckItemView(row, await photos(deps, shooting.id));
}

export async function updateHealthCheckItem(
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams & { itemId: string },
  body: HealthCheckItemUpdateBody,
): Promise<HealthCheckItem> {
  const shooting = await loadInspectable(deps.db, user, params);
  const existing = await repo.findHealthCheckItem(deps.db, shooting.id, params.itemId);
  if (!existing) throw notFound('Health-check item');
  await checkImage(deps, shooting, body.imageId);
  const now = deps.clock.now().toISOString();
  const changes = {
    ...(body.category !== undefined && { category: body.category }),
    ...(body.label !== undefined && { label: body.label }),
    ...(body.rating !== undefined && { rating: body.rating }),
    ...(body.partsPriceCents !== undefined && { parts_price_cents: body.partsPriceCents }),
    ...(body.labourPriceCents !== undefined && { labour_price_cents: body.labourPriceCents }),
    ...(body.decision !== undefined && { decision: body.decision }),
    ...(body.note !== undefined && { note: body.note }),
    ...(body.imageId !== undefined && { image_id: body.imageId }),
    updated_at: now,
  };
  await repo.updateHealthCheckItem(deps.db, existing.id, changes);
  await changed(deps, shooting.id, now);
  return healthCheckItemView({ ...existing, ...changes }, await photos(deps, shooting.id));
}

export async function deleteHealthCheckItem(deps: InspectionDeps, user: UserContext, params: ShootingParams & { itemId: string }): Promise<void> {
  const shooting = await loadInspectable(deps.db, user, params);
  const existing = await repo.findHealthCheckItem(deps.db, shooting.id, params.itemId);
  if (!existing) throw notFound('Health-check item');
  await repo.deleteHealthCheckItem(deps.db, existing.id);
  await changed(deps, shooting.id, deps.clock.now().toISOString());
}

export async function createTradeInOffer(
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams,
  body: TradeInOfferCreateBody,
): Promise<TradeInOffer> {
  const shooting = await loadInspectable(deps.db, user, params);
  requireTradeIn(user);
  const now = deps.clock.now().toISOString();
  const row = {
    id: deps.ids.uuid(),
    shooting_id: shooting.id,
    amount_cents: body.amountCents,
    valid_until: body.validUntil,
    conditions: body.conditions,
    created_at: now,
    updated_at: now,
  };
  await repo.insertTradeInOffer(deps.db, row);
  await changed(deps, shooting.id, now);
  return tradeInOfferView(row);
}

export async function updateTradeInOffer(
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams & { offerId: string },
  body: TradeInOfferUpdateBody,
): Promise<TradeInOffer> {
  const shooting = await loadInspectable(deps.db, user, params);
  requireTradeIn(user);
  const existing = await repo.findTradeInOffer(deps.db, shooting.id, params.offerId);
  if (!existing) throw notFound('Trade-in offer');
  const now = deps.clock.now().toISOString();
  const changes = {
    ...(body.amountCents !== undefined && { amount_cents: body.amountCents }),
    ...(body.validUntil !== undefined && { valid_until: body.validUntil }),
    ...(body.conditions !== undefined && { conditions: body.conditions }),
    updated_at: now,
  };
  await repo.updateTradeInOffer(deps.db, existing.id, changes);
  await changed(deps, shooting.id, now);
  return tradeInOfferView({ ...existing, ...changes });
}

export async function deleteTradeInOffer(deps: InspectionDeps, user: UserContext, params: ShootingParams & { offerId: string }): Promise<void> {
  const shooting = await loadInspectable(deps.db, user, params);
  requireTradeIn(user);
  const existing = await repo.findTradeInOffer(deps.db, shooting.id, params.offerId);
  if (!existing) throw notFound('Trade-in offer');
  await repo.deleteTradeInOffer(deps.db, existing.id);
  await changed(deps, shooting.id, deps.clock.now().toISOString());
}

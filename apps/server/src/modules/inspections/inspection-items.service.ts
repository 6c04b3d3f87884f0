import type { Damage, HealthCheckItem, TradeInOffer } from '@forecourt/contracts';
import { badRequest, notFound } from '../../platform/errors';
import type { UserContext } from '../identity/user-context';
import { damageView, healthCheckItemView, photoLookup, tradeInOfferView, type PhotoLookup } from './inspection-view';
import * as repo from './inspections.repo';
import {
  loadInspectable,
  queueReportsRefresh,
  requireRepairOrder,
  requireTradeIn,
  type InspectableShooting,
  type InspectionDeps,
  type ShootingParams,
} from './inspections.service';

export type { ItemTable } from './inspections.repo';

/** What sets one kind of inspection item apart; creating, changing and removing one is written once below. */
export interface ItemKind<T extends repo.ItemTable, View> {
  table: T;
  /** Its name in a 404. */
  what: string;
  /** Every field a caller sets: the request's names are the item row's. */
  fields: readonly string[];
  /** Numbered in the order they are added. */
  positioned: boolean;
  /** Checks beyond the shooting's scope, on creation and on a change or removal. */
  allowCreate?: (user: UserContext, shooting: InspectableShooting) => void;
  allowChange?: (user: UserContext) => void;
  // Method syntax on purpose: the three kinds are then one ItemKind<ItemTable, unknown> for the routes.
  view(row: repo.ItemRow<T>, photos: PhotoLookup): Promise<View> | View;
}

export const DAMAGES: ItemKind<'inspection_damages', Damage> = {
  table: 'inspection_damages',
  what: 'Damage',
  fields: ['zone', 'kind', 'severity', 'imageId', 'note', 'estimatedCostCents'],
  positioned: true,
  view: damageView,
};

export const HEALTH_CHECK_ITEMS: ItemKind<'health_check_items', HealthCheckItem> = {
  table: 'health_check_items',
  what: 'Health-check item',
  fields: ['category', 'label', 'rating', 'partsPriceCents', 'labourPriceCents', 'decision', 'note', 'imageId'],
  positioned: true,
  allowCreate: (_user, shooting) => requireRepairOrder(shooting, 'Health-check items'),
  view: healthCheckItemView,
};

export const TRADE_IN_OFFERS: ItemKind<'trade_in_offers', TradeInOffer> = {
  table: 'trade_in_offers',
  what: 'Trade-in offer',
  fields: ['amountCents', 'validUntil', 'conditions'],
  positioned: false,
  allowCreate: (user) => requireTradeIn(user),
  allowChange: requireTradeIn,
  view: (row) => tradeInOfferView(row),
};

type Body = Record<string, unknown>;

/** A photo must be one of the shooting's own images. */
async function checkImage(deps: InspectionDeps, shooting: InspectableShooting, imageId: unknown): Promise<void> {
  if (typeof imageId === 'string' && imageId && !(await repo.findShootingImage(deps.db, shooting.id, imageId))) {
    throw badRequest('imageId is not an image of this shooting', [
      { path: ['imageId'], message: 'is not an image of this shooting' },
    ]);
  }
}

export async function photos(deps: InspectionDeps, shootingId: string) {
  return photoLookup(
    deps.blobs,
    await repo.listShootingImages(deps.db, shootingId),
    deps.config.PRESIGN_GET_TTL_SECONDS,
  );
}

/** Marks the inspection changed and queues its reports' refresh. */
export async function changed(deps: InspectionDeps, shootingId: string, now: string): Promise<void> {
  await repo.touchInspection(deps.db, shootingId, now);
  await queueReportsRefresh(deps, shootingId);
}

/** The fields the body sets (all of them on creation, the given ones on a change). */
const fieldsOf = (fields: readonly string[], body: Body, onlyGiven: boolean) =>
  Object.fromEntries(fields.flatMap((field) => (onlyGiven && body[field] === undefined ? [] : [[field, body[field]]])));

export async function createItem<T extends repo.ItemTable, View>(
  kind: ItemKind<T, View>,
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams,
  body: Body,
): Promise<View> {
  const shooting = await loadInspectable(deps.db, user, params);
  kind.allowCreate?.(user, shooting);
  await checkImage(deps, shooting, body.imageId);
  const now = deps.clock.now().toISOString();
  const row = {
    id: deps.ids.uuid(),
    shootingId: shooting.id,
    ...(kind.positioned && {
      position: await repo.nextPosition(
        deps.db,
        kind.table as 'inspection_damages' | 'health_check_items',
        shooting.id,
      ),
    }),
    ...fieldsOf(kind.fields, body, false),
    createdAt: now,
    updatedAt: now,
  } as repo.ItemRow<T>;
  await repo.insertItem(deps.db, kind.table, row);
  await changed(deps, shooting.id, now);
  return kind.view(row, await photos(deps, shooting.id));
}

/** The item of the shooting named by params, after the checks every change and removal makes. */
export async function existingItem<T extends repo.ItemTable>(
  kind: ItemKind<T, unknown>,
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams,
  itemId: string,
) {
  const shooting = await loadInspectable(deps.db, user, params);
  kind.allowChange?.(user);
  const existing = await repo.findItem(deps.db, kind.table, shooting.id, itemId);
  if (!existing) throw notFound(kind.what);
  return { shooting, existing };
}

export async function updateItem<T extends repo.ItemTable, View>(
  kind: ItemKind<T, View>,
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams,
  itemId: string,
  body: Body,
): Promise<View> {
  const { shooting, existing } = await existingItem(kind, deps, user, params, itemId);
  await checkImage(deps, shooting, body.imageId);
  const now = deps.clock.now().toISOString();
  const changes = { ...fieldsOf(kind.fields, body, true), updatedAt: now } as Partial<repo.ItemRow<T>>;
  await repo.updateItem(deps.db, kind.table, existing.id, changes);
  await changed(deps, shooting.id, now);
  return kind.view({ ...existing, ...changes }, await photos(deps, shooting.id));
}

export async function deleteItem<T extends repo.ItemTable>(
  kind: ItemKind<T, unknown>,
  deps: InspectionDeps,
  user: UserContext,
  params: ShootingParams,
  itemId: string,
): Promise<void> {
  const { shooting, existing } = await existingItem(kind, deps, user, params, itemId);
  await repo.deleteItem(deps.db, kind.table, existing.id);
  await changed(deps, shooting.id, deps.clock.now().toISOString());
}

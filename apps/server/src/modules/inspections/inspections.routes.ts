import {
  Damage,
  DamageCreateBody,
  DamageParams,
  DamageSpotBody,
  DamageUpdateBody,
  HealthCheckItem,
  HealthCheckItemCreateBody,
  HealthCheckItemParams,
  HealthCheckItemUpdateBody,
  InspectionUpsertBody,
  InspectionView,
  ShootingPathParams,
  TradeInOffer,
  TradeInOfferCreateBody,
  TradeInOfferParams,
  TradeInOfferUpdateBody,
  VehiclePicturesResponse,
} from '@forecourt/contracts';
import { z } from 'zod';
import type { App } from '../../app-types';
import { currentUser, type Auth } from '../identity/auth';
import { listDamagePictures, placeDamage, removeDamageSpot } from './damage-spot.service';
import * as items from './inspection-items.service';
import { getInspection, saveInspection, type InspectionDeps } from './inspections.service';

const SHOOTING = '/api/owners/:ownerId/products/:productId/shootings/:shootingId';
const noContent = { 204: z.null() };

/** The routes of one kind of inspection item, under the shooting: create, change, remove. */
interface ItemRoutes {
  path: string;
  idParam: string;
  kind: items.ItemKind<items.ItemTable, unknown>;
  params: z.ZodType<z.infer<typeof ShootingPathParams> & Record<string, string>>;
  create: z.ZodType<Record<string, unknown>>;
  update: z.ZodType<Record<string, unknown>>;
  view: z.ZodType;
}

const ITEM_ROUTES = [
  {
    path: 'damages',
    idParam: 'damageId',
    kind: items.DAMAGES,
    params: DamageParams,
    create: DamageCreateBody,
    update: DamageUpdateBody,
    view: Damage,
  },
  {
    path: 'health-check-items',
    idParam: 'itemId',
    kind: items.HEALTH_CHECK_ITEMS,
    params: HealthCheckItemParams,
    create: HealthCheckItemCreateBody,
    update: HealthCheckItemUpdateBody,
    view: HealthCheckItem,
  },
  {
    path: 'trade-in-offers',
    idParam: 'offerId',
    kind: items.TRADE_IN_OFFERS,
    params: TradeInOfferParams,
    create: TradeInOfferCreateBody,
    update: TradeInOfferUpdateBody,
    view: TradeInOffer,
  },
] satisfies ItemRoutes[];

function itemRoutes(app: App, deps: InspectionDeps & { auth: Auth }, r: ItemRoutes): void {
  const preHandler = deps.auth.requireUser;
  app.post(
    `${SHOOTING}/${r.path}`,
    { preHandler, schema: { params: ShootingPathParams, body: r.create, response: { 201: r.view } } },
    async (request, reply) =>
      reply.status(201).send(await items.createItem(r.kind, deps, currentUser(request), request.params, request.body)),
  );
  app.patch(
    `${SHOOTING}/${r.path}/:${r.idParam}`,
    { preHandler, schema: { params: r.params, body: r.update, response: { 200: r.view } } },
    async (request) =>
      items.updateItem(r.kind, deps, currentUser(request), request.params, request.params[r.idParam]!, request.body),
  );
  app.delete(
    `${SHOOTING}/${r.path}/:${r.idParam}`,
    { preHandler, schema: { params: r.params, response: noContent } },
    async (request, reply) => {
      await items.deleteItem(r.kind, deps, currentUser(request), request.params, request.params[r.idParam]!);
      return reply.status(204).send(null);
    },
  );
}

/**
 * Inspection data of a shooting: read by the portal's detail page, written by the mobile capture app.
 * Every route is scoped to the caller's owners.
 */
export async function inspectionRoutes(app: App, deps: InspectionDeps & { auth: Auth }): Promise<void> {
  const preHandler = deps.auth.requireUser;

  app.get(
    `${SHOOTING}/inspection`,
    { preHandler, schema: { params: ShootingPathParams, response: { 200: InspectionView } } },
    async (request) => getInspection(deps, currentUser(request), request.params),
  );
  app.put(
    `${SHOOTING}/inspection`,
    {
      preHandler,
      schema: { params: ShootingPathParams, body: InspectionUpsertBody, response: { 200: InspectionView } },
    },
    async (request) => saveInspection(deps, currentUser(request), request.params, request.body),
  );

  for (const item of ITEM_ROUTES) itemRoutes(app, deps, item);

  // A damage's spot on a picture of the vehicle, which the public player shows as a hotspot.
  app.get(
    `${SHOOTING}/damage-pictures`,
    { preHandler, schema: { params: ShootingPathParams, response: { 200: VehiclePicturesResponse } } },
    async (request) => listDamagePictures(deps, currentUser(request), request.params),
  );
  const spot = `${SHOOTING}/damages/:damageId/spot`;
  app.put(
    spot,
    { preHandler, schema: { params: DamageParams, body: DamageSpotBody, response: { 200: Damage } } },
    async (request) => placeDamage(deps, currentUser(request), request.params, request.params.damageId, request.body),
  );
  app.delete(spot, { preHandler, schema: { params: DamageParams, response: { 200: Damage } } }, async (request) =>
    removeDamageSpot(deps, currentUser(request), request.params, request.params.damageId),
  );
}

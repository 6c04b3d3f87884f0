import {
  Damage,
  DamageCreateBody,
  DamageParams,
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
} from '@forecourt/contracts';
import { z } from 'zod';
import type { App } from '../../app-types';
import { currentUser, type Auth } from '../identity/auth';
import * as items from './inspection-items.service';
import { getInspection, saveInspection, type InspectionDeps } from './inspections.service';

const SHOOTING = '/api/owners/:ownerId/products/:productId/shootings/:shootingId';
const noContent = { 204: z.null() };

/**
 * Inspection data of a shooting: read by the portal's detail page, written by the mobile capture app.
 * Every route is scoped to the caller's owners.
 */
export async function inspectionRoutes(app: App, deps: InspectionDeps & { auth: Auth }): Promise<void> {
  const preHandler = deps.auth.requireUser;

  app.get(`${SHOOTING}/inspection`, { preHandler, schema: { params: ShootingPathParams, response: { 200: InspectionView } } }, async (request) =>
    getInspection(deps, currentUser(request), request.params),
  );
  app.put(
    `${SHOOTING}/inspection`,
    { preHandler, schema: { params: ShootingPathParams, body: InspectionUpsertBody, response: { 200: InspectionView } } },
    async (request) => saveInspection(deps, currentUser(request), request.params, request.body),
  );

  app.post(
    `${SHOOTING}/damages`,
    { preHandler, schema: { params: ShootingPathParams, body: DamageCreateBody, response: { 201: Damage } } },
    async (request, reply) => reply.status(201).send(await items.createDamage(deps, currentUser(request), request.params, request.body)),
  );
  app.patch(
    `${SHOOTING}/damages/:damageId`,
    { preHandler, schema: { params: DamageParams, body: DamageUpdateBody, response: { 200: Damage } } },
    async (request) => items.updateDamage(deps, currentUser(request), request.params, request.body),
  );
  app.delete(`${SHOOTING}/damages/:damageId`, { preHandler, schema: { params: DamageParams, response: noContent } }, async (request, reply) => {
    await items.deleteDamage(deps, currentUser(request), request.params);
    return reply.status(204).send(null);
  });

  app.post(
    `${SHOOTING}/health-check-items`,
    { preHandler, schema: { params: ShootingPathParams, body: HealthCheckItemCreateBody, response: { 201: HealthCheckItem } } },
    async (request, reply) => reply.status(201).send(await items.createHealthCheckItem(deps, currentUser(request), request.params, request.body)),
  );
  app.patch(
    `${SHOOTING}/health-check-items/:itemId`,
    { preHandler, schema: { params: HealthCheckItemParams, body: HealthCheckItemUpdateBody, response: { 200: HealthCheckItem } } },
    async (request) => items.updateHealthCheckItem(deps, currentUser(request), request.params, request.body),
  );
  app.delete(
    `${SHOOTING}/health-check-items/:itemId`,
    { preHandler, schema: { params: HealthCheckItemParams, response: noContent } },
    async (request, reply) => {
      await items.deleteHealthCheckItem(deps, currentUser(request), request.params);
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${SHOOTING}/trade-in-offers`,
    { preHandler, schema: { params: ShootingPathParams, body: TradeInOfferCreateBody, response: { 201: TradeInOffer } } },
    async (request, reply) => reply.status(201).send(await items.createTradeInOffer(deps, currentUser(request), request.params, request.body)),
  );
  app.patch(
    `${SHOOTING}/trade-in-offers/:offerId`,
    { preHandler, schema: { params: TradeInOfferParams, body: TradeInOfferUpdateBody, response: { 200: TradeInOffer } } },
    async (request) => items.updateTradeInOffer(deps, currentUser(request), request.params, request.body),
  );
  app.delete(
    `${SHOOTING}/trade-in-offers/:offerId`,
    { preHandler, schema: { params: TradeInOfferParams, response: noContent } },
    async (request, reply) => {
      await items.deleteTradeInOffer(deps, currentUser(request), request.params);
      return reply.status(204).send(null);
    },
  );
}

import {
  EngagementResponse,
  FunnelCsvQuery,
  FunnelQuery,
  FunnelResponse,
  ShootingPathParams,
  UserIdParams,
  VehicleParams,
} from '@forecourt/contracts';
import type { App } from '../../app-types';
import { sendCsv } from '../../http/attachment';
import type { Adapters } from '../../platform/adapters';
import { currentUser, type Auth } from '../identity/auth';
import { engagementFunnel, shootingEngagement, vehicleEngagement } from './engagement-reads.service';
import { funnelCsv } from './funnel-csv';

const SHOOTING = '/api/owners/:ownerId/products/:productId/shootings/:shootingId';

/** Where dealers read engagement: a shooting's panel, a vehicle's, and the statistics' funnel with its CSV. */
export async function engagementReadRoutes(app: App, deps: { adapters: Adapters; auth: Auth }): Promise<void> {
  const { adapters, auth } = deps;

  app.get(
    `${SHOOTING}/engagement`,
    { preHandler: auth.requireUser, schema: { params: ShootingPathParams, response: { 200: EngagementResponse } } },
    async (request) => shootingEngagement(adapters, currentUser(request), request.params),
  );

  app.get(
    '/api/vehicles/:registration/engagement',
    { preHandler: auth.requireUser, schema: { params: VehicleParams, response: { 200: EngagementResponse } } },
    async (request) => vehicleEngagement(adapters, currentUser(request), request.params.registration),
  );

  app.get(
    '/api/users/:id/statistics/funnel',
    {
      preHandler: auth.requireUser,
      schema: { params: UserIdParams, querystring: FunnelQuery, response: { 200: FunnelResponse } },
    },
    async (request) => engagementFunnel(adapters, currentUser(request), request.params.id, request.query),
  );

  app.get(
    '/api/users/:id/statistics/funnel.csv',
    { preHandler: auth.requireUser, schema: { params: UserIdParams, querystring: FunnelCsvQuery } },
    async (request, reply) => {
      const funnel = await engagementFunnel(adapters, currentUser(request), request.params.id, request.query);
      return sendCsv(reply, `forecourt-funnel-${funnel.from}-${funnel.to}.csv`, funnelCsv(funnel, request.query.lang));
    },
  );
}

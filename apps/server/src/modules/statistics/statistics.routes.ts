import {
  PlayerSharedParams,
  PlayerSharedStatistic,
  StatisticsQuery,
  StatisticsResponse,
  UserIdParams,
} from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { currentUser, type Auth } from '../identity/auth';
import { recordPlayerShared, statisticsFigures } from './statistics.service';

export async function statisticsRoutes(app: App, adapters: Adapters, auth: Auth): Promise<void> {
  app.post(
    '/api/users/:id/statistics/players/:ref/shared',
    { preHandler: auth.requireUser, schema: { params: PlayerSharedParams, body: PlayerSharedStatistic } },
    async (request, reply) => {
      await recordPlayerShared(adapters, currentUser(request), request.params.id, request.params.ref, request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/users/:id/statistics',
    {
      preHandler: auth.requireUser,
      schema: { params: UserIdParams, querystring: StatisticsQuery, response: { 200: StatisticsResponse } },
    },
    async (request) => statisticsFigures(adapters, currentUser(request), request.params.id, request.query),
  );
}

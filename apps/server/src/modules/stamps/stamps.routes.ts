import { StampConfiguration, StampIdParams, StampsQuery, StampsResponse, StampUserParams } from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { currentUser, type Auth } from '../identity/auth';
import { getStampConfiguration, listUserStamps } from './stamps.service';

export async function stampRoutes(app: App, deps: { adapters: Adapters; auth: Auth }): Promise<void> {
  const { adapters, auth } = deps;
  const listSchema = { params: StampUserParams, querystring: StampsQuery, response: { 200: StampsResponse } };

  app.get('/api/users/:userId/stamps', { preHandler: auth.requireUser, schema: listSchema }, async (request) =>
    listUserStamps(adapters, currentUser(request), request.params.userId, request.query.formats),
  );
  // The second API client (spec section 7): bearer token only.
  app.get(
    '/API/V1/forecourt/users/:userId/stamps',
    { preHandler: auth.requireBearer, schema: listSchema },
    async (request) => listUserStamps(adapters, currentUser(request), request.params.userId, request.query.formats),
  );
  app.get(
    '/api/stamps/:stampId',
    { preHandler: auth.requireUser, schema: { params: StampIdParams, response: { 200: StampConfiguration } } },
    async (request) => getStampConfiguration(adapters, currentUser(request), request.params.stampId),
  );
}

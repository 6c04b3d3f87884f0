import { StampConfiguration, StampsQuery, StampsResponse } from '@forecourt/contracts';
import { z } from 'zod';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { currentUser, type Auth } from '../identity/auth';
import { getStampConfiguration, listUserStamps } from './stamps.service';

export async function stampRoutes(app: App, deps: { adapters: Adapters; auth: Auth }): Promise<void> {
  const { adapters, auth } = deps;
  const listSchema = { params: z.object({ userId: z.string() }), querystring: StampsQuery, response: { 200: StampsResponse } };

  app.get('/api/users/:userId/stamps', { preHandler: auth.requireUser, schema: listSchema }, async (request) =>
    listUserStamps(adapters, currentUser(request), request.params.userId, request.query.formats),
  );
  // The second API client (spec section 7): bearer token only.
  app.get('/API/V1/forecourt/users/:userId/stamps', { preHandler: auth.requireBearer, schema: listSchema }, async (request) =>
    listUserStamps(adapters, currentUser(request), request.params.userId, request.query.formats),
  );
  app.get(
    '/api/stamps/:stampId',
    { preHandler: auth.requireUser, schema: { params: z.object({ stampId: z.string() }), response: { 200: StampConfiguration } } },
    async (request) => getStampConfiguration(adapters, currentUser(request), request.params.stampId),
  );
}

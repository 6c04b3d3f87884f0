import { PlateCornersRequest, PlateCornersResponse } from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { currentUser, type Auth } from '../identity/auth';
import { plateCorners } from './vision.service';

/** The developer service: plate detection (cropping processes are registered by the editing module). */
export async function visionRoutes(app: App, deps: { adapters: Adapters; auth: Auth }): Promise<void> {
  app.post(
    '/vision/v1/plate/corners',
    {
      preHandler: deps.auth.requireBearer,
      schema: { body: PlateCornersRequest, response: { 200: PlateCornersResponse } },
    },
    async (request) => plateCorners(deps.adapters, currentUser(request), request.body),
  );
}

import { VehicleParams, VehicleResponse } from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { PresignCache } from '../../platform/blobs/presign-cache';
import { currentUser, type Auth } from '../identity/auth';
import { getVehicle, type VehicleDeps } from './vehicles.service';

/** The vehicle page's call: one registration of the caller's owners and its timeline. */
export async function vehicleRoutes(app: App, deps: { adapters: Adapters; auth: Auth }): Promise<void> {
  const { adapters, auth } = deps;
  const read: VehicleDeps = {
    db: adapters.db,
    presignTtlSeconds: adapters.config.PRESIGN_GET_TTL_SECONDS,
    // As the list's: links live 5 minutes past the asked lifetime at most, so a page seen again signs nothing.
    thumbnails: new PresignCache(adapters.blobs, adapters.clock, { bucketSeconds: 300, max: 5_000 }),
  };

  app.get(
    '/api/vehicles/:registration',
    { preHandler: auth.requireUser, schema: { params: VehicleParams, response: { 200: VehicleResponse } } },
    async (request) => getVehicle(read, currentUser(request), request.params.registration),
  );
}

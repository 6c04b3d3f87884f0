import {
  ArchiveQuery,
  DeleteShootingQuery,
  ProductInfo,
  ProductPathParams,
  ReplayDmsResponse,
  ShootingDetail,
  ShootingListQuery,
  ShootingListResponse,
  ShootingPathParams,
  ShootingVideosResponse,
} from '@forecourt/contracts';
import { z } from 'zod';
import type { App } from '../../app';
import type { Adapters } from '../../platform/adapters';
import { PresignCache } from '../../platform/blobs/presign-cache';
import type { DmsAdapter } from '../../platform/dms/dms';
import { currentUser, type Auth } from '../identity/auth';
import { openArchive } from './shootings-archive.service';
import { deleteShootingOrVideo } from './shootings-delete.service';
import { replayDms } from './shootings-dms.service';
import { getProduct, getShooting, getShootingVideos, listShootings, type ReadDeps } from './shootings.service';

const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const IdParams = z.object({ id: z.string() });
const SHOOTING = '/api/owners/:ownerId/products/:productId/shootings/:shootingId';

/** Shootings: list and search, detail, product, videos, delete, DMS resend, zip archives. */
export async function shootingsRoutes(app: App, deps: { adapters: Adapters; auth: Auth; dms: DmsAdapter }): Promise<void> {
  const { adapters, auth, dms } = deps;
  const read: ReadDeps = {
    db: adapters.db,
    dialect: adapters.dialect,
    blobs: adapters.blobs,
    presignTtlSeconds: adapters.config.PRESIGN_GET_TTL_SECONDS,
    // Links live 5 minutes past the asked lifetime at most; 20,000 links are a few MB.
    thumbnails: new PresignCache(adapters.blobs, adapters.clock, { bucketSeconds: 300, max: 20_000 }),
  };
  const main = { preHandler: auth.requireUser };

  // The busiest call: its items are built field by field from typed rows (the type provider checks the
  // handler's result against ShootingListResponse at compile time), so they are written without a
  // second zod pass; the schema still documents the response.
  app.get(
    '/api/shootings',
    { ...main, schema: { querystring: ShootingListQuery, response: { 200: ShootingListResponse } }, serializerCompiler: () => (data) => JSON.stringify(data) },
    async (request) => ({ items: await listShootings(read, currentUser(request), request.query) }),
  );

  app.get(SHOOTING, { ...main, schema: { params: ShootingPathParams, response: { 200: ShootingDetail } } }, async (request) =>
    getShooting(read, currentUser(request), request.params),
  );

  app.get(`${SHOOTING}/videos`, { ...main, schema: { params: ShootingPathParams, response: { 200: ShootingVideosResponse } } }, async (request) =>
    getShootingVideos(read, currentUser(request), request.params),
  );

  app.get('/api/owners/:ownerId/products/:productId', { ...main, schema: { params: ProductPathParams, response: { 200: ProductInfo } } }, async (request) =>
    getProduct(read, currentUser(request), request.params),
  );

  app.delete(SHOOTING, { ...main, schema: { params: ShootingPathParams, querystring: DeleteShootingQuery } }, async (request, reply) => {
    await deleteShootingOrVideo(adapters, currentUser(request), request.params, request.query.deleteSameDayRelatedShootings);
    return reply.status(204).send();
  });

  app.post('/api/shootings/:id/replay_dms', { ...main, schema: { params: IdParams, response: { 200: ReplayDmsResponse } } }, async (request) =>
    replayDms(adapters, dms, currentUser(request), request.params.id),
  );

  app.get(
    '/API/V1/forecourt/shootings/:id/zip',
    { preHandler: auth.requireBearer, schema: { params: IdParams, querystring: ArchiveQuery } },
    async (request, reply) => {
      const { fileName, stream } = await openArchive(adapters, currentUser(request), request.params.id, request.query.type);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', contentDisposition(fileName))
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
}

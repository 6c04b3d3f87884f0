import {
  ArchiveQuery,
  DeleteShootingQuery,
  ProductInfo,
  ProductPathParams,
  ReplayDmsResponse,
  ShootingDetail,
  ShootingIdParams,
  ShootingListQuery,
  ShootingListResponse,
  ShootingPathParams,
  ShootingVideosResponse,
} from '@forecourt/contracts';
import { z } from 'zod';
import type { App } from '../../app-types';
import { attachmentDisposition } from '../../http/attachment';
import type { Adapters } from '../../platform/adapters';
import { PresignCache } from '../../platform/blobs/presign-cache';
import { currentUser, type Auth } from '../identity/auth';
import { openArchive } from './shootings-archive.service';
import { deleteShootingOrVideo } from './shootings-delete.service';
import { replayDms } from './shootings-dms.service';
import { ShootingListCache } from './shootings-list-cache';
import { getProduct, getShooting, getShootingVideos, listShootingsPage, type ReadDeps } from './shootings.service';

/** If-None-Match lists the ETags a client holds (weak ones compare equal for a GET); `*` matches any. */
const etagMatches = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((t) => ['*', etag].includes(t.trim().replace(/^W\//, '')));

const SHOOTING = '/api/owners/:ownerId/products/:productId/shootings/:shootingId';

/** Shootings: list and search, detail, product, videos, delete, DMS resend, zip archives. */
export async function shootingsRoutes(app: App, deps: { adapters: Adapters; auth: Auth }): Promise<void> {
  const { adapters, auth } = deps;
  const read: ReadDeps = {
    db: adapters.db,
    dialect: adapters.dialect,
    blobs: adapters.blobs,
    presignTtlSeconds: adapters.config.PRESIGN_GET_TTL_SECONDS,
    // Links live 5 minutes past the asked lifetime at most; 20,000 links are a few MB.
    thumbnails: new PresignCache(adapters.blobs, adapters.clock, { bucketSeconds: 300, max: 20_000 }),
    clock: adapters.clock,
    listCache:
      adapters.config.LIST_CACHE_ENTRIES > 0
        ? new ShootingListCache({
            maxEntries: adapters.config.LIST_CACHE_ENTRIES,
            maxBytes: adapters.config.LIST_CACHE_MB * 1024 * 1024,
          })
        : undefined,
  };
  const main = { preHandler: auth.requireUser };

  // The busiest call: its items come as JSON text from the database (shootings.repo.ts, held to
  // ShootingListItem by shootings-list-cover.test.ts) and are sent as the page's JSON bytes, from the list
  // cache when the caller's owners are unchanged; the schema still documents the response. The ETag is the body's
  // hash, so a client that already holds this very body gets a 304.
  app.get(
    '/api/shootings',
    {
      ...main,
      // The list cache's versions come with the caller's context, in one statement (identity/auth.ts);
      // without the cache (LIST_CACHE_ENTRIES=0) nothing reads them.
      config: { readsOwnerLists: read.listCache !== undefined },
      schema: { querystring: ShootingListQuery, response: { 200: ShootingListResponse, 304: z.null() } },
    },
    async (request, reply) => {
      const page = await listShootingsPage(
        read,
        currentUser(request),
        request.query,
        request.ownerListVersions ?? null,
      );
      reply.header('ETag', page.etag).header('Cache-Control', 'private, no-cache');
      if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.status(304).send(null);
      // The bytes are a ShootingListResponse already serialised; fastify sends a Buffer as it is.
      return reply.type('application/json; charset=utf-8').send(page.body as unknown as ShootingListResponse);
    },
  );

  app.get(
    SHOOTING,
    { ...main, schema: { params: ShootingPathParams, response: { 200: ShootingDetail } } },
    async (request) => getShooting(read, currentUser(request), request.params),
  );

  app.get(
    `${SHOOTING}/videos`,
    { ...main, schema: { params: ShootingPathParams, response: { 200: ShootingVideosResponse } } },
    async (request) => getShootingVideos(read, currentUser(request), request.params),
  );

  app.get(
    '/api/owners/:ownerId/products/:productId',
    { ...main, schema: { params: ProductPathParams, response: { 200: ProductInfo } } },
    async (request) => getProduct(read, currentUser(request), request.params),
  );

  app.delete(
    SHOOTING,
    { ...main, schema: { params: ShootingPathParams, querystring: DeleteShootingQuery } },
    async (request, reply) => {
      await deleteShootingOrVideo(
        adapters,
        currentUser(request),
        request.params,
        request.query.deleteSameDayRelatedShootings,
      );
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/shootings/:id/replay_dms',
    { ...main, schema: { params: ShootingIdParams, response: { 200: ReplayDmsResponse } } },
    async (request) => replayDms(adapters, currentUser(request), request.params.id),
  );

  app.get(
    '/API/V1/forecourt/shootings/:id/zip',
    { preHandler: auth.requireBearer, schema: { params: ShootingIdParams, querystring: ArchiveQuery } },
    async (request, reply) => {
      const { fileName, stream } = await openArchive(
        adapters,
        currentUser(request),
        request.params.id,
        request.query.type,
      );
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', attachmentDisposition(fileName))
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
}

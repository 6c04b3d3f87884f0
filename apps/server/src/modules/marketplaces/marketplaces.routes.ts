import {
  GroupParams,
  MarketplaceExportParams,
  MarketplaceExportQuery,
  MarketplaceProfile,
  MarketplaceProfileCopy,
  MarketplaceProfileParams,
  MarketplaceProfilesResponse,
  MarketplaceProfileUpdate,
  MarketplaceReadinessResponse,
  PictureAngleParams,
  PictureAngleUpdate,
  ShootingIdParams,
} from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { currentUser, type Auth } from '../identity/auth';
import { correctAngle, exportForProfile, shootingReadiness } from './marketplace-shooting.service';
import { copyProfile, deleteProfile, listProfiles, updateProfile } from './profiles.service';

const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Marketplace profiles: the settings' profiles of a group (built-in and its copies), and per shooting its
 * readiness for each, the angle corrections and the export per profile.
 */
export async function marketplaceRoutes(
  app: App,
  { adapters, auth }: { adapters: Adapters; auth: Auth },
): Promise<void> {
  const pre = { preHandler: auth.requireUser };
  const base = '/api/settings/groups/:groupId/marketplace-profiles';

  app.get(
    base,
    { ...pre, schema: { params: GroupParams, response: { 200: MarketplaceProfilesResponse } } },
    async (req) => ({
      items: await listProfiles(adapters, currentUser(req), req.params.groupId),
    }),
  );
  app.post(
    base,
    { ...pre, schema: { params: GroupParams, body: MarketplaceProfileCopy, response: { 201: MarketplaceProfile } } },
    async (req, reply) =>
      reply.status(201).send(await copyProfile(adapters, currentUser(req), req.params.groupId, req.body)),
  );
  app.put(
    `${base}/:profileId`,
    {
      ...pre,
      schema: {
        params: MarketplaceProfileParams,
        body: MarketplaceProfileUpdate,
        response: { 200: MarketplaceProfile },
      },
    },
    async (req) => updateProfile(adapters, currentUser(req), req.params.groupId, req.params.profileId, req.body),
  );
  app.delete(`${base}/:profileId`, { ...pre, schema: { params: MarketplaceProfileParams } }, async (req, reply) => {
    await deleteProfile(adapters, currentUser(req), req.params.groupId, req.params.profileId);
    return reply.status(204).send();
  });

  app.get(
    '/api/shootings/:id/marketplaces',
    { ...pre, schema: { params: ShootingIdParams, response: { 200: MarketplaceReadinessResponse } } },
    async (req) => shootingReadiness(adapters, currentUser(req), req.params.id),
  );
  app.put(
    '/api/shootings/:id/pictures/:position/angle',
    {
      ...pre,
      schema: { params: PictureAngleParams, body: PictureAngleUpdate, response: { 200: MarketplaceReadinessResponse } },
    },
    async (req) => correctAngle(adapters, currentUser(req), req.params.id, req.params.position, req.body.angle),
  );
  app.get(
    '/api/shootings/:id/marketplaces/:profileId/export',
    { ...pre, schema: { params: MarketplaceExportParams, querystring: MarketplaceExportQuery } },
    async (req, reply) => {
      const out = await exportForProfile(
        adapters,
        currentUser(req),
        req.params.id,
        req.params.profileId,
        req.query.format,
      );
      return reply
        .header('Content-Type', out.contentType)
        .header('Content-Disposition', contentDisposition(out.fileName))
        .header('Cache-Control', 'no-store')
        .send(out.body);
    },
  );
}

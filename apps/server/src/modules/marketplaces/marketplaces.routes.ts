import {
  GroupParams,
  MarketplaceDmsPush,
  MarketplaceExportLinkQuery,
  MarketplaceExportParams,
  MarketplaceExportPush,
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
import type { FastifyReply } from 'fastify';
import type { App } from '../../app-types';
import { attachmentDisposition } from '../../http/attachment';
import type { Adapters } from '../../platform/adapters';
import { auditContextOf } from '../audit/audit-context';
import { currentUser, type Auth } from '../identity/auth';
import { exportByLink, pushExport, queueExportToDms } from './export-push.service';
import {
  correctAngle,
  exportForProfile,
  shootingReadiness,
  type MarketplaceExport,
} from './marketplace-shooting.service';
import { copyProfile, deleteProfile, listProfiles, updateProfile } from './profiles.service';

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
    async (req, reply) => {
      const user = currentUser(req);
      return reply
        .status(201)
        .send(await copyProfile(adapters, user, req.params.groupId, req.body, auditContextOf(req, user)));
    },
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
    async (req) => {
      const user = currentUser(req);
      const { groupId, profileId } = req.params;
      return updateProfile(adapters, user, groupId, profileId, req.body, auditContextOf(req, user));
    },
  );
  app.delete(`${base}/:profileId`, { ...pre, schema: { params: MarketplaceProfileParams } }, async (req, reply) => {
    const user = currentUser(req);
    await deleteProfile(adapters, user, req.params.groupId, req.params.profileId, auditContextOf(req, user));
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
  const download = (reply: FastifyReply, out: MarketplaceExport) =>
    reply
      .header('Content-Type', out.contentType)
      .header('Content-Disposition', attachmentDisposition(out.fileName))
      .header('Cache-Control', 'no-store')
      .send(out.body);
  app.get(
    '/api/shootings/:id/marketplaces/:profileId/export',
    { ...pre, schema: { params: MarketplaceExportParams, querystring: MarketplaceExportQuery } },
    async (req, reply) =>
      download(
        reply,
        await exportForProfile(adapters, currentUser(req), req.params.id, req.params.profileId, req.query.format),
      ),
  );
  // Pushed to the group's webhook endpoints (`marketplace.export.ready`) with signed links that open it for a day.
  app.post(
    '/api/shootings/:id/marketplaces/:profileId/push',
    { ...pre, schema: { params: MarketplaceExportParams, response: { 200: MarketplaceExportPush } } },
    async (req) => pushExport(adapters, currentUser(req), req.params.id, req.params.profileId),
  );
  // Pushed through the DMS driver of the shooting's group, by a job (202: queued).
  app.post(
    '/api/shootings/:id/marketplaces/:profileId/push-dms',
    { ...pre, schema: { params: MarketplaceExportParams, response: { 202: MarketplaceDmsPush } } },
    async (req, reply) =>
      reply.status(202).send(await queueExportToDms(adapters, currentUser(req), req.params.id, req.params.profileId)),
  );
  // A signed link of a pushed export: the link is the right (no session), until it expires.
  app.get('/api/marketplace-exports', { schema: { querystring: MarketplaceExportLinkQuery } }, async (req, reply) =>
    download(reply, await exportByLink(adapters, req.query.token)),
  );
}

import {
  GroupParams,
  GroupPicturesResponse,
  SettingsStamp,
  SettingsStampsResponse,
  StampInput,
  StampPreview,
  StampPreviewInput,
  StampSettingsParams,
  StampVersionsResponse,
} from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { auditContextOf } from '../audit/audit-context';
import { currentUser, type Auth } from '../identity/auth';
import { IMAGE_BODY_LIMIT } from '../settings/image-upload';
import {
  createSettingsStamp,
  listGroupPictures,
  listSettingsStamps,
  listSettingsStampVersions,
  previewStamp,
  updateSettingsStamp,
} from './stamp-designer.service';

/** /api/settings/groups/:groupId/stamps: the stamp designer (provider administrators and customer success). */
export async function stampDesignerRoutes(app: App, { adapters, auth }: { adapters: Adapters; auth: Auth }) {
  const pre = { preHandler: auth.requireUser };
  const base = '/api/settings/groups/:groupId';

  app.get(
    `${base}/stamps`,
    { ...pre, schema: { params: GroupParams, response: { 200: SettingsStampsResponse } } },
    async (req) => listSettingsStamps(adapters, currentUser(req), req.params.groupId),
  );
  app.post(
    `${base}/stamps`,
    {
      ...pre,
      bodyLimit: IMAGE_BODY_LIMIT * 2,
      schema: { params: GroupParams, body: StampInput, response: { 201: SettingsStamp } },
    },
    async (req, reply) => {
      const user = currentUser(req);
      const stamp = await createSettingsStamp(adapters, user, req.params.groupId, req.body, auditContextOf(req, user));
      return reply.status(201).send(stamp);
    },
  );
  app.put(
    `${base}/stamps/:stampId`,
    {
      ...pre,
      bodyLimit: IMAGE_BODY_LIMIT * 2,
      schema: { params: StampSettingsParams, body: StampInput, response: { 200: SettingsStamp } },
    },
    async (req) => {
      const user = currentUser(req);
      const { groupId, stampId } = req.params;
      return updateSettingsStamp(adapters, user, groupId, stampId, req.body, auditContextOf(req, user));
    },
  );
  app.get(
    `${base}/stamps/:stampId/versions`,
    { ...pre, schema: { params: StampSettingsParams, response: { 200: StampVersionsResponse } } },
    async (req) => listSettingsStampVersions(adapters, currentUser(req), req.params.groupId, req.params.stampId),
  );
  app.post(
    `${base}/stamp-preview`,
    {
      ...pre,
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { params: GroupParams, body: StampPreviewInput, response: { 200: StampPreview } },
    },
    async (req) => previewStamp(adapters, currentUser(req), req.params.groupId, req.body),
  );
  app.get(
    `${base}/pictures`,
    { ...pre, schema: { params: GroupParams, response: { 200: GroupPicturesResponse } } },
    async (req) => listGroupPictures(adapters, currentUser(req), req.params.groupId),
  );
}

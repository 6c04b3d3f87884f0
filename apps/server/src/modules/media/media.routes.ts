import {
  AdminMediaSlot,
  MediaUploadRequest,
  MediaUploadResponse,
  RegisteredVideo,
  RegisterMediaBody,
  RegisterVehicleVideoBody,
  VehicleVideoUploadRequest,
  VideoConfiguration,
} from '@forecourt/contracts';
import { z } from 'zod';
import type { App } from '../../app-types';
import { currentUser, type Auth } from '../identity/auth';
import { authoriseUploadRequest, completeSize, grantUpload, resumeInterruptedUploads } from './media-uploads.service';
import { createTusServer, handleTus } from './tus-uploads';
import { grantVehicleUpload, registerVehicleVideo } from './vehicle-video.service';
import {
  createConfiguration,
  deleteMedia,
  getConfiguration,
  registerMedia,
  requireGroupAdmin,
  type ConfigDeps,
} from './video-configuration.service';

const GroupParams = z.object({ id: z.string().min(1).max(100) });
const SlotParams = GroupParams.extend({ configurationId: z.string().min(1).max(100), slot: AdminMediaSlot });
const ShootingParams = z.object({ id: z.string().min(1).max(100) });
const SLOT = { introduction: 'INTRODUCTION', conclusion: 'CONCLUSION', audio: 'AUDIO' } as const;
const TAG = ['media'];

export async function mediaRoutes(app: App, deps: { auth: Auth; services: ConfigDeps }): Promise<void> {
  const { auth, services } = deps;
  const pre = { preHandler: auth.requireUser };

  app.get(
    '/api/groups/:id/configurations/videos',
    { ...pre, schema: { tags: TAG, params: GroupParams, response: { 200: VideoConfiguration } } },
    async (request) => getConfiguration(services, currentUser(request), request.params.id),
  );
  app.post(
    '/api/groups/:id/configurations/videos',
    { ...pre, schema: { tags: TAG, params: GroupParams, response: { 201: VideoConfiguration } } },
    async (request, reply) =>
      reply.status(201).send(await createConfiguration(services, currentUser(request), request.params.id)),
  );
  app.put(
    '/api/groups/:id/configurations/videos/:configurationId/:slot',
    {
      ...pre,
      schema: { tags: TAG, params: SlotParams, body: RegisterMediaBody, response: { 200: VideoConfiguration } },
    },
    async (request) =>
      registerMedia(
        services,
        currentUser(request),
        { groupId: request.params.id, configurationId: request.params.configurationId, slot: request.params.slot },
        request.body.url,
      ),
  );
  app.delete(
    '/api/groups/:id/configurations/videos/:configurationId/:slot',
    { ...pre, schema: { tags: TAG, params: SlotParams } },
    async (request, reply) => {
      await deleteMedia(services, currentUser(request), {
        groupId: request.params.id,
        configurationId: request.params.configurationId,
        slot: request.params.slot,
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/media/generate_presigned_urls',
    {
      ...pre,
      schema: {
        tags: TAG,
        description:
          "A resumable (tus 1.0.0) upload of an introduction, conclusion or audio file of the caller's group; see PATCH /api/media/uploads/{id}.",
        body: MediaUploadRequest,
        response: { 201: MediaUploadResponse },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { groupId, slot, ...file } = request.body;
      requireGroupAdmin(user, groupId);
      return reply
        .status(201)
        .send(await grantUpload(services, user, { groupId, slot: SLOT[slot], shootingId: null }, file));
    },
  );

  app.post(
    '/api/shootings/:id/videos/generate_presigned_urls',
    {
      ...pre,
      schema: {
        tags: TAG,
        description:
          'Mobile app: a resumable (tus 1.0.0) upload of the vehicle video (MP4 or MOV, up to 5000 MB) of a VIDEO shooting. Send the file with PATCH requests to presignedUrl (Tus-Resumable: 1.0.0, Upload-Offset, Content-Type: application/offset+octet-stream, the same Authorization and x-api-key headers); HEAD answers the offset to resume from. Then register it with POST /api/shootings/{id}/videos.',
        params: ShootingParams,
        body: VehicleVideoUploadRequest,
        response: { 201: MediaUploadResponse },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await grantVehicleUpload(services, currentUser(request), request.params.id, request.body)),
  );
  app.post(
    '/api/shootings/:id/videos',
    {
      ...pre,
      schema: {
        tags: TAG,
        description:
          "Mobile app: registers an uploaded vehicle video (body url from generate_presigned_urls). The content must be an MP4/MOV with a video stream, else 415. It replaces the shooting's vehicle video; the house-format copy, the poster and the assembled videos (intro, outro, audio) follow in the background.",
        params: ShootingParams,
        body: RegisterVehicleVideoBody,
        response: { 201: RegisteredVideo },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await registerVehicleVideo(services, currentUser(request), request.params.id, request.body.url)),
  );

  const tus = createTusServer(services);
  app.register(async (scope) => {
    // The protocol handler reads the body itself, streaming it to the store.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.route({
      method: ['HEAD', 'PATCH', 'DELETE'],
      url: '/api/media/uploads/:id',
      schema: {
        tags: TAG,
        description:
          'tus 1.0.0 (core and termination): HEAD for the offset, PATCH to append from it, DELETE to cancel. Only the user the upload was granted to, until it expires (410 UPLOAD_EXPIRED).',
        params: z.object({ id: z.uuid() }),
      },
      preHandler: [
        auth.requireUser,
        async (request) =>
          authoriseUploadRequest(services, currentUser(request), (request.params as { id: string }).id, request.method),
      ],
      handler: async (request, reply) => {
        // All its bytes are here though the store no longer answers for them (stored, or taken by a
        // finalisation a crash cut short): the client is told so, and goes on to register it.
        const complete =
          request.method === 'HEAD' ? await completeSize(services, (request.params as { id: string }).id) : null;
        if (complete === null) return handleTus(tus, request, reply);
        // Answered through Fastify: its onSend hook sets the app's headers.
        return reply
          .headers({
            'tus-resumable': '1.0.0',
            'upload-offset': String(complete),
            'upload-length': String(complete),
            'cache-control': 'no-store',
          })
          .status(200)
          .send();
      },
    });
  });
  // Uploads a crash cut short in their finalisation are finished at the start, beside the requests; the
  // close waits for them.
  let resuming: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    resuming = resumeInterruptedUploads(services).catch((err: unknown) =>
      app.log.error({ err }, 'interrupted uploads could not be resumed'),
    );
  });
  app.addHook('onClose', async () => {
    await resuming;
  });
}

import {
  AddedImages,
  AddEditedImagesBody,
  CROP_PROCESS_PATHS,
  CropProcessBody,
  CROPPING_TYPES,
  FORECOURT_AUTHORIZATION_HEADER,
  ImageEdit,
  LicencePlateCoverBody,
  ShootingEditParams,
  ShootingIdParams,
  ShootingImageParams,
  VerificationsResponse,
} from '@forecourt/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { AppError } from '../../platform/errors';
import { authentication, currentUser, type Auth } from '../identity/auth';
import { addEditedImages, getEdit, requestCrop, requestPlateCover } from './editing.service';
import { listVerifications, verifyEditedImages } from './verification.service';

export async function editingRoutes(app: App, deps: { adapters: Adapters; auth: Auth }): Promise<void> {
  const { auth } = deps;
  const services = deps.adapters;
  const user = { preHandler: auth.requireUser };

  app.post(
    '/api/shootings/:id/images/:imageId/licence-plate-cover',
    { ...user, schema: { params: ShootingImageParams, body: LicencePlateCoverBody, response: { 200: ImageEdit } } },
    async (request) =>
      requestPlateCover(
        services,
        currentUser(request),
        { shootingId: request.params.id, imageId: request.params.imageId },
        request.body,
      ),
  );

  for (const kind of CROPPING_TYPES) {
    app.post(
      CROP_PROCESS_PATHS[kind],
      { preHandler: auth.requireBearer, schema: { body: CropProcessBody, response: { 200: ImageEdit } } },
      async (request) => requestCrop(services, currentUser(request), kind, request.body),
    );
  }

  app.get(
    '/api/shootings/:id/edits/:editId',
    { ...user, schema: { params: ShootingEditParams, response: { 200: ImageEdit } } },
    async (request) => getEdit(services, currentUser(request), request.params.id, request.params.editId),
  );

  app.post(
    '/api/shootings/:id/images',
    { ...user, schema: { params: ShootingIdParams, body: AddEditedImagesBody, response: { 200: AddedImages } } },
    async (request) => addEditedImages(services, currentUser(request), request.params.id, request.body.editIds),
  );

  app.get(
    '/api/shootings/:id/verifications',
    { ...user, schema: { params: ShootingIdParams, response: { 200: VerificationsResponse } } },
    async (request) => listVerifications(services, currentUser(request), request.params.id),
  );

  // The clipping service authenticates the portal with basic auth; its routes name shootings and images
  // by id, so the user's bearer token travels too and scopes them like every other call.
  const clippingForUser = authentication(async (request: FastifyRequest, reply: FastifyReply) => {
    await auth.requireClipping(request, reply);
    const bearer = request.headers[FORECOURT_AUTHORIZATION_HEADER];
    if (typeof bearer !== 'string')
      throw new AppError('UNAUTHORIZED', `The ${FORECOURT_AUTHORIZATION_HEADER} header is required`);
    request.headers.authorization = bearer;
    await auth.requireBearer(request, reply);
  });
  for (const cropped of [false, true]) {
    app.post(
      `/clipping/api/V1/shootings/:id/images/:imageId/verifications${cropped ? '/cropped' : ''}`,
      {
        preHandler: clippingForUser,
        schema: { params: ShootingImageParams, response: { 200: VerificationsResponse } },
      },
      async (request) =>
        verifyEditedImages(
          services,
          currentUser(request),
          { shootingId: request.params.id, imageId: request.params.imageId },
          cropped,
        ),
    );
  }
}

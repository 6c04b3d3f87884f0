import {
  CreatedId,
  PipelineImageParams,
  PipelineQueued,
  PipelineState,
  PresignImagesBody,
  PresignImagesResponse,
  ProductIdParams,
  ProductPathParams,
  RegisterShootingBody,
  RestampBody,
  ShootingPathParams,
  StampProcessBody,
} from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { currentUser, type Auth } from '../identity/auth';
import { pipelineState, removeFailedPicture, retryPipeline } from './pipeline-failure.service';
import { restampShooting, stampImagesProcess } from './pipeline.service';
import { issueUploadUrls, registerShooting } from './uploads.service';

export async function imageRoutes(app: App, deps: { adapters: Adapters; auth: Auth }): Promise<void> {
  const { auth } = deps;
  const services = deps.adapters;
  const pre = { preHandler: auth.requireUser };

  app.post(
    '/api/products/:productId/shootings/generate_presigned_urls',
    { ...pre, schema: { params: ProductIdParams, body: PresignImagesBody, response: { 201: PresignImagesResponse } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await issueUploadUrls(services, currentUser(request), request.params.productId, request.body)),
  );

  app.post(
    '/api/owners/:ownerId/products/:productId/shootings',
    { ...pre, schema: { params: ProductPathParams, body: RegisterShootingBody, response: { 201: CreatedId } } },
    async (request, reply) =>
      reply.status(201).send(await registerShooting(services, currentUser(request), request.params, request.body)),
  );

  app.post(
    '/api/owners/:ownerId/products/:productId/shootings/:shootingId/restamp',
    {
      ...pre,
      schema: { params: ShootingPathParams, body: RestampBody, response: { 202: PipelineQueued } },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await restampShooting(services, currentUser(request), request.params, request.body.stampId)),
  );

  app.post(
    '/api/processes/stamp',
    { ...pre, schema: { body: StampProcessBody, response: { 202: PipelineQueued } } },
    async (request, reply) =>
      reply.status(202).send(await stampImagesProcess(services, currentUser(request), request.body)),
  );

  const PIPELINE = '/api/owners/:ownerId/products/:productId/shootings/:shootingId/pipeline';
  app.get(
    PIPELINE,
    { ...pre, schema: { params: ShootingPathParams, response: { 200: PipelineState } } },
    async (request) => pipelineState(services, currentUser(request), request.params),
  );
  app.post(`${PIPELINE}/retry`, { ...pre, schema: { params: ShootingPathParams } }, async (request, reply) => {
    await retryPipeline(services, currentUser(request), request.params);
    return reply.status(204).send();
  });
  app.delete(
    `${PIPELINE}/images/:imageId`,
    { ...pre, schema: { params: PipelineImageParams } },
    async (request, reply) => {
      await removeFailedPicture(services, currentUser(request), request.params);
      return reply.status(204).send();
    },
  );
}

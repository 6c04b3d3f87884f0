import {
  AvailableProductsQuery,
  AvailableProductsResponse,
  CreatedId,
  CreateVirtualProductBody,
  OwnerIdParams,
  ProductIdParams,
  WorkflowDoneBody,
} from '@forecourt/contracts';
import type { App } from '../../app-types';
import type { Adapters } from '../../platform/adapters';
import { currentUser, type Auth } from '../identity/auth';
import { completePhotoWorkflow, createVirtualProduct, listAvailableProducts } from './products.service';

export async function productRoutes(app: App, deps: { adapters: Adapters; auth: Auth }): Promise<void> {
  const { adapters, auth } = deps;
  const pre = { preHandler: auth.requireUser };

  app.get(
    '/api/owners/:ownerId/products',
    {
      ...pre,
      schema: {
        params: OwnerIdParams,
        querystring: AvailableProductsQuery,
        response: { 200: AvailableProductsResponse },
      },
    },
    async (request) =>
      listAvailableProducts(adapters, currentUser(request), { ownerId: request.params.ownerId, ...request.query }),
  );

  app.post(
    '/api/products/virtuals',
    { ...pre, schema: { body: CreateVirtualProductBody, response: { 201: CreatedId } } },
    async (request, reply) =>
      reply.status(201).send(await createVirtualProduct(adapters, currentUser(request), request.body)),
  );

  app.post(
    '/api/products/:productId/workflows/PHOTO/done',
    { ...pre, schema: { params: ProductIdParams, body: WorkflowDoneBody.optional() } },
    async (request, reply) => {
      await completePhotoWorkflow(adapters, currentUser(request), request.params.productId, request.body?.ownerId);
      return reply.status(204).send();
    },
  );
}

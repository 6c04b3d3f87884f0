import {
  AvailableProductsResponse,
  CreatedId,
  CurrentUser,
  PresignImagesResponse,
  StampsResponse,
  UserOwnersResponse,
  type AvailableProduct,
  type Format,
  type PresignImagesBody,
  type RegisterShootingBody,
} from '@forecourt/contracts';
import { request } from '../../api/http';

export const fetchCurrentUser = () => request('/api/users/me', { schema: CurrentUser });

export const fetchOwners = (userId: string) =>
  request(`/api/external/legacy/users/${encodeURIComponent(userId)}/owners`, { schema: UserOwnersResponse });

/** The vehicles waiting for photos, across every owner of the user. */
export async function fetchAvailableProducts(ownerIds: string[]): Promise<AvailableProduct[]> {
  const lists = await Promise.all(
    ownerIds.map((id) =>
      request(`/api/owners/${encodeURIComponent(id)}/products`, {
        query: { workflow: 'PHOTO', state: 'TODO' },
        schema: AvailableProductsResponse,
      }),
    ),
  );
  return lists.flat();
}

export const fetchStamps = (userId: string, format: Format) =>
  request(`/api/users/${encodeURIComponent(userId)}/stamps`, { query: { formats: format }, schema: StampsResponse });

export const createVirtualProduct = (body: { vin: string; ownerId: string; registration: string }) =>
  request('/api/products/virtuals', {
    method: 'POST',
    body: { ...body, workflows: ['PHOTO', 'VIDEO'] },
    schema: CreatedId,
  });

export const generatePresignedUrls = (productId: string, body: PresignImagesBody) =>
  request(`/api/products/${encodeURIComponent(productId)}/shootings/generate_presigned_urls`, {
    method: 'POST',
    body,
    schema: PresignImagesResponse,
  });

export const registerImages = (ownerId: string, productId: string, body: RegisterShootingBody) =>
  request(`/api/owners/${encodeURIComponent(ownerId)}/products/${encodeURIComponent(productId)}/shootings`, {
    method: 'POST',
    body,
    schema: CreatedId,
  });

export const completePhotoWorkflow = (productId: string, ownerId: string) =>
  request(`/api/products/${encodeURIComponent(productId)}/workflows/PHOTO/done`, { method: 'POST', body: { ownerId } });

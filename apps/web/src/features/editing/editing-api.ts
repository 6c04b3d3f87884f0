import {
  AddedImages,
  CROP_PROCESS_PATHS,
  FORECOURT_AUTHORIZATION_HEADER,
  ImageEdit,
  PlateCornersResponse,
  StampConfiguration,
  VerificationsResponse,
  type CroppingType,
  type PlateCorners,
} from '@forecourt/contracts';
import { ClippingCredentials } from '@forecourt/contracts/web-config';
import { request } from '../../api/http';
import { currentUser } from '../../auth/session';

export const fetchPlateCorners = (shootingId: string, imageIds: string[]) =>
  request('/vision/v1/plate/corners', { method: 'POST', body: { shootingId, imageIds }, schema: PlateCornersResponse });

export const applyPlateCover = (shootingId: string, imageId: string, plates: PlateCorners[]) =>
  request(
    `/api/shootings/${encodeURIComponent(shootingId)}/images/${encodeURIComponent(imageId)}/licence-plate-cover`,
    {
      method: 'POST',
      body: { plates: plates.map((corners) => ({ corners })) },
      schema: ImageEdit,
    },
  );

export const fetchStampConfiguration = (stampId: string) =>
  request(`/api/stamps/${encodeURIComponent(stampId)}`, { schema: StampConfiguration });

export const startCrop = (type: CroppingType, shootingId: string, imageId: string) =>
  request(CROP_PROCESS_PATHS[type], { method: 'POST', body: { shootingId, imageId }, schema: ImageEdit });

export const fetchEdit = (shootingId: string, editId: string) =>
  request(`/api/shootings/${encodeURIComponent(shootingId)}/edits/${encodeURIComponent(editId)}`, {
    schema: ImageEdit,
  });

export const addEditedImages = (shootingId: string, editIds: string[]) =>
  request(`/api/shootings/${encodeURIComponent(shootingId)}/images`, {
    method: 'POST',
    body: { editIds },
    schema: AddedImages,
  });

export const fetchVerifications = (shootingId: string) =>
  request(`/api/shootings/${encodeURIComponent(shootingId)}/verifications`, { schema: VerificationsResponse });

/**
 * The clipping service: its basic authorization (given to signed-in users only), and the user's token so
 * that it acts for this user only.
 */
export async function verifyImage(shootingId: string, imageId: string, cropped: boolean) {
  const [clipping, user] = await Promise.all([
    request('/api/web-config/clipping', { schema: ClippingCredentials }),
    currentUser(),
  ]);
  return request(
    `/clipping/api/V1/shootings/${encodeURIComponent(shootingId)}/images/${encodeURIComponent(imageId)}/verifications${cropped ? '/cropped' : ''}`,
    {
      method: 'POST',
      headers: {
        Authorization: clipping.authorization,
        [FORECOURT_AUTHORIZATION_HEADER]: user?.access_token ? `Bearer ${user.access_token}` : '',
      },
      schema: VerificationsResponse,
    },
  );
}

import {
  MarketplaceDmsPush,
  MarketplaceExportPush,
  MarketplaceProfile,
  MarketplaceProfilesResponse,
  MarketplaceReadinessResponse,
  type MarketplaceExportFormat,
  type MarketplaceProfileCopy,
  type MarketplaceProfileUpdate,
  type PictureAngle,
} from '@forecourt/contracts';
import { request } from '../../api/http';
import { saveResponse } from '../../lib/save-response';

const shootingPath = (shootingId: string) => `/api/shootings/${encodeURIComponent(shootingId)}`;

export const marketplaceKeys = {
  readiness: (shootingId: string) => ['marketplaces', 'readiness', shootingId] as const,
};

export const fetchReadiness = (shootingId: string) =>
  request(`${shootingPath(shootingId)}/marketplaces`, { schema: MarketplaceReadinessResponse });

export const correctAngle = (shootingId: string, position: number, angle: PictureAngle) =>
  request(`${shootingPath(shootingId)}/pictures/${position}/angle`, {
    method: 'PUT',
    body: { angle },
    schema: MarketplaceReadinessResponse,
  });

/** Downloads a profile's export (zip, CSV or XML feed) through the signed-in client and hands it to the browser. */
export async function downloadExport(
  shootingId: string,
  profileId: string,
  format: MarketplaceExportFormat,
): Promise<void> {
  const res = await request<Response>(`${exportPath(shootingId, profileId)}/export`, {
    query: { format },
    responseType: 'raw',
  });
  await saveResponse(res, `${profileId}.${format}`);
}

const exportPath = (shootingId: string, profileId: string) =>
  `${shootingPath(shootingId)}/marketplaces/${encodeURIComponent(profileId)}`;

/** Sends a profile's export to the group's webhook endpoints (`marketplace.export.ready`, signed links). */
export const pushExportToWebhooks = (shootingId: string, profileId: string) =>
  request(`${exportPath(shootingId, profileId)}/push`, { method: 'POST', schema: MarketplaceExportPush });

/** Queues a profile's export for the group's DMS. */
export const pushExportToDms = (shootingId: string, profileId: string) =>
  request(`${exportPath(shootingId, profileId)}/push-dms`, { method: 'POST', schema: MarketplaceDmsPush });

const profilesPath = (groupId: string) => `/api/settings/groups/${encodeURIComponent(groupId)}/marketplace-profiles`;

export const profileKeys = { list: (groupId: string) => ['marketplaces', 'profiles', groupId] as const };

export const fetchProfiles = async (groupId: string) =>
  (await request(profilesPath(groupId), { schema: MarketplaceProfilesResponse })).items;

export const copyProfile = (groupId: string, input: MarketplaceProfileCopy) =>
  request(profilesPath(groupId), { method: 'POST', body: input, schema: MarketplaceProfile });

export const saveProfile = (groupId: string, profileId: string, input: MarketplaceProfileUpdate) =>
  request(`${profilesPath(groupId)}/${encodeURIComponent(profileId)}`, {
    method: 'PUT',
    body: input,
    schema: MarketplaceProfile,
  });

export const deleteProfile = (groupId: string, profileId: string) =>
  request(`${profilesPath(groupId)}/${encodeURIComponent(profileId)}`, { method: 'DELETE' });

import { GroupIdResponse } from '@forecourt/contracts/identity';
import { MediaUploadResponse, VideoConfiguration, type AdminMediaSlot } from '@forecourt/contracts/media';
import { ApiError, request } from '../../api/http';

export const fetchGroupId = async (username: string): Promise<string> =>
  (await request(`/api/external/legacy/users/${encodeURIComponent(username)}/groupId`, { schema: GroupIdResponse }))
    .groupId;

const configPath = (groupId: string) => `/api/groups/${encodeURIComponent(groupId)}/configurations/videos`;

/** The group's configuration; a group without one gets it created (GET, then POST on 404). */
export async function fetchConfiguration(groupId: string): Promise<VideoConfiguration> {
  try {
    return await request(configPath(groupId), { schema: VideoConfiguration });
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 404) throw err;
    try {
      return await request(configPath(groupId), { method: 'POST', schema: VideoConfiguration });
    } catch (again) {
      // Created meanwhile (another tab): read it.
      if (again instanceof ApiError && again.status === 409)
        return request(configPath(groupId), { schema: VideoConfiguration });
      throw again;
    }
  }
}

export const requestUpload = (groupId: string, slot: AdminMediaSlot, file: File) =>
  request('/api/media/generate_presigned_urls', {
    method: 'POST',
    body: {
      groupId,
      slot,
      fileName: file.name,
      size: file.size,
      contentType: file.type,
      lastModified: file.lastModified,
    },
    schema: MediaUploadResponse,
  });

export const registerMedia = (cfg: VideoConfiguration, slot: AdminMediaSlot, url: string) =>
  request(`${configPath(cfg.groupId)}/${encodeURIComponent(cfg.idConfigurationVideo)}/${slot}`, {
    method: 'PUT',
    body: { url },
    schema: VideoConfiguration,
  });

export const deleteMedia = (cfg: VideoConfiguration, slot: AdminMediaSlot) =>
  request(`${configPath(cfg.groupId)}/${encodeURIComponent(cfg.idConfigurationVideo)}/${slot}`, { method: 'DELETE' });

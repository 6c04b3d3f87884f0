import {
  PipelineState,
  ReplayDmsResponse,
  ShootingDetail,
  shootingApiPath,
  type ArchiveType,
} from '@forecourt/contracts';
import { request } from '../../api/http';
import { saveResponse } from '../../lib/save-response';
import type { ShootingKey } from '../../lib/shooting-key';

export const fetchShooting = (k: ShootingKey) => request(`/api${shootingApiPath(k)}`, { schema: ShootingDetail });

export const deleteShooting = (k: ShootingKey) =>
  request(`/api${shootingApiPath(k)}`, { method: 'DELETE', query: { deleteSameDayRelatedShootings: 'true' } });

export const deleteVideo = (k: ShootingKey) => request(`/api${shootingApiPath(k)}`, { method: 'DELETE' });

export const fetchPipelineState = (k: ShootingKey) =>
  request(`/api${shootingApiPath(k)}/pipeline`, { schema: PipelineState });

export const retryPipeline = (k: ShootingKey) =>
  request(`/api${shootingApiPath(k)}/pipeline/retry`, { method: 'POST' });

export const removeFailedPicture = (k: ShootingKey, imageId: string) =>
  request(`/api${shootingApiPath(k)}/pipeline/images/${encodeURIComponent(imageId)}`, { method: 'DELETE' });

export const replayDms = (shootingId: string) =>
  request(`/api/shootings/${encodeURIComponent(shootingId)}/replay_dms`, { method: 'POST', schema: ReplayDmsResponse });

/** Downloads a zip archive through the signed-in client and hands it to the browser as a file. */
export async function downloadArchive(shootingId: string, type: ArchiveType): Promise<void> {
  const res = await request<Response>(`/API/V1/forecourt/shootings/${encodeURIComponent(shootingId)}/zip`, {
    query: { type },
    responseType: 'raw',
    headers: { Accept: 'application/zip' },
  });
  await saveResponse(res, `${shootingId}.zip`);
}
